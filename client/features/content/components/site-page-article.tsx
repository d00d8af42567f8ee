// A site page (issue 7: the info and legal pages of spec §2, their text edited in the back office) as an article:
// loaded by slug, titled and described from its own text, the not-found page for an unknown slug. Each kind of page
// writes its own header and may add what follows the text.
import type { ReactNode } from 'react';
import type { SitePage } from '@domain/content';
import { isApiError } from '@/lib/api-client';
import { useMetaDescription } from '@/lib/use-meta-description';
import { ContentProse } from '@/components/content-prose';
import NotFoundPage from '@/components/not-found-page';
import { PageSpinner } from '@/components/ui/spinner';
import { useSitePage } from '../api/get-site-page';
import { Breadcrumbs } from './breadcrumbs';

export function SitePageArticle({ slug, header, children }: { slug: string; header: (page: SitePage) => ReactNode; children?: ReactNode }) {
  const { data: page, error, isPending } = useSitePage(slug);
  useMetaDescription(page?.excerpt ?? '');

  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  if (error) return <p role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">This page could not be loaded. Please try again in a moment.</p>;
  if (isPending) return <PageSpinner />;

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: page.title }]} />
      {header(page)}
      <ContentProse html={page.html} className="mt-8" />
      {children}
    </article>
  );
}
