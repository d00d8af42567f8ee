// The one route table (DESIGN.md): every route of spec §2 with its page's head, each page lazily loaded behind a
// centred spinner. Pages other issues will build are placeholders that say so (components/coming-soon.tsx).
import { Suspense, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { NOT_FOUND_HEAD } from '@domain/seo';
import { DEALERSHIP } from '@domain/settings';
import { PageSpinner } from '@/components/ui/spinner';
import { WhenIdle } from '@/components/when-idle';
// Static: the error page needs it anyway, and a 404 should not wait for a download.
import NotFoundPage from '@/components/not-found-page';
import ListingPage, { loadListingParts } from '@/features/vehicles/pages/listing-page';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RequireAdmin, RequireAuth } from './guards';
import { RouteErrorPage } from './route-error';
import type { InfoTopic } from '@/features/content/pages/info-page';
import type { LegalDoc } from '@/features/content/pages/legal-page';
import { lazyComponent } from '@/lib/lazy-component';
import { lazyLoader } from '@/lib/page-loader';
import type * as AdminLoaders from '@/features/admin/page-loaders';
import { dataHead, type RouteHandle } from './route-head';
import {
  blogListLoader, blogPostLoader, dealOfTheDayLoader, dealWorksheetLoader, finderLoader, homeLoader, listingLoader, myListingsLoader, profileLoader,
  referralProgramLoader, registerLoader, loginLoader, staffLoginLoader, rootLoader, savedLoader, sitePageLoader, vehicleLoader,
} from './loaders';

/**
 * A lazily loaded page (lib/lazy-component.tsx; the id is its module's path). Each page gets its own Suspense
 * boundary, so a page whose code is still downloading shows the spinner in the main area (spec §2) while header
 * and footer stay put; a server-rendered page's code is loaded before hydration, so that spinner never replaces it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function page<P extends Record<string, any>>(id: string, load: () => Promise<{ default: ComponentType<P> }>, props?: P): ReactElement {
  const Page = lazyComponent(id, load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page {...(props ?? ({} as P))} />
    </Suspense>
  );
}

// The listing ships with the entry: it is the page most visits go through. Every other page is its own chunk; a
// server-rendered page's chunk is preloaded by the HTML (<link rel="modulepreload">, server/plugins/pages.ts) and
// loaded before hydration, so its first paint never waits for it.
const home = page('features/home/pages/home-page', () => import('@/features/home/pages/home-page'));
const notFound = <NotFoundPage />;

const info = (topic: InfoTopic) => page('features/content/pages/info-page', () => import('@/features/content/pages/info-page'), { topic });
const legal = (doc: LegalDoc) => page('features/content/pages/legal-page', () => import('@/features/content/pages/legal-page'), { doc });

const login = page('features/auth/pages/login-page', () => import('@/features/auth/pages/login-page'));
const adminLogin = page('features/auth/pages/login-page', () => import('@/features/auth/pages/login-page'), { variant: 'admin' as const });

// Admin and staff pages (spec §2). Old and /admin/ paths both work: links in the wild use both.
// The back-office shell (sidebar of every tool) wraps each admin page; lazy so public pages never download it.
const AdminLayout = lazyComponent('features/admin/shell/components/admin-layout', async () => ({ default: (await import('@/features/admin/shell/components/admin-layout')).AdminLayout }));
const admin = (element: ReactElement) => (
  <RequireAdmin><Suspense fallback={<PageSpinner />}><AdminLayout>{element}</AdminLayout></Suspense></RequireAdmin>
);
const adminDashboard = admin(page('features/admin/shell/pages/dashboard-page', () => import('@/features/admin/shell/pages/dashboard-page')));
const vehicleForm = admin(page('features/admin/inventory/pages/vehicle-form-page', () => import('@/features/admin/inventory/pages/vehicle-form-page')));
const bulkImport = admin(page('features/admin/imports/pages/bulk-import-page', () => import('@/features/admin/imports/pages/bulk-import-page')));
/**
 * A back-office route's loader (issue 31 §4), loaded with the back office's code so the public pages' script never
 * carries it. The import tools (bulk, fast and VIN import) and the add form read nothing on arrival: no loader.
 */
