// Legal pages of spec §2: terms, privacy (PIPA) and cookies, written as site pages and edited in the back office
// (issue 7). The cookies policy's table of browser storage is generated from the code's own list (domain/content.ts).
import type { LegalPageSlug } from '@domain/content';
import { DEALERSHIP } from '@domain/settings';
import { DealershipDate } from '@/components/dealership-date';
import { SitePageArticle } from '../components/site-page-article';

export type LegalDoc = LegalPageSlug;

export default function LegalPage({ doc }: { doc: LegalDoc }) {
  return (
    <SitePageArticle
      slug={doc}
      header={(page) => (
        <header className="mt-5 border-b border-border pb-6">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {DEALERSHIP.name} · Last updated <DealershipDate iso={page.updatedAt} />
          </p>
        </header>
      )}
    />
  );
}
