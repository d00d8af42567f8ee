// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function AdminDashboardPage() {
  return <ComingSoon title="Admin dashboard" description="Inventory, leads and pre-approval tools will be gathered here." />;
}
