// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function OutboxPage() {
  return <ComingSoon title="Outbox" description="Emails the site has sent will be readable here." />;
}
