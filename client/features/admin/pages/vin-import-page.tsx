// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function VinImportPage() {
  return <ComingSoon title="VIN import" description="Adding vehicles by decoding their VIN will be here." />;
}
