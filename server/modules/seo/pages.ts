// Which client routes (client/app/router.tsx, spec §2) are public pages for the sitemap, which are kept out of
// search engines, and the server-rendered heads of the shopping pages built from data (issue 3 "SEO"; their route
// entries say so, handle: fromServer). Static pages declare their head in the route table itself (issue 31 §5).
// pages.test.ts walks the router's route table so a new route cannot be forgotten here.
import { lastPageIfBeyond, parseWholeFloor, readListingUrl, toApiParams } from '@domain/listing';
import { DEFAULT_SORT, PAGE_SIZE } from '@domain/constants';
import { SORT_COOKIE, sortFromCookie } from '@domain/page-render';
import {
  HOME_DESCRIPTION, LISTING_DESCRIPTION, LISTING_TITLE, VEHICLE_NOT_FOUND_TITLE, vehiclePageTitle,
} from '@domain/seo';
import { vehicleTitle } from '@domain/vehicle';
import { HERO_SIZES, HERO_SLIDES, heroSrcSet } from '@domain/hero-slides';
import { PHOTO_SIZES, photoPreload } from '@domain/photo-srcset';
import { DEALERSHIP } from '@domain/settings';
import { paginatedVehiclesSchema, type VehicleDetail, vehicleDetailSchema, vehicleListQuerySchema } from '@domain/vehicle';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { getVehicle, listVehicles } from '../vehicles/service';
import type { HeadData, SitemapEntry } from './registry';
import { breadcrumbList, carWithOffer, vehicleItemList } from './structured-data';

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

const HOME_CRUMB = { name: 'Home', path: '/' };
const LISTING_CRUMB = { name: 'Vehicles', path: '/vehicles' };

/** The listing parameters that name a distinct page (the rest narrow or order one). */
// A store or a condition is a page of its own too ("used cars in Calgary", issue 33 §2).
const CANONICAL_LISTING_PARAMS = ['make', 'model', 'bodyType', 'location', 'condition'] as const;

