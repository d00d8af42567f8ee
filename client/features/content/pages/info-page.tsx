// Info pages of spec §2 (one component, one topic per route). The text is a site page edited in the back office
// (issue 7); every info page ends with the same call to action: calculator, pre-approval, inventory.
import type { InfoPageSlug } from '@domain/content';
import { NextSteps } from '../components/next-steps';
import { SitePageArticle } from '../components/site-page-article';

export type InfoTopic = InfoPageSlug;

export default function InfoPage({ topic }: { topic: InfoTopic }) {
  return (
    <SitePageArticle
      slug={topic}
      header={(page) => (
        <header className="mt-5">
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{page.excerpt}</p>
        </header>
      )}
    >
      <NextSteps />
    </SitePageArticle>
  );
}
