// Page titles and descriptions of the shopping pages: one source for the server-rendered head (server/modules/seo)
// and the client's document title on navigation, so the two always agree (issue 3 "SEO").
import type { ImagePreload } from './page-preload';
import { DEALERSHIP } from './settings';
import { vehicleTitle } from './vehicle-title';

/** "<page> | Prairie Motor Hub", or the home title without a page name. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${DEALERSHIP.name}` : `${DEALERSHIP.name}: ${DEALERSHIP.tagline}`;
}

const cities = DEALERSHIP.addresses.map((a) => a.city).join(' and ');

export const HOME_DESCRIPTION = `New and used cars, trucks and SUVs in ${cities}, Alberta. All-in prices, financing for every credit situation, trade-ins and test drives.`;

/** spec §2: the listing's heading, also its page title. */
export const LISTING_TITLE = 'Used Cars for Sale in Alberta - Quality Inventory';
export const LISTING_DESCRIPTION = `Browse quality used and new cars, trucks and SUVs for sale in ${cities}, Alberta. All-in prices, financing for every credit situation, and pre-approval in 2 minutes.`;

interface TitledVehicle { year: number; make: string; model: string; trim: string | null; isSold: boolean; location: string }

/** The vehicle page's title: "2021 Ford F-150 XLT for sale in Edmonton", or "... (sold)". */
export const vehiclePageTitle = (v: TitledVehicle) => `${vehicleTitle(v)}${v.isSold ? ' (sold)' : ` for sale in ${v.location}`}`;

export const VEHICLE_NOT_FOUND_TITLE = 'Vehicle not found';

export const NOT_FOUND_TITLE = 'Page not found';

/**
 * A page's head as its route entry declares it (client/app/router.tsx `handle.head`, issue 31 §5): the server writes
 * it into the first HTML and the client sets the same title on navigation (client/app/route-head.ts).
 */
export interface StaticHead {
  /** Page title without the site name (pageTitle adds it). */
  title: string;
  description: string;
  /** e.g. "noindex, nofollow"; account and personal pages are also kept out by the server's NOT_INDEXED list. */
  robots?: string;
}

/**
 * A page's whole head, built from its data (client/app/heads.ts, from what the route's loader fetched), written into
 * the first HTML by the server (server/modules/seo/render.ts); the browser sets the same title on navigation.
 */
export interface PageHead {
  /** Page title without the site name (null: the site's home title). */
  title: string | null;
  description: string;
  /** Site-relative canonical path, e.g. "/vehicles/12" (query string only when it names a distinct page). */
  canonicalPath: string;
  /** Open Graph extras: og:title/description/url/site_name/locale are filled from the fields above. */
  og?: { type?: string; image?: string | null; imageAlt?: string | null; [property: string]: string | null | undefined };
  /** schema.org objects for this page; the site-wide AutoDealer object is added by the renderer. */
  jsonLd?: Record<string, unknown>[];
  /** e.g. "noindex, follow" for thin or missing pages. */
  robots?: string;
  /** HTTP status of the HTML answer (404 for a missing record the page shows as not found). Default 200. */
  status?: number;
  /** The page's first, largest image(s), preloaded at high priority. */
  imagePreload?: ImagePreload[];
}

/** spec §2/§8: the not-found page's head, for the catch-all route and any route that renders that page. */
export const NOT_FOUND_HEAD: StaticHead = { title: NOT_FOUND_TITLE, description: HOME_DESCRIPTION, robots: 'noindex, nofollow' };
