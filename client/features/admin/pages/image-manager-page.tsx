// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ImageManagerPage() {
  return <ComingSoon title="Image manager" description="Managing vehicle images will be here." />;
}
