// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function TradeAppraiserPage() {
  return <ComingSoon title="Trade Appraiser" description="You will get a trade-in estimate for your current vehicle here." />;
}
