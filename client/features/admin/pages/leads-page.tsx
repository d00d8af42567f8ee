// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function LeadsPage() {
  return <ComingSoon title="Leads" description="Customer leads from forms and chat will be managed here." />;
}
