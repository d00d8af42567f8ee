// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function VehicleDetailsPage() {
  return <ComingSoon title="Vehicle details" description="It will show every photo, feature, price history and payment estimate of this vehicle." />;
}
