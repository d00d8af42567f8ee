// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function BlogPostPage() {
  return <ComingSoon title="Blog article" description="This article will be here." />;
}
