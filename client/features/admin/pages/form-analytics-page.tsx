// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function FormAnalyticsPage() {
  return <ComingSoon title="Form analytics" description="Form completion statistics will be here." />;
}
