// The heads of the pages whose head comes from their data (issue 31 §5): built from what the route's loader put in
// the query cache (app/loaders.ts), with the same query options, so a head never reads the database on its own and
// never disagrees with the page. A route entry names its head here (app/router.tsx `dataHead('vehicle')`).
// - The server builds it once the page has rendered (client/entry-server.tsx) and writes it into the first HTML:
//   title, description, canonical, robots, Open Graph, JSON-LD, the status of a missing record, the LCP image.
// - The browser loads this module on the first client navigation to such a page and sets the same title
//   (app/route-head.ts RouteTitle). Kept out of the entry: only the server needs the rest on first load.
import type { QueryClient } from '@tanstack/react-query';
import type { SortKey } from '@domain/constants';
import { BLOG_DESCRIPTION, BLOG_TITLE, categoryPath, contentPath, countWords, INFO_PAGE_SLUGS, SLUG_PATTERN } from '@domain/content-paths';
import { HERO_SIZES, HERO_SLIDES, heroSrcSet } from '@domain/hero-slides';
import { parseWholeFloor } from '@domain/listing';
import { PHOTO_SIZES, photoPreload } from '@domain/photo-srcset';
import { HOME_DESCRIPTION, LISTING_DESCRIPTION, LISTING_TITLE, VEHICLE_NOT_FOUND_TITLE, vehiclePageTitle, type PageHead } from '@domain/seo';
import { DEALERSHIP } from '@domain/settings';
import { absoluteUrl, breadcrumbList, carWithOffer, vehicleItemList, type Crumb } from '@domain/structured-data';
import { vehicleTitle } from '@domain/vehicle-title';
import { PAGE_SIZE } from '@domain/constants';
import type { VehicleDetail } from '@domain/vehicle';
import { ApiError } from '@/lib/api-client';
import { formatNumber, formatPrice } from '@/lib/format';
import { vehicleQueryOptions } from '@/lib/api/get-vehicle';
import { vehiclesQueryOptions } from '@/features/vehicles/api/get-vehicles';
import { readListingView } from '@/features/vehicles/listing-restore';
import { postListPageOf, postListQueryOptions } from '@/features/content/api/get-posts';
import { postQueryOptions } from '@/features/content/api/get-post';
import { sitePageQueryOptions } from '@/features/content/api/get-site-page';

/** What a head is built from: the page's address and the query cache its loaders filled. */
export interface HeadInput {
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  /** The listing sort the page rendered with (the server's from its cookie). */
  sort: SortKey | null;
  /** The site's public address, for the absolute URLs of JSON-LD. */
  publicUrl: string;
  queryClient: QueryClient;
}

/** A page's head from its data; null: not known (yet), so the site's default head (server) or no change (browser). */
export type HeadBuilder = (input: HeadInput) => PageHead | null;

const HOME_CRUMB: Crumb = { name: 'Home', path: '/' };
const LISTING_CRUMB: Crumb = { name: 'Vehicles', path: '/vehicles' };
const BLOG_CRUMB: Crumb = { name: 'Blog', path: '/blog' };

/** The listing parameters that name a distinct page (the rest narrow or order one); a store or a condition is a page of its own too ("used cars in Calgary", issue 33 §2). */
const CANONICAL_LISTING_PARAMS = ['make', 'model', 'bodyType', 'location', 'condition'] as const;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const cities = DEALERSHIP.addresses.map((a) => a.city).join(' and ');

const home: HeadBuilder = () => ({
  title: null,
  description: HOME_DESCRIPTION,
  canonicalPath: '/',
  imagePreload: [{ srcset: heroSrcSet(HERO_SLIDES[0].name), sizes: HERO_SIZES, type: 'image/webp' }],
});

/**
 * The listing as the URL asks for it (every filter, the sort and the page: docs/decisions/014), in the order the page
 * rendered it: the ItemList is exactly the cards a crawler sees, and the preloaded image is the first card's.
 */
const listing: HeadBuilder = ({ url, sort, publicUrl, queryClient }) => {
  const view = readListingView(url.searchParams, sort);
  const page = queryClient.getQueryData(vehiclesQueryOptions(view).queryKey);
  const canonical = new URLSearchParams();
  for (const k of CANONICAL_LISTING_PARAMS) for (const v of url.searchParams.getAll(k)) canonical.append(k, v);
  const qs = canonical.toString();
  const firstPhoto = page?.vehicles[0]?.photos[0];
  const cover = firstPhoto ? photoPreload(firstPhoto, PHOTO_SIZES.card) : null;
  return {
    title: LISTING_TITLE,
    description: LISTING_DESCRIPTION,
    canonicalPath: `/vehicles${qs ? `?${qs}` : ''}`,
    // A free-text search or a price cap is a results page, not a page of its own.
    ...(view.search || parseWholeFloor(url.searchParams.get('maxPrice')) !== undefined ? { robots: 'noindex, follow' } : {}),
    jsonLd: [
      breadcrumbList(publicUrl, [HOME_CRUMB, LISTING_CRUMB]),
      // Past the last page the listing shows the last one (issue 33 §5): the answer says which page it is.
      ...(page ? [vehicleItemList(publicUrl, page.vehicles, (page.pagination.currentPage - 1) * PAGE_SIZE)] : []),
    ],
    ...(cover ? { imagePreload: [cover] } : {}),
  };
};

const vehicleMissing: PageHead = {
  title: VEHICLE_NOT_FOUND_TITLE,
  description: `This vehicle is no longer listed. Browse our current inventory in ${cities}.`,
  canonicalPath: '/vehicles',
  robots: 'noindex, follow',
  status: 404,
};

