// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ReferralInfoPage() {
  return <ComingSoon title="How our referral program works" description="The rules of our referral program will be explained here." />;
}
