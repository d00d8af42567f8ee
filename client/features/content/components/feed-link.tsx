// The link to the blog's feed on the blog pages. The head's rel="alternate" links come with every page's first
// HTML (server/modules/seo/render.ts).
import { Rss } from 'lucide-react';
import { FEED_PATHS } from '@domain/content-paths';

export function FeedLink() {
  return (
    <a href={FEED_PATHS.rss} className="inline-flex min-h-6 items-center gap-1.5 text-sm font-medium text-primary hover:underline">
      <Rss className="size-4" aria-hidden />RSS feed
    </a>
  );
}
