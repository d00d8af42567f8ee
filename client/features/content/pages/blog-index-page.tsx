// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function BlogIndexPage() {
  return <ComingSoon title="Blog" description="Car buying advice, financing guides and news from our Alberta lots will be here." />;
}
