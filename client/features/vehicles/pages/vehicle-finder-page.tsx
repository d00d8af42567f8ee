// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function VehicleFinderPage() {
  return <ComingSoon title="Vehicle Recommender" description="A few questions about how you drive will match you with vehicles from our lot." />;
}
