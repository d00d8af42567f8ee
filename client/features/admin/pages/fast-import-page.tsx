// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function FastImportPage() {
  return <ComingSoon title="Fast import" description="Quick entry of several vehicles will be here." />;
}