const adminLoader = (name: keyof typeof AdminLoaders) =>
  lazyLoader(() => import('@/features/admin/page-loaders').then((m) => m[name]));
const dashboardLoader = adminLoader('dashboardLoader');
const editVehicleLoader = adminLoader('editVehicleLoader');
const contentEditorLoader = adminLoader('contentEditorLoader');

// The listing's calculator on /financing too: composed here because features do not import each other.
const FinancingCalculator = lazyComponent('features/vehicles/components/affordability-calculator', async () => ({ default: (await import('@/features/vehicles/components/affordability-calculator')).AffordabilityCalculator }));

const SiteAnalytics = lazyComponent('features/leads/exit-intent/site-analytics', () => import('@/features/leads/exit-intent/site-analytics'));

// Each route carries its page's head (issue 31 §5, app/route-head.ts): the server writes it into the first HTML and
// the browser sets the same title on navigation. Routes that show one page share one declaration. Back-office pages
// are never indexed nor previewed (server NOT_INDEXED), so they go without a description of their own.
const head = (title: string, description?: string, robots?: string): RouteHandle =>
  ({ head: { title, description: description ?? `${DEALERSHIP.name} back office.`, ...(robots ? { robots } : {}) } });
const cities = DEALERSHIP.addresses.map((a) => a.city).join(' and ');
const loginHead = head('Login', `Sign in to your ${DEALERSHIP.name} account.`);
const dashboardHead = head('Admin dashboard');
const addVehicleHead = head('Add vehicle');
const editVehicleHead = head('Edit vehicle');
const bulkImportHead = head('Bulk import');

