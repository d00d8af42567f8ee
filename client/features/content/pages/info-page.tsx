// Info pages of spec §2 (one component, one topic per route). The text is a site page edited in the back office
// (issue 7); every info page ends with the same call to action: calculator, pre-approval, inventory.
import type { InfoPageSlug } from '@domain/content';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { ContentProse } from '@/components/content-prose';
import NotFoundPage from '@/components/not-found-page';
import { PageSpinner } from '@/components/ui/spinner';
import { useSitePage } from '../api/content';
import { Breadcrumbs } from '../components/breadcrumbs';
import { NextSteps } from '../components/next-steps';

export type InfoTopic = InfoPageSlug;

export default function InfoPage({ topic }: { topic: InfoTopic }) {
  const { data: page, error, isPending } = useSitePage(topic);
  useDocumentTitle(page?.title);
  useMetaDescription(page?.excerpt ?? '');

  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  if (error) return <p role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">This page could not be loaded. Please try again in a moment.</p>;
  if (isPending) return <PageSpinner />;

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: page.title }]} />
      <header className="mt-5">
        <h1 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{page.excerpt}</p>
      </header>
      <ContentProse html={page.html} className="mt-8" />
      <NextSteps />
    </article>
  );
}
