// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function FinancingPage() {
  return <ComingSoon title="Financing" description="It will explain our financing options for every credit situation." />;
}
