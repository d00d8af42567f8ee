// The route loaders of the public and account pages (issue 31 §4; how loaders work: lib/page-loader.ts). Each names
// the queries its page's components read, with the same query options, so the page renders once with its data.
// The back office's loaders live with its features and load with its code (features/admin/page-loaders.ts).
import { redirect } from 'react-router';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { isActiveAdmin } from '@/lib/roles';
import { safeRedirect } from '@/lib/safe-redirect';
import { currentUser, pageLoader, signInFirst } from '@/lib/page-loader';
import { dealerStockQueryOptions, facetFiltersFromParams, facetsQueryOptions } from '@/lib/facets';
import { vehicleQueryOptions } from '@/lib/api/get-vehicle';
import { dealRatingQueryOptions } from '@/lib/api/get-deal-rating';
import { similarVehiclesQueryOptions } from '@/lib/api/get-similar-vehicles';
import { toApiParams } from '@domain/listing';
import { notificationsQueryOptions } from '@/lib/api/get-notifications';
import { tickerVehiclesQueryOptions } from '@/features/home/api/get-ticker-vehicles';
import { vehiclesQueryOptions } from '@/features/vehicles/api/get-vehicles';
import { readListingView } from '@/features/vehicles/listing-restore';
import { vehicleViewsQueryOptions } from '@/features/vehicles/api/get-vehicle-views';
import { dealOptionsQueryOptions, sharedWorksheetQueryOptions } from '@/features/vehicles/api/deal-worksheet';
import { dealsTodayQueryOptions } from '@/features/vehicles/api/get-deals-today';
import { postListPageOf, postListQueryOptions } from '@/features/content/api/get-posts';
import { postQueryOptions } from '@/features/content/api/get-post';
import { sitePageQueryOptions } from '@/features/content/api/get-site-page';
import { savedSearchesQueryOptions } from '@/features/saved/api/get-saved-searches';
import { myDealWorksheetsQueryOptions } from '@/features/accounts/api/get-my-deal-worksheets';
import { preferencesQueryOptions } from '@/features/accounts/api/get-preferences';
import { myListingsQueryOptions } from '@/features/private-listings/api/get-my-listings';
import { myReferralsQueryOptions } from '@/features/referrals/api/get-my-referrals';
import { privateSellerQueryOptions } from '@/lib/api/get-private-seller';

/** Every page: who is signed in (and their notifications), and the footer's stock counts (app/layouts). */
export const rootLoader = pageLoader(async ({ ctx, ensure }) => {
  const [user] = await Promise.all([currentUser(ctx.queryClient), ensure(dealerStockQueryOptions())]);
  if (user) await ensure(notificationsQueryOptions());
});

/** The home page: the ticker and the search card's whole-stock facets. */
export const homeLoader = pageLoader(({ ensure }) => ensure(tickerVehiclesQueryOptions(), facetsQueryOptions()));

/**
 * The listing (spec §4): the whole stock's facets and the counts for the URL's filters; on the server, also the
 * list the URL names in the visitor's sort. The browser fetches the list itself once its arrival logic has settled
 * the URL (use-listing-state.ts: a restored or cleaned URL must not cost a wasted request).
 */
export const listingLoader = pageLoader(({ url, ctx, ensure }) => {
  const view = readListingView(url.searchParams, ctx.sort);
  return ensure(
    facetsQueryOptions(),
    facetsQueryOptions(facetFiltersFromParams(toApiParams(view))),
    ...(ctx.server ? [vehiclesQueryOptions(view)] : []),
  );
});

/** The vehicle page: the vehicle, then what its sections show (only for a vehicle that exists). */
export const vehicleLoader = pageLoader(async ({ params, ctx, ensure }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await ensure(vehicleQueryOptions(id));
  const vehicle = ctx.queryClient.getQueryData(vehicleQueryOptions(id).queryKey);
  if (!vehicle) return;
  // As vehicle-details-page.tsx shows them: a sold vehicle only its look-alikes; the worksheet for dealer stock.
  if (vehicle.isSold) return ensure(similarVehiclesQueryOptions(id));
  await ensure(
    dealRatingQueryOptions(id), vehicleViewsQueryOptions(id), similarVehiclesQueryOptions(id),
    vehicle.sellerType === 'private seller' ? privateSellerQueryOptions(id) : dealOptionsQueryOptions(id),
  );
});

/** A kept worksheet's share link (issue 34 §4). */
export const dealWorksheetLoader = pageLoader(({ params, ensure }) => ensure(sharedWorksheetQueryOptions(params.token ?? '')));

export const dealOfTheDayLoader = pageLoader(({ ensure }) => ensure(dealsTodayQueryOptions()));

/** The vehicle finder's choices come from the whole stock's facets. */
export const finderLoader = pageLoader(({ ensure }) => ensure(facetsQueryOptions()));

/** The blog's list pages, all posts or one category's. */
export const blogListLoader = pageLoader(({ params, url, ensure }) =>
  ensure(postListQueryOptions({ page: postListPageOf(url.searchParams), ...(params.slug ? { category: params.slug } : {}) })));

export const blogPostLoader = pageLoader(({ params, ensure }) => ensure(postQueryOptions(params.slug ?? '')));

/** The information and legal pages (app/router.tsx info, legal): the site page named by the route's own path. */
export const sitePageLoader = pageLoader(({ url, ensure }) => ensure(sitePageQueryOptions(url.pathname.slice(1))));

type Options = () => FetchQueryOptions<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A public page that a signed-in visitor sees with more (their saved searches): those queries, for them only. */
const signedInLoader = (...options: Options[]) =>
  pageLoader(async ({ ctx, ensure }) => {
    if (await currentUser(ctx.queryClient)) await ensure(...options.map((o) => o()));
  });

/** An account page (RequireAuth): a visitor is sent to sign in; a shopper's page gets its queries. */
const accountLoader = (...options: Options[]) =>
  pageLoader(async ({ ctx, url, ensure }) => {
    if (!(await currentUser(ctx.queryClient))) return signInFirst(ctx, url, '/login');
    await ensure(...options.map((o) => o()));
  });

/**
 * The sign-in and register pages: a visitor already signed in (an admin, on the staff sign-in) is sent on to where
 * the link says, by a 302 from the server; in the browser the pages do it themselves (login-page.tsx).
 */
const signedInGoesOn = (fallback: string, staff = false) =>
  pageLoader(async ({ ctx, url }) => {
    if (!ctx.server) return;
    const user = await currentUser(ctx.queryClient);
    if (user && (!staff || isActiveAdmin(user))) throw redirect(safeRedirect(url.searchParams.get('redirect'), fallback));
  });

export const loginLoader = signedInGoesOn('/');
export const staffLoginLoader = signedInGoesOn('/admin', true);
export const registerLoader = signedInGoesOn('/');

export const savedLoader = signedInLoader(savedSearchesQueryOptions);
export const profileLoader = accountLoader(myDealWorksheetsQueryOptions, preferencesQueryOptions);
export const myListingsLoader = accountLoader(myListingsQueryOptions);
export const referralProgramLoader = accountLoader(myReferralsQueryOptions);
