// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ReferralProgramPage() {
  return <ComingSoon title="Referral Program" description="Your referral link and the friends you referred will be here." />;
}
