// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ContentListPage() {
  return <ComingSoon title="Content" description="Blog posts and pages will be managed here." />;
}
