// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function AuditLogPage() {
  return <ComingSoon title="Audit log" description="Every change made in the back office will be listed here." />;
}
