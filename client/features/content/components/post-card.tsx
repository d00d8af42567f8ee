// A post in the blog index, a category and "related articles": title, category, date, reading time and excerpt.
import { Link } from '@/components/link';
import { CalendarDays, Clock } from 'lucide-react';
import type { PostSummary } from '@domain/content';
import { categoryPath, contentPath } from '@domain/content-paths';
import { Badge } from '@/components/ui/badge';
import { DealershipDate } from '@/components/dealership-date';

export function PostCard({ post, headingLevel = 'h2' }: { post: PostSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {post.coverImage && (
        <img src={post.coverImage} alt={post.coverAlt} loading="lazy" decoding="async" width={1280} height={720} className="aspect-[16/9] w-full bg-muted object-cover" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        {post.category && (
          // Above the stretched title link, so the category stays its own link.
          <Link to={categoryPath(post.category.slug)} className="relative z-10 self-start">
            <Badge variant="secondary">{post.category.title}</Badge>
          </Link>
        )}
        <Heading className="text-lg leading-snug font-bold">
          <Link to={contentPath('post', post.slug)} className="after:absolute after:inset-0 hover:underline focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
        <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1"><CalendarDays className="size-3.5" aria-hidden /><DealershipDate iso={post.publishedAt} /></span>
          <span className="inline-flex items-center gap-1"><Clock className="size-3.5" aria-hidden />{post.readingTime} min read</span>
        </p>
      </div>
    </article>
  );
}
