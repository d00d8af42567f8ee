// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function SecurityPage() {
  return <ComingSoon title="Sign-in security" description="Two-factor sign-in for admin accounts will be set up here." />;
}
