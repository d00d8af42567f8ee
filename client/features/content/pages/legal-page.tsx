// Legal pages of spec §2: terms, privacy (PIPA) and cookies, written as site pages and edited in the back office
// (issue 7). The cookies policy's table of browser storage is generated from the code's own list (domain/content.ts).
import type { LegalPageSlug } from '@domain/content';
import { DEALERSHIP } from '@domain/settings';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { ContentProse } from '@/components/content-prose';
import NotFoundPage from '@/components/not-found-page';
import { PageSpinner } from '@/components/ui/spinner';
import { useSitePage } from '../api/content';
import { Breadcrumbs } from '../components/breadcrumbs';
import { formatPostDate } from '../components/post-meta';

export type LegalDoc = LegalPageSlug;

export default function LegalPage({ doc }: { doc: LegalDoc }) {
  const { data: page, error, isPending } = useSitePage(doc);
  useDocumentTitle(page?.title);
  useMetaDescription(page?.excerpt ?? '');

  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  if (error) return <p role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">This page could not be loaded. Please try again in a moment.</p>;
  if (isPending) return <PageSpinner />;

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: page.title }]} />
      <header className="mt-5 border-b border-border pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {DEALERSHIP.name} · Last updated <time dateTime={page.updatedAt}>{formatPostDate(page.updatedAt)}</time>
        </p>
      </header>
      <ContentProse html={page.html} className="mt-8" />
    </article>
  );
}
