// Which client routes (client/app/router.tsx, spec §2) are public pages for the sitemap, and which are kept out of
// search engines (issue 3 "SEO"). Every page's head is declared by its route entry (issue 31 §5: client/app/heads.ts
// builds the heads that come from data).
// pages.test.ts walks the router's route table so a new route cannot be forgotten here.
import { paginatedVehiclesSchema, vehicleListQuerySchema } from '@domain/vehicle';
import type { Services } from '../../services';
import type { SeoRegistry, SitemapEntry } from './registry';

/**
 * spec §2 public routes without parameters that belong in the sitemap. Pages with parameters come from sitemap
 * sources (vehicles here, blog posts and categories from the content module).
 */
export const SITEMAP_PAGES: readonly Omit<SitemapEntry, 'lastmod'>[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/vehicles', changefreq: 'hourly', priority: 0.9 },
  { path: '/deal-of-the-day', changefreq: 'daily', priority: 0.7 },
  { path: '/vehicle-finder', changefreq: 'monthly', priority: 0.6 },
  { path: '/trade-appraiser', changefreq: 'monthly', priority: 0.6 },
  { path: '/sell-my-vehicle', changefreq: 'monthly', priority: 0.6 },
  { path: '/financing', changefreq: 'monthly', priority: 0.7 },
  { path: '/pre-approval', changefreq: 'monthly', priority: 0.7 },
  { path: '/contact', changefreq: 'monthly', priority: 0.6 },
  { path: '/blog', changefreq: 'weekly', priority: 0.6 },
  { path: '/referral-program-info', changefreq: 'monthly', priority: 0.4 },
  { path: '/car-buying-tips', changefreq: 'monthly', priority: 0.5 },
  { path: '/car-loans', changefreq: 'monthly', priority: 0.5 },
  { path: '/credit-rebuilding', changefreq: 'monthly', priority: 0.5 },
  { path: '/first-time-buyers', changefreq: 'monthly', priority: 0.5 },
  { path: '/first-time-buyers-guide', changefreq: 'monthly', priority: 0.5 },
  { path: '/bad-credit-loans', changefreq: 'monthly', priority: 0.5 },
  { path: '/terms-and-conditions', changefreq: 'yearly', priority: 0.2 },
  { path: '/privacy-policy', changefreq: 'yearly', priority: 0.2 },
  { path: '/cookies-policy', changefreq: 'yearly', priority: 0.2 },
];

/**
 * Client routes that are not search results: personal, behind a login, or needing a parameter to mean anything.
 * Each is answered with "noindex" in its head; the robots.txt lines keep well-behaved crawlers away.
 * Patterns end in "$" when a longer public path shares the prefix (/referral-program vs /referral-program-info).
 */
export const NOT_INDEXED: readonly { robots: string; why: string }[] = [
  { robots: '/admin', why: 'back office (also /admin-login)' },
  { robots: '/add-vehicle', why: 'back office' },
  { robots: '/edit-vehicle/', why: 'back office' },
  { robots: '/bulk-import', why: 'back office' },
  { robots: '/login', why: 'account' },
  { robots: '/customer-login', why: 'account' },
  { robots: '/register', why: 'account' },
  { robots: '/forgot-password', why: 'account' },
  { robots: '/reset-password', why: 'account' },
  { robots: '/profile', why: 'account' },
  { robots: '/saved', why: "the visitor's own saved list" },
  { robots: '/my-listings', why: "the user's own listings" },
  { robots: '/referral-program$', why: "the user's own referral page (the info page is public)" },
  { robots: '/referral-landing', why: 'needs a personal code' },
  { robots: '/affordable-vehicles', why: "the shopper's own budget" },
  { robots: '/unsubscribe', why: 'a personal link from an email' },
  { robots: '/appointments/manage', why: "a personal link from a booking e-mail (issue 33 §1)" },
];

/** Does a robots.txt rule ("/admin", "/referral-program$") cover this path? Same matching as crawlers. */
export function robotsRuleCovers(rule: string, pathname: string): boolean {
  return rule.endsWith('$') ? pathname === rule.slice(0, -1) : pathname.startsWith(rule);
}

export const isNotIndexed = (pathname: string) => NOT_INDEXED.some((r) => robotsRuleCovers(r.robots, pathname));

/** The available vehicles in the sitemap. */
export function registerShoppingPages(seo: SeoRegistry, vehicles: Services['vehicles']) {
  seo.addSitemapSource(async () => {
    const query = vehicleListQuerySchema.parse({ format: 'array', limit: 100, sortBy: 'year-desc' });
    return collectAvailable(vehicles, query);
  });
}

/** Every available vehicle, 100 a page through the same cached listing the API uses. */
async function collectAvailable(vehicles: Services['vehicles'], base: ReturnType<typeof vehicleListQuerySchema.parse>): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (let page = 1; page <= 1000; page++) {
    const answer = paginatedVehiclesSchema.parse(JSON.parse(await vehicles.listVehicles({ ...base, format: 'paginated', page }, 'available')));
    for (const v of answer.vehicles) entries.push({ path: `/vehicles/${v.id}`, lastmod: v.updatedAt, changefreq: 'daily', priority: 0.8 });
    if (!answer.pagination.hasNext) break;
  }
  return entries;
}
