// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function SavedPage() {
  return <ComingSoon title="Saved vehicles" description="Vehicles you save while browsing will be listed here." />;
}
