// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function BulkImportPage() {
  return <ComingSoon title="Bulk import" description="Importing vehicles from a CSV file will be here." />;
}
