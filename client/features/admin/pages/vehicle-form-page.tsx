// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function VehicleFormPage() {
  return <ComingSoon title="Add or edit a vehicle" description="The vehicle form for adding and editing inventory will be here." />;
}
