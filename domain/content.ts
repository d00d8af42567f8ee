// Content contracts and rules (issue 7; spec §2 /blog, /blog/category/{slug}, /blog/{slug}, the info and legal
// pages). One source of truth for slugs, reading time and visibility: the server, the editor and tests share it.
import { z } from 'zod';
import { STORAGE_KEYS } from './constants';
import { SORT_COOKIE, THEME_COOKIE } from './page-render';
import { vehicleSchema } from './vehicle';
import { CONTENT_KINDS, countWords, INFO_PAGE_SLUGS, SLUG_PATTERN } from './content-paths';

// ---------------------------------------------------------------------------------------------------------------
// Rules

export { CONTENT_KINDS, type ContentKind } from './content-paths';
export const CONTENT_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Posts per page of the blog index and category pages. */
export const BLOG_PAGE_SIZE = 9;
/** Related posts and vehicles beside a post. */
export const RELATED_POSTS = 3;
export const RELATED_VEHICLES = 3;

export const LEGAL_PAGE_SLUGS = ['terms-and-conditions', 'privacy-policy', 'cookies-policy'] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];
export const SITE_PAGE_SLUGS: readonly string[] = [...INFO_PAGE_SLUGS, ...LEGAL_PAGE_SLUGS];

export { BLOG_DESCRIPTION, BLOG_TITLE, categoryPath, contentPath, countWords, FEED_PATHS, INFO_PAGE_SLUGS, SLUG_PATTERN } from './content-paths';

export const SLUG_MAX = 120;

/** A slug from a title: accents folded, '&' read as 'and', everything else that is not a letter or digit a hyphen. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

/** Adult silent reading speed for non-fiction, rounded down to be generous to the reader. */
export const WORDS_PER_MINUTE = 220;

/** Whole minutes, at least 1. */
export const readingTimeOf = (markdown: string) => Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));

/**
 * Whether an entry is public at `now`: drafts never; published and scheduled ones once their public date has
 * passed (a scheduled entry's publishedAt is its publishAt). The server's queries apply the same rule in SQL.
 */
export function isPubliclyVisible(e: { status: ContentStatus; publishedAt: Date | string | null }, now = new Date()): boolean {
  if (e.status === 'draft' || e.publishedAt == null) return false;
  return new Date(e.publishedAt).getTime() <= now.getTime();
}

// ---------------------------------------------------------------------------------------------------------------
// Public API

