// The one route table (DESIGN.md): every route of spec §2, each page lazily loaded behind a centred
// spinner. Pages other issues will build are placeholders that say so (components/coming-soon.tsx).
import { Suspense, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
// Static: the error page needs it anyway, and a 404 should not wait for a download.
import NotFoundPage from '@/components/not-found-page';
import ListingPage from '@/features/vehicles/pages/listing-page';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RequireAdmin, RequireAuth } from './guards';
import { RouteErrorPage } from './route-error';
import type { InfoTopic } from '@/features/content/pages/info-page';
import type { LegalDoc } from '@/features/content/pages/legal-page';
import { lazyComponent } from '@/lib/lazy-component';

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

// The listing's calculator on /financing too: composed here because features do not import each other.
const FinancingCalculator = lazyComponent('features/vehicles/components/affordability-calculator', async () => ({ default: (await import('@/features/vehicles/components/affordability-calculator')).AffordabilityCalculator }));

const SiteAnalytics = lazyComponent('features/leads/exit-intent/site-analytics', () => import('@/features/leads/exit-intent/site-analytics'));

const pages: RouteObject[] = [
  // Public (spec §2)
  { index: true, element: home },
  { path: 'vehicles', element: <ListingPage /> },
  { path: 'vehicles/:id', element: page('features/vehicles/pages/vehicle-details-page', () => import('@/features/vehicles/pages/vehicle-details-page')) },
  // issue 34 §4: a kept deal worksheet's read-only link (and its print view, ?print=1).
  { path: 'deal-worksheets/:token', element: page('features/vehicles/pages/deal-worksheet-page', () => import('@/features/vehicles/pages/deal-worksheet-page')) },
  { path: 'deal-of-the-day', element: page('features/vehicles/pages/deal-of-the-day-page', () => import('@/features/vehicles/pages/deal-of-the-day-page')) },
  { path: 'vehicle-finder', element: page('features/vehicles/pages/vehicle-finder-page', () => import('@/features/vehicles/pages/vehicle-finder-page')) },
  { path: 'trade-appraiser', element: page('features/leads/pages/trade-appraiser-page', () => import('@/features/leads/pages/trade-appraiser-page')) },
  { path: 'sell-my-vehicle', element: page('features/leads/pages/sell-my-vehicle-page', () => import('@/features/leads/pages/sell-my-vehicle-page')) },
  { path: 'financing', element: page('features/finance/pages/financing-page', () => import('@/features/finance/pages/financing-page'), { Calculator: FinancingCalculator }) },
  { path: 'pre-approval', element: page('features/finance/pages/pre-approval-page', () => import('@/features/finance/pages/pre-approval-page')) },
  // spec §6: visitors may keep a saved list too; only syncing it needs an account.
  { path: 'saved', element: page('features/saved/pages/saved-page', () => import('@/features/saved/pages/saved-page')) },
  { path: 'my-listings', element: <RequireAuth>{page('features/private-listings/pages/my-listings-page', () => import('@/features/private-listings/pages/my-listings-page'))}</RequireAuth> },
  { path: 'contact', element: page('features/leads/pages/contact-page', () => import('@/features/leads/pages/contact-page')) },
  { path: 'blog', element: page('features/content/pages/blog-index-page', () => import('@/features/content/pages/blog-index-page')) },
  { path: 'blog/category/:slug', element: page('features/content/pages/blog-category-page', () => import('@/features/content/pages/blog-category-page')) },
  { path: 'blog/:slug', element: page('features/content/pages/blog-post-page', () => import('@/features/content/pages/blog-post-page')) },
  { path: 'referral-program', element: <RequireAuth>{page('features/referrals/pages/referral-program-page', () => import('@/features/referrals/pages/referral-program-page'))}</RequireAuth> },
  { path: 'referral-program-info', element: page('features/referrals/pages/referral-info-page', () => import('@/features/referrals/pages/referral-info-page')) },
  // spec §2: requires ?code=; without it the page shows the not-found page itself.
  { path: 'referral-landing', element: page('features/referrals/pages/referral-landing-page', () => import('@/features/referrals/pages/referral-landing-page')) },
  { path: 'affordable-vehicles', element: page('features/vehicles/pages/affordable-vehicles-page', () => import('@/features/vehicles/pages/affordable-vehicles-page')) },
  { path: 'car-buying-tips', element: info('car-buying-tips') },
  { path: 'car-loans', element: info('car-loans') },
  { path: 'credit-rebuilding', element: info('credit-rebuilding') },
  { path: 'first-time-buyers', element: info('first-time-buyers') },
  { path: 'first-time-buyers-guide', element: info('first-time-buyers-guide') },
  { path: 'bad-credit-loans', element: info('bad-credit-loans') },
  { path: 'terms-and-conditions', element: legal('terms-and-conditions') },
  { path: 'privacy-policy', element: legal('privacy-policy') },
  { path: 'cookies-policy', element: legal('cookies-policy') },

  // Account (spec §2)
  { path: 'login', element: login },
  { path: 'customer-login', element: login },
  { path: 'admin-login', element: adminLogin },
  { path: 'register', element: page('features/auth/pages/register-page', () => import('@/features/auth/pages/register-page')) },
  { path: 'forgot-password', element: page('features/auth/pages/forgot-password-page', () => import('@/features/auth/pages/forgot-password-page')) },
  { path: 'reset-password', element: page('features/auth/pages/reset-password-page', () => import('@/features/auth/pages/reset-password-page')) },
  { path: 'profile', element: <RequireAuth>{page('features/accounts/pages/profile-page', () => import('@/features/accounts/pages/profile-page'))}</RequireAuth> },
  { path: 'unsubscribe', element: page('features/accounts/pages/unsubscribe-page', () => import('@/features/accounts/pages/unsubscribe-page')) },
  // Issue 33 §1: the signed link in a booking e-mail (see, move or cancel it without signing in).
  { path: 'appointments/manage', element: page('features/appointments/pages/manage-appointment-page', () => import('@/features/appointments/pages/manage-appointment-page')) },

  // Admin and staff (spec §2)
  { path: 'admin', element: adminDashboard },
  { path: 'admin/dashboard', element: adminDashboard },
  { path: 'add-vehicle', element: vehicleForm },
  { path: 'admin/add-vehicle', element: vehicleForm },
  { path: 'edit-vehicle/:id', element: vehicleForm },
  { path: 'admin/edit-vehicle/:id', element: vehicleForm },
  { path: 'admin/bulk-import', element: bulkImport },
  { path: 'bulk-import', element: bulkImport },
  { path: 'admin/fast-import', element: admin(page('features/admin/imports/pages/fast-import-page', () => import('@/features/admin/imports/pages/fast-import-page'))) },
  { path: 'admin/vin-import', element: admin(page('features/admin/imports/pages/vin-import-page', () => import('@/features/admin/imports/pages/vin-import-page'))) },
  { path: 'admin/image-manager', element: admin(page('features/admin/media/pages/image-manager-page', () => import('@/features/admin/media/pages/image-manager-page'))) },
  { path: 'admin/pre-approvals', element: admin(page('features/admin/pre-approvals/pages/pre-approvals-page', () => import('@/features/admin/pre-approvals/pages/pre-approvals-page'))) },
  { path: 'admin/form-analytics', element: admin(page('features/admin/analytics/pages/form-analytics-page', () => import('@/features/admin/analytics/pages/form-analytics-page'))) },
  { path: 'admin/leads', element: admin(page('features/admin/leads/pages/leads-page', () => import('@/features/admin/leads/pages/leads-page'))) },
  { path: 'admin/photos', element: admin(page('features/admin/media/pages/photos-page', () => import('@/features/admin/media/pages/photos-page'))) },
  // Back-office tools beyond spec §2's list (admin, accounts, leads and content issues).
  { path: 'admin/inventory', element: admin(page('features/admin/inventory/pages/inventory-page', () => import('@/features/admin/inventory/pages/inventory-page'))) },
  { path: 'admin/audit-log', element: admin(page('features/admin/security/pages/audit-log-page', () => import('@/features/admin/security/pages/audit-log-page'))) },
  { path: 'admin/security', element: admin(page('features/admin/security/pages/security-page', () => import('@/features/admin/security/pages/security-page'))) },
  { path: 'admin/dealer-settings', element: admin(page('features/admin/dealer-settings/pages/dealer-settings-page', () => import('@/features/admin/dealer-settings/pages/dealer-settings-page'))) },
  { path: 'admin/deal-settings', element: admin(page('features/admin/deal-settings/pages/deal-settings-page', () => import('@/features/admin/deal-settings/pages/deal-settings-page'))) },
  { path: 'admin/lead-delivery', element: admin(page('features/admin/lead-delivery/pages/lead-delivery-page', () => import('@/features/admin/lead-delivery/pages/lead-delivery-page'))) },
  { path: 'admin/outbox', element: admin(page('features/admin/outbox/pages/outbox-page', () => import('@/features/admin/outbox/pages/outbox-page'))) },
  { path: 'admin/inventory-feeds', element: admin(page('features/admin/inventory-feeds/pages/inventory-feeds-page', () => import('@/features/admin/inventory-feeds/pages/inventory-feeds-page'))) },
  { path: 'admin/feeds', element: admin(page('features/admin/feeds/pages/feeds-page', () => import('@/features/admin/feeds/pages/feeds-page'))) },
  { path: 'admin/listings', element: admin(page('features/admin/listings/pages/listing-moderation-page', () => import('@/features/admin/listings/pages/listing-moderation-page'))) },
  { path: 'admin/content', element: admin(page('features/admin/content/pages/content-list-page', () => import('@/features/admin/content/pages/content-list-page'))) },
  { path: 'admin/content/new', element: admin(page('features/admin/content/pages/content-editor-page', () => import('@/features/admin/content/pages/content-editor-page'))) },
  { path: 'admin/content/:id', element: admin(page('features/admin/content/pages/content-editor-page', () => import('@/features/admin/content/pages/content-editor-page'))) },

  // spec §2: any other path
  { path: '*', element: notFound },
];

export const routes: RouteObject[] = [
  {
    // Site-wide page views and the exit-intent modal (issue 6), loaded after the page itself.
    element: <><RootLayout /><Suspense fallback={null}><SiteAnalytics /></Suspense></>,
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
