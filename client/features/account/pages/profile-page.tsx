// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ProfilePage() {
  return <ComingSoon title="Your profile" description="You will update your details and preferences here." />;
}
