// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function BlogCategoryPage() {
  return <ComingSoon title="Blog category" description="Articles in this category will be listed here." />;
}
