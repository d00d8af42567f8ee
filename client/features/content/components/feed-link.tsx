// The feeds, advertised in the head while a blog page is open (feed readers look for rel="alternate").
import { useEffect } from 'react';
import { Rss } from 'lucide-react';
import { FEED_PATHS } from '@domain/content';
import { DEALERSHIP } from '@domain/settings';

export function useFeedAlternates() {
  useEffect(() => {
    const links = ([['application/rss+xml', FEED_PATHS.rss, 'RSS'], ['application/atom+xml', FEED_PATHS.atom, 'Atom']] as const).map(([type, href, label]) => {
      const existing = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][href="${href}"]`);
      if (existing) return null;
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = type;
      link.href = href;
      link.title = `${DEALERSHIP.name} blog (${label})`;
      document.head.appendChild(link);
      return link;
    });
    return () => { for (const l of links) l?.remove(); };
  }, []);
}

export function FeedLink() {
  return (
    <a href={FEED_PATHS.rss} className="inline-flex min-h-6 items-center gap-1.5 text-sm font-medium text-primary hover:underline">
      <Rss className="size-4" aria-hidden />RSS feed
    </a>
  );
}
