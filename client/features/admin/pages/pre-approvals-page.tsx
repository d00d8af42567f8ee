// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function PreApprovalsPage() {
  return <ComingSoon title="Pre-approvals" description="Reviewing pre-approval applications will be here." />;
}
