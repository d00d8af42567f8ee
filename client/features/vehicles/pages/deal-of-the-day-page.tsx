// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function DealOfTheDayPage() {
  return <ComingSoon title="Daily Deals" description="It will feature our best-priced vehicles of the day." />;
}
