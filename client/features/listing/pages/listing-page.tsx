// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ListingPage() {
  return <ComingSoon title="Vehicles for sale in Alberta" description="Soon you will search, filter, sort and compare our whole inventory here." showBrowse={false} />;
}
