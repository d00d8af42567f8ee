// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function InventoryPage() {
  return <ComingSoon title="Inventory" description="The full inventory table with search, filters and bulk actions will be here." />;
}
