// Page titles and descriptions of the shopping pages: one source for the server-rendered head (server/modules/seo)
// and the client's document title on navigation, so the two always agree (issue 3 "SEO").
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

export interface PageHead { title: string; description: string }

/**
 * The fixed pages' heads (issue 31: each page declared once). The server writes them into the first HTML
 * (server/modules/seo/pages.ts) and each page's useDocumentTitle reads the same entry, so link previews and
 * crawlers see the page's own title, not the home page's. Pages with data (the listing, a vehicle, a post) build
 * theirs from it; content pages come from the content module.
 */
export const PAGE_HEADS = {
  '/deal-of-the-day': { title: 'Deal of the Day', description: `One featured sale vehicle a day at ${DEALERSHIP.name}, plus every other vehicle on sale now, ranked by saving.` },
  '/vehicle-finder': { title: 'Vehicle Recommender', description: 'Answer a few questions about budget, size and use, and see the vehicles on our lots that fit, with the reasons why.' },
  '/trade-appraiser': { title: 'Trade-in appraiser', description: `What is your trade-in worth? Describe your vehicle and get an estimated range from ${DEALERSHIP.name} in ${cities}, Alberta.` },
  '/sell-my-vehicle': { title: 'Sell your vehicle', description: `Sell your car, truck or SUV to ${DEALERSHIP.name}, or list it privately beside our inventory in ${cities}, Alberta.` },
  '/financing': { title: 'Car financing for every credit situation', description: 'Car loans for good, fair, rebuilding and no credit in Alberta: how rates and terms work, what a payment costs, and pre-approval in 2 minutes.' },
  '/pre-approval': { title: 'Get pre-approved', description: `Apply for car financing pre-approval with ${DEALERSHIP.name} in a few minutes, for every credit situation.` },
  '/contact': { title: 'Contact us', description: `Reach ${DEALERSHIP.name} in ${cities}: phone, e-mail, addresses and hours, or send us a message.` },
  '/saved': { title: 'Saved vehicles', description: 'The vehicles you saved, with their current prices.' },
  '/my-listings': { title: 'My listings', description: 'The vehicles you listed for sale privately.' },
  '/referral-program': { title: 'Referral Program', description: 'Your referral link and the friends who used it.' },
  '/referral-program-info': { title: 'How our referral program works', description: `Refer a friend to ${DEALERSHIP.name}: how referrals work and what you receive when they buy.` },
  '/referral-landing': { title: 'You were referred by a friend', description: `A friend referred you to ${DEALERSHIP.name}.` },
  '/affordable-vehicles': { title: 'Vehicles within your budget', description: 'The vehicles whose estimated payment fits the budget you entered.' },
  '/login': { title: 'Login', description: `Sign in to your ${DEALERSHIP.name} account.` },
  '/customer-login': { title: 'Login', description: `Sign in to your ${DEALERSHIP.name} account.` },
  '/admin-login': { title: 'Staff sign in', description: `Staff sign-in for the ${DEALERSHIP.name} back office.` },
  '/register': { title: 'Create an account', description: `Create a ${DEALERSHIP.name} account to save vehicles and searches and follow your requests.` },
  '/forgot-password': { title: 'Forgot your password?', description: 'Get a link to reset your password.' },
  '/reset-password': { title: 'Reset your password', description: 'Choose a new password for your account.' },
  '/profile': { title: 'Your profile', description: 'Your account details and preferences.' },
  '/unsubscribe': { title: 'Unsubscribe', description: 'Stop e-mails from us.' },
  '/appointments/manage': { title: 'Your appointment', description: 'See, move or cancel your appointment.' },
} as const satisfies Record<string, PageHead>;

export type FixedPagePath = keyof typeof PAGE_HEADS;
