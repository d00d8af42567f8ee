// Placeholder until its issue builds this page: it says so plainly (foundation issue, "Client shell").
import { ComingSoon } from '@/components/coming-soon';

export default function ContactPage() {
  return <ComingSoon title="Contact us" description="A contact form and directions to our Edmonton and Calgary locations will be here." />;
}
