// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function PhotosPage() {
  return <ComingSoon title="Photos" description="Uploading and ordering vehicle photos will be here." />;
}
