// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ListingModerationPage() {
  return <ComingSoon title="Private listings" description="Private-seller listings waiting for approval will be moderated here." />;
}