const pages: RouteObject[] = [
  // Public (spec §2)
  { index: true, element: home, handle: dataHead('home'), loader: homeLoader },
  { path: 'vehicles', element: <ListingPage />, handle: dataHead('listing'), loader: (args) => { void loadListingParts(); return listingLoader(args); } },
  { path: 'vehicles/:id', element: page('features/vehicles/pages/vehicle-details-page', () => import('@/features/vehicles/pages/vehicle-details-page')), handle: dataHead('vehicle'), loader: vehicleLoader },
  // issue 34 §4: a kept deal worksheet's read-only link (and its print view, ?print=1).
  { path: 'deal-worksheets/:token', element: page('features/vehicles/pages/deal-worksheet-page', () => import('@/features/vehicles/pages/deal-worksheet-page')), loader: dealWorksheetLoader, handle: head('Deal worksheet', 'A kept deal worksheet, read-only, as it was quoted.', 'noindex, nofollow') },
  { path: 'deal-of-the-day', element: page('features/vehicles/pages/deal-of-the-day-page', () => import('@/features/vehicles/pages/deal-of-the-day-page')), loader: dealOfTheDayLoader, handle: head('Deal of the Day', `One featured sale vehicle a day at ${DEALERSHIP.name}, plus every other vehicle on sale now, ranked by saving.`) },
  { path: 'vehicle-finder', element: page('features/vehicles/pages/vehicle-finder-page', () => import('@/features/vehicles/pages/vehicle-finder-page')), loader: finderLoader, handle: head('Vehicle Recommender', 'Answer a few questions about budget, size and use, and see the vehicles on our lots that fit, with the reasons why.') },
  { path: 'trade-appraiser', element: page('features/leads/pages/trade-appraiser-page', () => import('@/features/leads/pages/trade-appraiser-page')), handle: head('Trade-in appraiser', `What is your trade-in worth? Describe your vehicle and get an estimated range from ${DEALERSHIP.name} in ${cities}, Alberta.`) },
  { path: 'sell-my-vehicle', element: page('features/leads/pages/sell-my-vehicle-page', () => import('@/features/leads/pages/sell-my-vehicle-page')), handle: head('Sell your vehicle', `Sell your car, truck or SUV to ${DEALERSHIP.name}, or list it privately beside our inventory in ${cities}, Alberta.`) },
  { path: 'financing', element: page('features/finance/pages/financing-page', () => import('@/features/finance/pages/financing-page'), { Calculator: FinancingCalculator }), handle: head('Car financing for every credit situation', 'Car loans for good, fair, rebuilding and no credit in Alberta: how rates and terms work, what a payment costs, and pre-approval in 2 minutes.') },
  { path: 'pre-approval', element: page('features/finance/pages/pre-approval-page', () => import('@/features/finance/pages/pre-approval-page')), handle: head('Get pre-approved', `Apply for car financing pre-approval with ${DEALERSHIP.name} in a few minutes, for every credit situation.`) },
  // spec §6: visitors may keep a saved list too; only syncing it needs an account.
  { path: 'saved', element: page('features/saved/pages/saved-page', () => import('@/features/saved/pages/saved-page')), loader: savedLoader, handle: head('Saved vehicles', 'The vehicles you saved, with their current prices.') },
  { path: 'my-listings', element: <RequireAuth>{page('features/private-listings/pages/my-listings-page', () => import('@/features/private-listings/pages/my-listings-page'))}</RequireAuth>, loader: myListingsLoader, handle: head('My listings', 'The vehicles you listed for sale privately.') },
  { path: 'contact', element: page('features/leads/pages/contact-page', () => import('@/features/leads/pages/contact-page')), handle: head('Contact us', `Reach ${DEALERSHIP.name} in ${cities}: phone, e-mail, addresses and hours, or send us a message.`) },
  { path: 'blog', element: page('features/content/pages/blog-index-page', () => import('@/features/content/pages/blog-index-page')), handle: dataHead('blog'), loader: blogListLoader },
  { path: 'blog/category/:slug', element: page('features/content/pages/blog-category-page', () => import('@/features/content/pages/blog-category-page')), handle: dataHead('blogCategory'), loader: blogListLoader },
  { path: 'blog/:slug', element: page('features/content/pages/blog-post-page', () => import('@/features/content/pages/blog-post-page')), handle: dataHead('blogPost'), loader: blogPostLoader },
  { path: 'referral-program', element: <RequireAuth>{page('features/referrals/pages/referral-program-page', () => import('@/features/referrals/pages/referral-program-page'))}</RequireAuth>, loader: referralProgramLoader, handle: head('Referral Program', 'Your referral link and the friends who used it.') },
  { path: 'referral-program-info', element: page('features/referrals/pages/referral-info-page', () => import('@/features/referrals/pages/referral-info-page')), handle: head('How our referral program works', `Refer a friend to ${DEALERSHIP.name}: how referrals work and what you receive when they buy.`) },
  // spec §2: requires ?code=; without it the page shows the not-found page itself.
  { path: 'referral-landing', element: page('features/referrals/pages/referral-landing-page', () => import('@/features/referrals/pages/referral-landing-page')), handle: head('You were referred by a friend', `A friend referred you to ${DEALERSHIP.name}.`) },
  { path: 'affordable-vehicles', element: page('features/vehicles/pages/affordable-vehicles-page', () => import('@/features/vehicles/pages/affordable-vehicles-page')), handle: head('Vehicles within your budget', 'The vehicles whose estimated payment fits the budget you entered.') },
  { path: 'car-buying-tips', element: info('car-buying-tips'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'car-loans', element: info('car-loans'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'credit-rebuilding', element: info('credit-rebuilding'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'first-time-buyers', element: info('first-time-buyers'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'first-time-buyers-guide', element: info('first-time-buyers-guide'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'bad-credit-loans', element: info('bad-credit-loans'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'terms-and-conditions', element: legal('terms-and-conditions'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'privacy-policy', element: legal('privacy-policy'), handle: dataHead('sitePage'), loader: sitePageLoader },
  { path: 'cookies-policy', element: legal('cookies-policy'), handle: dataHead('sitePage'), loader: sitePageLoader },

  // Account (spec §2)
  { path: 'login', element: login, handle: loginHead, loader: loginLoader },
  { path: 'customer-login', element: login, handle: loginHead, loader: loginLoader },
  { path: 'admin-login', element: adminLogin, loader: staffLoginLoader, handle: head('Staff sign in', `Staff sign-in for the ${DEALERSHIP.name} back office.`) },
  { path: 'register', element: page('features/auth/pages/register-page', () => import('@/features/auth/pages/register-page')), loader: registerLoader, handle: head('Create an account', `Create a ${DEALERSHIP.name} account to save vehicles and searches and follow your requests.`) },
  { path: 'forgot-password', element: page('features/auth/pages/forgot-password-page', () => import('@/features/auth/pages/forgot-password-page')), handle: head('Forgot your password?', 'Get a link to reset your password.') },
  { path: 'reset-password', element: page('features/auth/pages/reset-password-page', () => import('@/features/auth/pages/reset-password-page')), handle: head('Reset your password', 'Choose a new password for your account.') },
  { path: 'profile', element: <RequireAuth>{page('features/accounts/pages/profile-page', () => import('@/features/accounts/pages/profile-page'))}</RequireAuth>, loader: profileLoader, handle: head('Your profile', 'Your account details and preferences.') },
  { path: 'unsubscribe', element: page('features/accounts/pages/unsubscribe-page', () => import('@/features/accounts/pages/unsubscribe-page')), handle: head('Unsubscribe', 'Stop e-mails from us.') },
  // Issue 33 §1: the signed link in a booking e-mail (see, move or cancel it without signing in).
  { path: 'appointments/manage', element: page('features/appointments/pages/manage-appointment-page', () => import('@/features/appointments/pages/manage-appointment-page')), handle: head('Your appointment', 'See, move or cancel your appointment.') },

  // Admin and staff (spec §2)
  { path: 'admin', element: adminDashboard, handle: dashboardHead, loader: dashboardLoader },
  { path: 'admin/dashboard', element: adminDashboard, handle: dashboardHead, loader: dashboardLoader },
  { path: 'add-vehicle', element: vehicleForm, handle: addVehicleHead },
  { path: 'admin/add-vehicle', element: vehicleForm, handle: addVehicleHead },
  { path: 'edit-vehicle/:id', element: vehicleForm, handle: editVehicleHead, loader: editVehicleLoader },
  { path: 'admin/edit-vehicle/:id', element: vehicleForm, handle: editVehicleHead, loader: editVehicleLoader },
  { path: 'admin/bulk-import', element: bulkImport, handle: bulkImportHead },
  { path: 'bulk-import', element: bulkImport, handle: bulkImportHead },
  { path: 'admin/fast-import', element: admin(page('features/admin/imports/pages/fast-import-page', () => import('@/features/admin/imports/pages/fast-import-page'))), handle: head('Fast import') },
  { path: 'admin/vin-import', element: admin(page('features/admin/imports/pages/vin-import-page', () => import('@/features/admin/imports/pages/vin-import-page'))), handle: head('VIN import') },
  { path: 'admin/image-manager', element: admin(page('features/admin/media/pages/image-manager-page', () => import('@/features/admin/media/pages/image-manager-page'))), handle: head('Image manager'), loader: adminLoader('imageManagerLoader') },
  { path: 'admin/pre-approvals', element: admin(page('features/admin/pre-approvals/pages/pre-approvals-page', () => import('@/features/admin/pre-approvals/pages/pre-approvals-page'))), handle: head('Pre-approvals'), loader: adminLoader('preApprovalsLoader') },
  { path: 'admin/form-analytics', element: admin(page('features/admin/analytics/pages/form-analytics-page', () => import('@/features/admin/analytics/pages/form-analytics-page'))), handle: head('Form analytics'), loader: adminLoader('formAnalyticsLoader') },
  { path: 'admin/leads', element: admin(page('features/admin/leads/pages/leads-page', () => import('@/features/admin/leads/pages/leads-page'))), handle: head('Leads'), loader: adminLoader('leadsLoader') },
  { path: 'admin/photos', element: admin(page('features/admin/media/pages/photos-page', () => import('@/features/admin/media/pages/photos-page'))), handle: head('Photo coverage'), loader: adminLoader('photosLoader') },
  // Back-office tools beyond spec §2's list (admin, accounts, leads and content issues).
  { path: 'admin/inventory', element: admin(page('features/admin/inventory/pages/inventory-page', () => import('@/features/admin/inventory/pages/inventory-page'))), handle: head('Inventory'), loader: adminLoader('inventoryLoader') },
  { path: 'admin/audit-log', element: admin(page('features/admin/security/pages/audit-log-page', () => import('@/features/admin/security/pages/audit-log-page'))), handle: head('Audit log'), loader: adminLoader('auditLogLoader') },
  { path: 'admin/security', element: admin(page('features/admin/security/pages/security-page', () => import('@/features/admin/security/pages/security-page'))), handle: head('Sign-in security'), loader: adminLoader('securityLoader') },
  { path: 'admin/dealer-settings', element: admin(page('features/admin/dealer-settings/pages/dealer-settings-page', () => import('@/features/admin/dealer-settings/pages/dealer-settings-page'))), handle: head('Dealer settings'), loader: adminLoader('dealerSettingsLoader') },
  { path: 'admin/deal-settings', element: admin(page('features/admin/deal-settings/pages/deal-settings-page', () => import('@/features/admin/deal-settings/pages/deal-settings-page'))), handle: head('Deal worksheet settings'), loader: adminLoader('dealSettingsLoader') },
  { path: 'admin/lead-delivery', element: admin(page('features/admin/lead-delivery/pages/lead-delivery-page', () => import('@/features/admin/lead-delivery/pages/lead-delivery-page'))), handle: head('Lead delivery'), loader: adminLoader('leadDeliveryLoader') },
  { path: 'admin/outbox', element: admin(page('features/admin/outbox/pages/outbox-page', () => import('@/features/admin/outbox/pages/outbox-page'))), handle: head('Outbox'), loader: adminLoader('outboxLoader') },
  { path: 'admin/inventory-feeds', element: admin(page('features/admin/inventory-feeds/pages/inventory-feeds-page', () => import('@/features/admin/inventory-feeds/pages/inventory-feeds-page'))), handle: head('Inventory feeds'), loader: adminLoader('inventoryFeedsLoader') },
  { path: 'admin/feeds', element: admin(page('features/admin/feeds/pages/feeds-page', () => import('@/features/admin/feeds/pages/feeds-page'))), handle: head('Vehicle feeds'), loader: adminLoader('feedsLoader') },
  { path: 'admin/listings', element: admin(page('features/admin/listings/pages/listing-moderation-page', () => import('@/features/admin/listings/pages/listing-moderation-page'))), handle: head('Private listings'), loader: adminLoader('listingsLoader') },
  { path: 'admin/content', element: admin(page('features/admin/content/pages/content-list-page', () => import('@/features/admin/content/pages/content-list-page'))), handle: head('Content'), loader: adminLoader('contentListLoader') },
  { path: 'admin/content/new', element: admin(page('features/admin/content/pages/content-editor-page', () => import('@/features/admin/content/pages/content-editor-page'))), handle: head('New post'), loader: contentEditorLoader },
  { path: 'admin/content/:id', element: admin(page('features/admin/content/pages/content-editor-page', () => import('@/features/admin/content/pages/content-editor-page'))), handle: head('Edit post'), loader: contentEditorLoader },

  // spec §2: any other path
  { path: '*', element: notFound, handle: { head: NOT_FOUND_HEAD } },
];

export const routes: RouteObject[] = [
  {
    // Site-wide page views, field Core Web Vitals and the exit-intent modal (issue 6, issue 35 §3), started once the
    // page is interactive: the page's hydration does not wait for their code.
    element: <><RootLayout /><WhenIdle><Suspense fallback={null}><SiteAnalytics /></Suspense></WhenIdle></>,
    loader: rootLoader,
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        element: <SiteLayout />,
        // Page errors render inside the layout, so header and footer stay usable.
        children: [{ errorElement: <RouteErrorPage />, children: pages }],
      },
    ],
  },
];