/** The built-in heads of the shopping pages, and the available vehicles in the sitemap. */
export function registerShoppingPages(app: FastifyInstance) {
  const ctx = { db: app.db, cache: app.inventoryCache, index: app.inventoryIndex };
  const publicUrl = app.config.publicUrl;

  // First-load speed (domain/page-preload.ts): each shopping page preloads its largest image (the page's LCP), and
  // the listing and vehicle pages embed the API answers their first screen shows. Their code ships with the entry
  // (client/app/router.tsx).
  app.seo.addHead('/', async () => ({
    title: null,
    description: HOME_DESCRIPTION,
    canonicalPath: '/',
    imagePreload: [{ srcset: heroSrcSet(HERO_SLIDES[0].name), sizes: HERO_SIZES, type: 'image/webp' }],
  }));

  // The listing as the URL asks for it (every filter, the sort and the page: docs/decisions/014), in the order the
  // page is rendered in (the URL's sort, else the visitor's stored one), so the ItemList is exactly the cards a
  // crawler renders and the preloaded image is the first card's.
  app.seo.addHead('/vehicles', async (request) => {
    const url = new URL(request.url, 'http://x');
    const u = readListingUrl(url.searchParams);
    const sortBy = u.sortBy ?? sortFromCookie(request.cookies?.[SORT_COOKIE]) ?? DEFAULT_SORT;
    const params = toApiParams({ ...u, sortBy });
    const query = vehicleListQuerySchema.safeParse(Object.fromEntries(
      [...new Set(params.keys())].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)]),
    ));
    let page = query.success ? paginatedVehiclesSchema.parse(JSON.parse(await listVehicles(ctx, query.data, 'available'))) : null;
    // Issue 33 §5: past the last page, the listing shows the last page (client/features/vehicles/api/get-vehicles.ts); so does this.
    const last = page && query.success ? lastPageIfBeyond(page.pagination) : null;
    if (last !== null && query.success) page = paginatedVehiclesSchema.parse(JSON.parse(await listVehicles(ctx, { ...query.data, page: last }, 'available')));
    const firstPhoto = page?.vehicles[0]?.photos[0];
    const cover = firstPhoto ? photoPreload(firstPhoto, PHOTO_SIZES.card) : null;
    const canonical = new URLSearchParams();
    for (const k of CANONICAL_LISTING_PARAMS) for (const v of url.searchParams.getAll(k)) canonical.append(k, v);
    const qs = canonical.toString();
    return {
      title: LISTING_TITLE,
      description: LISTING_DESCRIPTION,
      canonicalPath: `/vehicles${qs ? `?${qs}` : ''}`,
      // A free-text search or a price cap is a results page, not a page of its own.
      ...(u.search || parseWholeFloor(url.searchParams.get('maxPrice')) !== undefined ? { robots: 'noindex, follow' } : {}),
      jsonLd: [
        breadcrumbList(publicUrl, [HOME_CRUMB, LISTING_CRUMB]),
        ...(page ? [vehicleItemList(publicUrl, page.vehicles, ((last ?? u.page) - 1) * PAGE_SIZE)] : []),
      ],
      // The same request the listing makes on a first visit (client/features/vehicles/api/get-vehicles.ts).
      ...(cover ? { imagePreload: [cover] } : {}),
    };
  });

  app.seo.addHead('/vehicles/:id', async (_request, { id }): Promise<HeadData> => {
    const missing: HeadData = {
      title: VEHICLE_NOT_FOUND_TITLE,
      description: `This vehicle is no longer listed. Browse our current inventory in ${DEALERSHIP.addresses.map((a) => a.city).join(' and ')}.`,
      canonicalPath: '/vehicles',
      robots: 'noindex, follow',
      status: 404,
    };
    if (!/^\d{1,10}$/.test(id ?? '') || Number(id) < 1 || Number(id) > 2_147_483_647) return missing;
    let json: string;
    try {
      // As a visitor sees it: a pending private listing is not found (vehicles/service.ts getVehicle).
      json = await getVehicle(ctx, Number(id), null);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return missing;
      throw error;
    }
    const v = vehicleDetailSchema.parse(JSON.parse(json));
    const cover = v.photos[0] ? photoPreload(v.photos[0], PHOTO_SIZES.gallery) : null;
    const name = vehicleTitle(v);
    const price = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(v.price);
    const km = new Intl.NumberFormat('en-CA').format(v.mileage);
    const description = v.isSold
      ? `This ${name} has been sold. See similar ${v.bodyType.toLowerCase()}s for sale at ${DEALERSHIP.name} in ${v.location}, Alberta.`
      : `${v.condition === 'new' ? 'New' : 'Used'} ${name} for sale in ${v.location}, Alberta: ${price} all-in (plus GST), ${km} km, ${v.transmission.toLowerCase()}, ${v.exteriorColor.toLowerCase()}. Stock #${v.stockNumber}.`;
    return {
      title: vehiclePageTitle(v),
      description,
      canonicalPath: `/vehicles/${v.id}`,
      og: {
        type: 'product',
        // Link previews want a large image: the cover photo's widest variant.
        image: largestVariant(v.photos[0]) ?? v.images[0] ?? undefined,
        imageAlt: v.photos[0]?.alt ?? name,
        'product:price:amount': String(v.price),
        'product:price:currency': 'CAD',
        'product:availability': v.isSold ? 'out of stock' : 'in stock',
      },
      jsonLd: [
        breadcrumbList(publicUrl, [HOME_CRUMB, LISTING_CRUMB, { name, path: `/vehicles/${v.id}` }]),
        carWithOffer(publicUrl, v),
      ],
      ...(cover ? { imagePreload: [cover] } : {}),
    };
  });

  app.seo.addSitemapSource(async () => {
    const query = vehicleListQuerySchema.parse({ format: 'array', limit: 100, sortBy: 'year-desc' });
    return collectAvailable(ctx, query);
  });
}

function largestVariant(photo: VehicleDetail['photos'][number] | undefined): string | undefined {
  const webp = photo?.variants.filter((x) => x.format === 'webp') ?? [];
  return webp.sort((a, b) => b.width - a.width)[0]?.url;
}

/** Every available vehicle, 100 a page through the same cached listing the API uses. */
async function collectAvailable(ctx: Parameters<typeof listVehicles>[0], base: ReturnType<typeof vehicleListQuerySchema.parse>): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (let page = 1; page <= 1000; page++) {
    const answer = paginatedVehiclesSchema.parse(JSON.parse(await listVehicles(ctx, { ...base, format: 'paginated', page }, 'available')));
    for (const v of answer.vehicles) entries.push({ path: `/vehicles/${v.id}`, lastmod: v.updatedAt, changefreq: 'daily', priority: 0.8 });
    if (!answer.pagination.hasNext) break;
  }
  return entries;
}
