// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function AffordableVehiclesPage() {
  return <ComingSoon title="Vehicles in your budget" description="It will list the vehicles that fit the budget you set with the affordability calculator." />;
}
