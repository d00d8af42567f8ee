// The blog's paths, title, description and slug rules, without domain/content.ts's zod schemas: the blog's pages and cards use
// them, and a page that only links to posts must not load zod (issue 35 §1, PERFORMANCE.md).
export const CONTENT_KINDS = ['post', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The blog's own title and description: the server-rendered head and the client's document title agree. */
export const BLOG_TITLE = 'Blog: Car Buying Advice for Alberta Drivers';
export const BLOG_DESCRIPTION = 'Plain-language guides for Alberta car shoppers: financing with any credit, trade-ins, winter readiness, EV charging, inspections and your rights under Alberta consumer law.';
export const FEED_PATHS = { rss: '/blog/feed.xml', atom: '/blog/atom.xml' } as const;

/** The public path of an entry. */
export const contentPath = (kind: ContentKind, slug: string) => (kind === 'post' ? `/blog/${slug}` : `/${slug}`);
export const categoryPath = (slug: string) => `/blog/category/${slug}`;

/**
 * The site pages of spec §2 that live in the content table. Their paths are fixed routes, so a page's slug is
 * not editable and no other page can be created: an admin edits these texts, never their addresses.
 */
export const INFO_PAGE_SLUGS = [
  'car-buying-tips', 'car-loans', 'credit-rebuilding', 'first-time-buyers', 'first-time-buyers-guide', 'bad-credit-loans',
] as const;

/** Slugs: lower-case words of letters and digits joined by single hyphens (readable, stable, no encoding needed). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Words a reader reads in a Markdown body: syntax, link targets and image sources are not words. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`~|-]+/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
