// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function PreApprovalPage() {
  return <ComingSoon title="Get pre-approved" description="The pre-approval application will be here." />;
}
