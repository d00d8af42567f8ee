// /blog/{slug} (spec §2): the article with author, date, reading time, cover, breadcrumbs, related articles and
// vehicles from live inventory. An old slug lands here via the server's 301 (first load) or the API's (in-app),
// and the URL is replaced with the current one.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/link';
import { CalendarDays, Clock, UserRound } from 'lucide-react';
import { categoryPath, contentPath } from '@domain/content-paths';
import { isApiError } from '@/lib/api-client';
import { useMetaDescription } from '@/lib/use-meta-description';
import { ContentProse } from '@/components/content-prose';
import NotFoundPage from '@/components/not-found-page';
import { Badge } from '@/components/ui/badge';
import { PageSpinner } from '@/components/ui/spinner';
import { VehicleCard } from '@/components/vehicle-card';
import { usePost } from '../api/get-post';
import { Breadcrumbs } from '../components/breadcrumbs';
import { NextSteps } from '../components/next-steps';
import { PostCard } from '../components/post-card';
import { DealershipDate } from '@/components/dealership-date';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, error, isPending } = usePost(slug);
  useMetaDescription(post?.excerpt ?? '');

  useEffect(() => {
    if (post && post.slug !== slug) navigate(`${contentPath('post', post.slug)}${window.location.hash}`, { replace: true });
  }, [post, slug, navigate]);

  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  if (error) return <p role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">This article could not be loaded. Please try again in a moment.</p>;
  if (isPending) return <PageSpinner label="Loading article" />;

  const updated = post.updatedAt.slice(0, 10) !== post.publishedAt.slice(0, 10);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12">
      <article className="mx-auto max-w-3xl">
        <Breadcrumbs items={[
          { label: 'Home', to: '/' }, { label: 'Blog', to: '/blog' },
          ...(post.category ? [{ label: post.category.title, to: categoryPath(post.category.slug) }] : []),
          { label: post.title },
        ]} />
        <header className="mt-5">
          {post.category && (
            <Link to={categoryPath(post.category.slug)} className="inline-block"><Badge variant="secondary">{post.category.title}</Badge></Link>
          )}
          <h1 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{post.excerpt}</p>
          <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5"><UserRound className="size-4" aria-hidden />By {post.authorName}</span>
            <span className="inline-flex items-center gap-1.5"><CalendarDays className="size-4" aria-hidden />
              <DealershipDate iso={post.publishedAt} />
              {updated && <> (updated <DealershipDate iso={post.updatedAt} />)</>}
            </span>
            <span className="inline-flex items-center gap-1.5"><Clock className="size-4" aria-hidden />{post.readingTime} min read</span>
          </p>
        </header>
        {post.coverImage && (
          <img src={post.coverImage} alt={post.coverAlt} width={1280} height={720} fetchPriority="high" className="mt-8 aspect-[16/9] w-full rounded-2xl bg-muted object-cover" />
        )}
        <ContentProse html={post.html} className="mt-8" />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-8 flex flex-wrap gap-2">
            {post.tags.map((t) => <li key={t}><Badge variant="outline">{t}</Badge></li>)}
          </ul>
        )}
        <NextSteps />
      </article>

      {post.relatedVehicles.length > 0 && (
        <section aria-labelledby="related-vehicles" className="mt-16">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="related-vehicles" className="text-2xl font-bold tracking-tight">Vehicles on our lots now</h2>
            <Link to="/vehicles" className="text-sm font-medium text-primary hover:underline">See all vehicles</Link>
          </div>
          <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {post.relatedVehicles.map((v) => <li key={v.id} className="flex"><VehicleCard vehicle={v} /></li>)}
          </ul>
        </section>
      )}

      {post.relatedPosts.length > 0 && (
        <section aria-labelledby="related-posts" className="mt-16">
          <h2 id="related-posts" className="text-2xl font-bold tracking-tight">Related articles</h2>
          <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {post.relatedPosts.map((p) => <li key={p.id}><PostCard post={p} headingLevel="h3" /></li>)}
          </ul>
        </section>
      )}
    </div>
  );
}
