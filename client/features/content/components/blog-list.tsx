// The blog index and category pages (spec §2 /blog, /blog/category/{slug}): category filter, posts newest first,
// pagination in the URL (?page=2) so every page has an address. Titles and descriptions match the server's head.
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { BLOG_DESCRIPTION, categoryPath } from '@domain/content-paths';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useMetaDescription } from '@/lib/use-meta-description';
import NotFoundPage from '@/components/not-found-page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { postListPageOf, usePostList } from '../api/get-posts';
import { Breadcrumbs } from './breadcrumbs';
import { FeedLink } from './feed-link';
import { PostCard } from './post-card';

const pageHref = (base: string, page: number) => (page > 1 ? `${base}?page=${page}` : base);

export function BlogList({ categorySlug }: { categorySlug?: string }) {
  const [params] = useSearchParams();
  const page = postListPageOf(params);
  const { data, error, isPending, isPlaceholderData } = usePostList({ page, category: categorySlug });
  const category = categorySlug ? data?.category ?? null : null;
  useMetaDescription(category?.description || BLOG_DESCRIPTION);

  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  const base = categorySlug ? categoryPath(categorySlug) : '/blog';

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, ...(categorySlug ? [{ label: 'Blog', to: '/blog' }, { label: category?.title ?? '…' }] : [{ label: 'Blog' }])]} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{categorySlug ? category?.title ?? 'Blog category' : 'Car buying advice for Alberta'}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{categorySlug ? category?.description : BLOG_DESCRIPTION}</p>
        <div className="mt-3"><FeedLink /></div>
      </header>

      {data && (
        <nav aria-label="Blog categories" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/blog" aria-current={!categorySlug ? 'page' : undefined}
                className={cn('inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium', !categorySlug ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted')}>
                All articles
              </Link>
            </li>
            {data.categories.filter((c) => c.postCount > 0 || c.slug === categorySlug).map((c) => (
              <li key={c.slug}>
                <Link to={categoryPath(c.slug)} aria-current={c.slug === categorySlug ? 'page' : undefined}
                  className={cn('inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium', c.slug === categorySlug ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted')}>
                  {c.title}<span className="text-xs opacity-80">({c.postCount})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {error && !(isApiError(error) && error.status === 404) && (
        <p role="alert" className="mt-8 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">The articles could not be loaded. Please try again in a moment.</p>
      )}

      <section aria-label="Articles" aria-busy={isPending || isPlaceholderData} className="mt-8">
        {isPending ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => <li key={i}><Skeleton className="h-56 w-full rounded-xl" /></li>)}
          </ul>
        ) : data && data.posts.length === 0 ? (
          <p className="rounded-xl border border-border bg-card p-8 text-center text-muted-foreground">No articles here yet. <Link to="/blog" className="font-medium text-primary hover:underline">See all articles</Link>.</p>
        ) : data ? (
          <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', isPlaceholderData && 'opacity-60')} data-testid="post-list">
            {data.posts.map((p) => <li key={p.id}><PostCard post={p} /></li>)}
          </ul>
        ) : null}
      </section>

      {data && data.totalPages > 1 && (
        <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-2">
          {page > 1 ? (
            <Button asChild variant="outline"><Link to={pageHref(base, page - 1)} rel="prev"><ChevronLeft aria-hidden />Newer</Link></Button>
          ) : null}
          <ul className="flex gap-1">
            {Array.from({ length: data.totalPages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <Link to={pageHref(base, n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}
                  className={cn('inline-flex size-10 items-center justify-center rounded-md border text-sm font-medium', n === page ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted')}>
                  {n}
                </Link>
              </li>
            ))}
          </ul>
          {page < data.totalPages ? (
            <Button asChild variant="outline"><Link to={pageHref(base, page + 1)} rel="next">Older<ChevronRight aria-hidden /></Link></Button>
          ) : null}
        </nav>
      )}
    </div>
  );
}
