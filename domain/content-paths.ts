// The blog's paths, title and description, without domain/content.ts's zod schemas: the blog's pages and cards use
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