const slugParam = z.string().trim().toLowerCase().max(SLUG_MAX, `slug is at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'slug may use lower-case letters, digits and single hyphens');

export const slugParams = z.object({ slug: slugParam });

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Published posts in the category. */
  postCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const postSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  authorName: z.string(),
  readingTime: z.number().int(),
  coverImage: z.string().nullable(),
  coverAlt: z.string(),
  category: z.object({ slug: z.string(), title: z.string() }).nullable(),
  tags: z.array(z.string()),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

/** The blog index and category pages: strict (a bad page number is a 400, not a silent page 1). */
export const blogQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(1000, 'page must be at most 1000').default(1),
  category: slugParam.optional(),
  tag: z.string().trim().toLowerCase().min(1).max(40, 'tag is at most 40 characters').optional(),
});
export type BlogQuery = z.infer<typeof blogQuerySchema>;

export const postListSchema = z.object({
  posts: z.array(postSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Set when filtered by category: its own title and description (spec §2 /blog/category/{slug}). */
  category: categorySchema.nullable(),
  categories: z.array(categorySchema),
});
export type PostList = z.infer<typeof postListSchema>;

export const postDetailSchema = postSummarySchema.extend({
  /** Sanitised HTML rendered from the Markdown body (server/modules/content/render.ts). */
  html: z.string(),
  relatedPosts: z.array(postSummarySchema),
  relatedVehicles: z.array(vehicleSchema),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

/** A post or page that moved: the client replaces the URL, the server's first HTML response answers 301. */
export const movedSchema = z.object({ message: z.string(), movedTo: z.string() });

export const sitePageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  html: z.string(),
  updatedAt: z.string(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Back office

export const contentIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a whole number' }).int('id must be a whole number').positive('id must be positive'),
});

const relatedVehiclesSchema = z.object({
  bodyType: z.string().trim().min(1).max(40).optional(),
  fuelType: z.string().trim().min(1).max(30).optional(),
  maxPrice: z.number().int().positive().max(10_000_000).optional(),
});

export const contentInputSchema = z.object({
  kind: z.enum(CONTENT_KINDS, { error: 'kind must be post or page' }),
  title: z.string({ error: 'title is required' }).trim().min(3, 'title must be at least 3 characters').max(160, 'title is at most 160 characters'),
  /** Empty: made from the title. */
  slug: z.union([z.literal(''), slugParam]).optional(),
  excerpt: z.string().trim().max(320, 'excerpt is at most 320 characters').default(''),
  body: z.string().max(200_000, 'body is at most 200,000 characters').default(''),
  status: z.enum(CONTENT_STATUSES, { error: 'status must be draft, published or scheduled' }).default('draft'),
  /** Required when scheduled: an ISO date-time in the future. */
  publishAt: z.iso.datetime({ offset: true, error: 'publishAt must be an ISO date-time' }).nullable().optional(),
  categoryId: z.number().int().positive().nullable().optional(),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(40, 'a tag is at most 40 characters')).max(12, 'at most 12 tags').default([]),
  coverImage: z.string().trim().max(500).regex(/^\/(uploads|images)\/[\w./-]+$/, 'coverImage must be an uploaded image path').nullable().optional(),
  coverAlt: z.string().trim().max(200, 'coverAlt is at most 200 characters').default(''),
  authorName: z.string().trim().max(100, 'authorName is at most 100 characters').optional(),
  relatedVehicles: relatedVehiclesSchema.default({}),
});
export type ContentInput = z.input<typeof contentInputSchema>;

/**
 * A blog category as the back office writes it. The slug is set once, when the category is created (empty: made
 * from the title): /blog/category/{slug} is linked from posts, feeds and search results, so it never moves.
 */
export const CATEGORY_SLUG_MAX = 80;
export const CATEGORY_TITLE = { min: 2, max: 120 } as const;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const categoryInputSchema = z.object({
  title: z.string({ error: 'title is required' }).trim()
    .min(CATEGORY_TITLE.min, `title must be at least ${CATEGORY_TITLE.min} characters`).max(CATEGORY_TITLE.max, `title is at most ${CATEGORY_TITLE.max} characters`),
  description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, `description is at most ${CATEGORY_DESCRIPTION_MAX} characters`).default(''),
});
export const categoryCreateSchema = categoryInputSchema.extend({
  slug: z.union([z.literal(''), z.string().trim().toLowerCase().max(CATEGORY_SLUG_MAX, `slug is at most ${CATEGORY_SLUG_MAX} characters`)
    .regex(SLUG_PATTERN, 'slug may use lower-case letters, digits and single hyphens')]).optional(),
});
export type CategoryInput = z.input<typeof categoryCreateSchema>;
/** The blog's category order: every category's id, first shown first. */
export const categoryOrderSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'ids lists every category in its new order').max(200),
});
/** A category in the back office: besides the published count, every post filed under it (drafts included). */
export const adminCategorySchema = categorySchema.extend({ entryCount: z.number().int() });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const contentEntryAdminSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  status: z.enum(CONTENT_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Whether visitors can read it right now. */
  isLive: z.boolean(),
  path: z.string(),
  authorName: z.string(),
  categoryId: z.number().int().nullable(),
  tags: z.array(z.string()),
  coverImage: z.string().nullable(),
  coverAlt: z.string(),
  readingTime: z.number().int(),
  relatedVehicles: relatedVehiclesSchema,
  /** Slugs that still redirect here. */
  oldSlugs: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentEntryAdmin = z.infer<typeof contentEntryAdminSchema>;

export const contentAdminListQuerySchema = z.object({
  kind: z.enum(CONTENT_KINDS, { error: 'kind must be post or page' }).optional(),
  status: z.enum(CONTENT_STATUSES, { error: 'status must be draft, published or scheduled' }).optional(),
  q: z.string().trim().max(100, 'q is at most 100 characters').optional(),
});

export const contentAdminListSchema = z.object({
  entries: z.array(contentEntryAdminSchema.omit({ body: true })),
  categories: z.array(categorySchema),
});

export const previewBodySchema = z.object({ body: z.string().max(200_000, 'body is at most 200,000 characters') });
export const previewResultSchema = z.object({ html: z.string(), readingTime: z.number().int(), words: z.number().int() });

export const contentMutationResultSchema = z.object({ message: z.string(), entry: contentEntryAdminSchema });

// ---------------------------------------------------------------------------------------------------------------
// Cookies policy (issue 7: "the cookies policy lists the browser storage keys the site actually uses")

/**
 * Everything this site keeps in a visitor's browser. The cookies policy renders this list where its body holds
 * BROWSER_STORAGE_MARKER, so the policy cannot drift from the code: client/features/content/browser-storage.test.ts
 * fails when the client reads or writes a key missing here, or when a key here is no longer used.
 */
export interface BrowserStorageItem {
  name: string;
  kind: 'Cookie' | 'Local storage' | 'Session storage';
  purpose: string;
  lifetime: string;
}
export const BROWSER_STORAGE_MARKER = '{{browser-storage-table}}';
export const BROWSER_STORAGE: readonly BrowserStorageItem[] = [
  { name: '__Host-session', kind: 'Cookie', purpose: 'Keeps you signed in to your account (HttpOnly: page scripts cannot read it; sent only to this site, over https). Set only when you sign in.', lifetime: 'Until you sign out, after 7 days without a visit, or 30 days at most (staff: 12 hours without activity, 24 hours at most)' },
  { name: THEME_COOKIE, kind: 'Cookie', purpose: 'A copy of your light or dark theme choice, sent with page requests so our server shows the page in your theme from the first paint. Set only once you have chosen a theme; holds nothing else and is never used for tracking.', lifetime: '1 year from when it was last set' },
  { name: SORT_COOKIE, kind: 'Cookie', purpose: 'A copy of your preferred sort order for the vehicle listing, sent with page requests so our server lists vehicles in that order from the first paint. Set only once you have chosen a sort; never used for tracking.', lifetime: '1 year from when it was last set' },
  { name: STORAGE_KEYS.adminToken, kind: 'Local storage', purpose: 'Staff sign-in for the back office. Never set for customers.', lifetime: 'Until the staff member signs out' },
  { name: STORAGE_KEYS.theme, kind: 'Local storage', purpose: 'Your choice of light or dark theme.', lifetime: 'Until you clear it' },
  { name: STORAGE_KEYS.savedVehicles, kind: 'Local storage', purpose: 'The vehicles you saved with the heart button.', lifetime: 'Until you remove them or clear it' },
  { name: STORAGE_KEYS.savedVehicleDetails, kind: 'Local storage', purpose: 'Details of your saved vehicles, so the saved list shows without a network request.', lifetime: 'Until you remove them or clear it' },
  { name: STORAGE_KEYS.compare, kind: 'Local storage', purpose: 'The vehicles you chose to compare (up to 3).', lifetime: 'Until you remove them or clear it' },
  { name: STORAGE_KEYS.approvalCriteria, kind: 'Local storage', purpose: 'The budget you set in the affordability calculator, to show vehicles that fit it.', lifetime: 'Until you clear it' },
  { name: STORAGE_KEYS.sort, kind: 'Local storage', purpose: 'Your preferred sort order for the vehicle listing.', lifetime: 'Until you clear it' },
  { name: STORAGE_KEYS.pendingReferral, kind: 'Local storage', purpose: "A friend's referral code from a link you followed, applied when you create an account.", lifetime: 'Until you create an account or dismiss it' },
  { name: STORAGE_KEYS.chatSession, kind: 'Local storage', purpose: 'Identifies your conversation with the car assistant, so it continues across pages.', lifetime: 'Until you start a new chat or clear it' },
  { name: STORAGE_KEYS.chatMessages, kind: 'Local storage', purpose: 'The messages of your car assistant conversation, shown again when you reopen it.', lifetime: 'Until you start a new chat or clear it' },
  { name: STORAGE_KEYS.chatContact, kind: 'Local storage', purpose: 'The name and phone number you gave the car assistant, so you are not asked twice.', lifetime: 'Until you clear it' },
  { name: STORAGE_KEYS.chatOpen, kind: 'Local storage', purpose: 'Whether the car assistant window is open.', lifetime: 'Until you clear it' },
  { name: STORAGE_KEYS.chatMinimized, kind: 'Local storage', purpose: 'Whether the car assistant window is minimised.', lifetime: 'Until you clear it' },
  { name: STORAGE_KEYS.chatGreeted, kind: 'Session storage', purpose: 'That the car assistant has already greeted you on the home page, so its greeting shows once per visit.', lifetime: 'Until you close the tab' },
  { name: STORAGE_KEYS.listingState, kind: 'Session storage', purpose: 'Your filters and scroll position on the vehicle listing, restored when you come back to it.', lifetime: 'Until you close the tab' },
  { name: 'vehicle-finder-answers', kind: 'Session storage', purpose: 'Your answers in the vehicle recommender so far.', lifetime: 'Until you close the tab' },
  { name: 'pre-approval-draft', kind: 'Session storage', purpose: 'Your pre-approval answers while you fill in the form, so a reload does not lose them. Never kept in local storage.', lifetime: 'Until you submit the form or close the tab' },
  { name: 'analytics-session-id', kind: 'Session storage', purpose: 'A random id that groups one visit\'s page views and form steps in our own statistics. Not set when your browser sends Global Privacy Control.', lifetime: 'Until you close the tab' },
  { name: 'saved-merged-{account id}', kind: 'Session storage', purpose: 'Notes that your saved vehicles on this device were merged with your account after you signed in, so it happens once.', lifetime: 'Until you close the tab' },
  { name: 'admin-vin-import-drafts', kind: 'Local storage', purpose: 'Staff only: unfinished VIN imports in the back office.', lifetime: 'Until the import is finished or discarded' },
  { name: 'pmh.holdRequests', kind: 'Local storage', purpose: 'The vehicles you asked us to hold from this browser, and when, so the vehicle page says your request is with us instead of offering the hold again.', lifetime: 'Each entry a day, or until staff answer' },
  { name: 'vehicles-scroll-to-top', kind: 'Session storage', purpose: 'A one-time signal from the home page to open the listing at the top.', lifetime: 'Removed as soon as the listing reads it' },
];

/** The policy's table, in Markdown (rendered with the rest of the page). */
export function browserStorageTable(items: readonly BrowserStorageItem[] = BROWSER_STORAGE): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| Name | Type | Why | How long |',
    '| --- | --- | --- | --- |',
    ...items.map((i) => `| \`${cell(i.name)}\` | ${i.kind} | ${cell(i.purpose)} | ${cell(i.lifetime)} |`),
  ].join('\n');
}