function largestVariant(photo: VehicleDetail['photos'][number] | undefined): string | undefined {
  const webp = photo?.variants.filter((x) => x.format === 'webp') ?? [];
  return webp.sort((a, b) => b.width - a.width)[0]?.url;
}

const vehicle: HeadBuilder = ({ params, publicUrl, queryClient }) => {
  const id = Number(params.id);
  // The same ids the page and its loader accept (app/loaders.ts vehicleLoader): anything else is not a vehicle.
  if (!/^\d{1,10}$/.test(params.id ?? '') || id < 1 || id > 2_147_483_647) return vehicleMissing;
  const state = queryClient.getQueryState(vehicleQueryOptions(id).queryKey);
  // As a visitor sees it: a pending private listing is not found (server/modules/vehicles/service.ts getVehicle).
  if (isNotFound(state?.error)) return vehicleMissing;
  const v = state?.data;
  if (!v) return null;
  const cover = v.photos[0] ? photoPreload(v.photos[0], PHOTO_SIZES.gallery) : null;
  const name = vehicleTitle(v);
  const price = formatPrice(v.price);
  const km = formatNumber(v.mileage);
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
    jsonLd: [breadcrumbList(publicUrl, [HOME_CRUMB, LISTING_CRUMB, { name, path: `/vehicles/${v.id}` }]), carWithOffer(publicUrl, v)],
    ...(cover ? { imagePreload: [cover] } : {}),
  };
};

const blog: HeadBuilder = ({ url, publicUrl }) => {
  const page = postListPageOf(url.searchParams);
  return {
    title: page > 1 ? `${BLOG_TITLE} (page ${page})` : BLOG_TITLE,
    description: BLOG_DESCRIPTION,
    canonicalPath: page > 1 ? `/blog?page=${page}` : '/blog',
    jsonLd: [breadcrumbList(publicUrl, [HOME_CRUMB, BLOG_CRUMB])],
  };
};

const blogCategory: HeadBuilder = ({ params, url, publicUrl, queryClient }) => {
  const state = queryClient.getQueryState(postListQueryOptions({ page: postListPageOf(url.searchParams), category: params.slug ?? '' }).queryKey);
  if (isNotFound(state?.error)) {
    return { title: 'Blog category not found', description: BLOG_DESCRIPTION, canonicalPath: '/blog', robots: 'noindex, follow', status: 404 };
  }
  const category = state?.data?.category;
  if (!category) return null;
  const path = categoryPath(category.slug);
  return {
    title: `${category.title}: Blog`,
    description: category.description || BLOG_DESCRIPTION,
    canonicalPath: path,
    jsonLd: [breadcrumbList(publicUrl, [HOME_CRUMB, BLOG_CRUMB, { name: category.title, path }])],
  };
};

const postMissing: PageHead = { title: 'Article not found', description: BLOG_DESCRIPTION, canonicalPath: '/blog', robots: 'noindex, follow', status: 404 };

const blogPost: HeadBuilder = ({ params, publicUrl, queryClient }) => {
  const slug = params.slug ?? '';
  if (!SLUG_PATTERN.test(slug)) return postMissing;
  const state = queryClient.getQueryState(postQueryOptions(slug).queryKey);
  if (isNotFound(state?.error)) return postMissing;
  const post = state?.data;
  if (!post) return null;
  const path = contentPath('post', post.slug);
  const crumbs = [HOME_CRUMB, BLOG_CRUMB, ...(post.category ? [{ name: post.category.title, path: categoryPath(post.category.slug) }] : []), { name: post.title, path }];
  return {
    title: post.title,
    description: post.excerpt,
    canonicalPath: path,
    og: {
      type: 'article',
      ...(post.coverImage ? { image: post.coverImage, imageAlt: post.coverAlt || post.title } : {}),
      'article:published_time': post.publishedAt,
      'article:modified_time': post.updatedAt,
      'article:section': post.category?.title ?? null,
    },
    jsonLd: [
      breadcrumbList(publicUrl, crumbs),
      {
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: post.authorName || DEALERSHIP.name },
        publisher: { '@type': 'AutoDealer', name: DEALERSHIP.name, url: publicUrl },
        mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(publicUrl, path) },
        url: absoluteUrl(publicUrl, path),
        ...(post.coverImage ? { image: absoluteUrl(publicUrl, post.coverImage) } : {}),
        ...(post.category ? { articleSection: post.category.title } : {}),
        ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
        wordCount: countWords(post.html.replace(/<[^>]+>/g, ' ')),
        inLanguage: 'en-CA',
      },
    ],
  };
};

/** An information or legal page (the route's own path is its slug); a missing one renders the not-found page. */
const sitePage: HeadBuilder = ({ url, publicUrl, queryClient }) => {
  const slug = url.pathname.slice(1);
  const page = queryClient.getQueryData(sitePageQueryOptions(slug).queryKey);
  if (!page) return null;
  const path = `/${slug}`;
  const isInfo = (INFO_PAGE_SLUGS as readonly string[]).includes(slug);
  return {
    title: page.title,
    description: page.excerpt,
    canonicalPath: path,
    jsonLd: [
      breadcrumbList(publicUrl, [HOME_CRUMB, { name: page.title, path }]),
      { '@type': 'WebPage', name: page.title, description: page.excerpt, dateModified: page.updatedAt, url: absoluteUrl(publicUrl, path), inLanguage: 'en-CA', ...(isInfo ? { about: 'Buying and financing a vehicle in Alberta' } : {}) },
    ],
  };
};

export const PAGE_HEADS = { home, listing, vehicle, blog, blogCategory, blogPost, sitePage } satisfies Record<string, HeadBuilder>;
export type PageHeadName = keyof typeof PAGE_HEADS;
