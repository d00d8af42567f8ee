// Page titles and descriptions of the shopping pages: one source for the server-rendered head (server/modules/seo)
// and the client's document title on navigation, so the two always agree (issue 3 "SEO").
import { DEALERSHIP } from './settings';
import { vehicleTitle } from './vehicle';

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
