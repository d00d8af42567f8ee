// Home (spec §2). A first, honest version: hero with the live stock count, body-style shortcuts and a
// few vehicles. The ticker, carousel, search card and the other sections come with the home page issue.
import { useDocumentTitle } from '@/lib/use-document-title';
import { Hero } from '../components/hero';
import { BodyTypeLinks } from '../components/body-type-links';
import { NewestVehicles } from '../components/newest-vehicles';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <BodyTypeLinks />
      <NewestVehicles />
    </>
  );
}
