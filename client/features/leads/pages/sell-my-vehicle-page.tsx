// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function SellMyVehiclePage() {
  return <ComingSoon title="Sell My Vehicle" description="You will be able to sell your vehicle to us or list it privately here." />;
}
