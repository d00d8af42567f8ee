// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ContentEditorPage() {
  return <ComingSoon title="Content editor" description="Posts and pages will be written and published here." />;
}
