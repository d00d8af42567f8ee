// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function MyListingsPage() {
  return <ComingSoon title="My listings" description="The vehicles you list for sale will be managed here." />;
}
