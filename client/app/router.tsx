// The one route table (DESIGN.md): every route of spec §2, each page lazily loaded behind a centred
// spinner. Pages other issues will build are placeholders that say so (components/coming-soon.tsx).
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
// Static: the error page needs it anyway, and a 404 should not wait for a download.
import NotFoundPage from '@/components/not-found-page';
import HomePage from '@/features/home/pages/home-page';
import ListingPage from '@/features/listing/pages/listing-page';
import VehicleDetailsPage from '@/features/vehicles/pages/vehicle-details-page';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RequireAdmin, RequireAuth } from './guards';
import { RouteErrorPage } from './route-error';
import type { InfoTopic } from '@/features/content/pages/info-page';
import type { LegalDoc } from '@/features/content/pages/legal-page';

/** A route's page: its element, and in `handle.preload` what loads its code (client/main.tsx, entry-server.tsx). */
interface PageRoute {
  element: ReactElement;
  handle?: { preload: () => Promise<unknown> };
}

/**
 * A lazily loaded page. Each page gets its own Suspense boundary, so a page whose code is still downloading shows
 * the spinner in the main area (spec §2) while header and footer stay put. Once its code is loaded (preload), the
 * page renders at once instead of through React.lazy, which would suspend one more time: the browser preloads the
 * current route's page before hydrating, so the server's HTML is hydrated in one pass, and the server preloads
 * every page at start.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function page<P extends Record<string, any>>(load: () => Promise<{ default: ComponentType<P> }>, props?: P): PageRoute {
  let Loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  const preload = () => load().then((m) => { Loaded = m.default; });
  function Page(p: P) {
    return Loaded ? <Loaded {...p} /> : <Lazy {...p} />;
  }
  return {
    element: (
      <Suspense fallback={<PageSpinner />}>
        <Page {...(props ?? ({} as P))} />
      </Suspense>
    ),
    handle: { preload },
  };
}

// The three pages most visits start on ship with the entry instead of loading after it: a lazy page costs a phone
// a chain of requests (its chunk, then the small chunks it imports) before the first vehicle photo can paint, which
// kept Lighthouse's LCP near 4 s (docs/PERFORMANCE.md). Every other page stays lazy.
const home: PageRoute = { element: <HomePage /> };
const notFound: PageRoute = { element: <NotFoundPage /> };

const info = (topic: InfoTopic) => page(() => import('@/features/content/pages/info-page'), { topic });
const legal = (doc: LegalDoc) => page(() => import('@/features/content/pages/legal-page'), { doc });

const login = page(() => import('@/features/account/pages/login-page'));
const adminLogin = page(() => import('@/features/account/pages/login-page'), { variant: 'admin' as const });

// Admin and staff pages (spec §2). Old and /admin/ paths both work: links in the wild use both.
// The back-office shell (sidebar of every tool) wraps each admin page; lazy so public pages never download it.
const AdminLayout = lazy(() => import('@/features/admin/components/admin-layout').then((m) => ({ default: m.AdminLayout })));
const admin = ({ element, handle }: PageRoute): PageRoute => ({
  element: <RequireAdmin><Suspense fallback={<PageSpinner />}><AdminLayout>{element}</AdminLayout></Suspense></RequireAdmin>,
  ...(handle ? { handle } : {}),
});
const signedIn = ({ element, handle }: PageRoute): PageRoute => ({ element: <RequireAuth>{element}</RequireAuth>, ...(handle ? { handle } : {}) });
const adminDashboard = admin(page(() => import('@/features/admin/pages/dashboard-page')));
const vehicleForm = admin(page(() => import('@/features/admin/pages/vehicle-form-page')));
const bulkImport = admin(page(() => import('@/features/admin/pages/bulk-import-page')));

// The listing's calculator on /financing too: composed here because features do not import each other.
const FinancingCalculator = lazy(() => import('@/features/listing/components/affordability-calculator').then((m) => ({ default: m.AffordabilityCalculator })));

const SiteAnalytics = lazy(() => import('@/features/leads/exit-intent/site-analytics'));

const pages: RouteObject[] = [
  // Public (spec §2)
  { index: true, ...home },
  { path: 'vehicles', element: <ListingPage /> },
  { path: 'vehicles/:id', element: <VehicleDetailsPage /> },
  { path: 'deal-of-the-day', ...page(() => import('@/features/vehicles/pages/deal-of-the-day-page')) },
  { path: 'vehicle-finder', ...page(() => import('@/features/vehicles/pages/vehicle-finder-page')) },
  { path: 'trade-appraiser', ...page(() => import('@/features/leads/pages/trade-appraiser-page')) },
  { path: 'sell-my-vehicle', ...page(() => import('@/features/leads/pages/sell-my-vehicle-page')) },
  { path: 'financing', ...page(() => import('@/features/finance/pages/financing-page'), { Calculator: FinancingCalculator }) },
  { path: 'pre-approval', ...page(() => import('@/features/finance/pages/pre-approval-page')) },
  // spec §6: visitors may keep a saved list too; only syncing it needs an account.
  { path: 'saved', ...page(() => import('@/features/saved/pages/saved-page')) },
  { path: 'my-listings', ...signedIn(page(() => import('@/features/listings/pages/my-listings-page'))) },
  { path: 'contact', ...page(() => import('@/features/leads/pages/contact-page')) },
  { path: 'blog', ...page(() => import('@/features/content/pages/blog-index-page')) },
  { path: 'blog/category/:slug', ...page(() => import('@/features/content/pages/blog-category-page')) },
  { path: 'blog/:slug', ...page(() => import('@/features/content/pages/blog-post-page')) },
  { path: 'referral-program', ...signedIn(page(() => import('@/features/referral/pages/referral-program-page'))) },
  { path: 'referral-program-info', ...page(() => import('@/features/referral/pages/referral-info-page')) },
  // spec §2: requires ?code=; without it the page shows the not-found page itself.
  { path: 'referral-landing', ...page(() => import('@/features/referral/pages/referral-landing-page')) },
  { path: 'affordable-vehicles', ...page(() => import('@/features/listing/pages/affordable-vehicles-page')) },
  { path: 'car-buying-tips', ...info('car-buying-tips') },
  { path: 'car-loans', ...info('car-loans') },
  { path: 'credit-rebuilding', ...info('credit-rebuilding') },
  { path: 'first-time-buyers', ...info('first-time-buyers') },
  { path: 'first-time-buyers-guide', ...info('first-time-buyers-guide') },
  { path: 'bad-credit-loans', ...info('bad-credit-loans') },
  { path: 'terms-and-conditions', ...legal('terms-and-conditions') },
  { path: 'privacy-policy', ...legal('privacy-policy') },
  { path: 'cookies-policy', ...legal('cookies-policy') },

  // Account (spec §2)
  { path: 'login', ...login },
  { path: 'customer-login', ...login },
  { path: 'admin-login', ...adminLogin },
  { path: 'register', ...page(() => import('@/features/account/pages/register-page')) },
  { path: 'forgot-password', ...page(() => import('@/features/account/pages/forgot-password-page')) },
  { path: 'reset-password', ...page(() => import('@/features/account/pages/reset-password-page')) },
  { path: 'profile', ...signedIn(page(() => import('@/features/account/pages/profile-page'))) },
  { path: 'unsubscribe', ...page(() => import('@/features/account/pages/unsubscribe-page')) },

  // Admin and staff (spec §2)
  { path: 'admin', ...adminDashboard },
  { path: 'admin/dashboard', ...adminDashboard },
  { path: 'add-vehicle', ...vehicleForm },
  { path: 'admin/add-vehicle', ...vehicleForm },
  { path: 'edit-vehicle/:id', ...vehicleForm },
  { path: 'admin/edit-vehicle/:id', ...vehicleForm },
  { path: 'admin/bulk-import', ...bulkImport },
  { path: 'bulk-import', ...bulkImport },
  { path: 'admin/fast-import', ...admin(page(() => import('@/features/admin/pages/fast-import-page'))) },
  { path: 'admin/vin-import', ...admin(page(() => import('@/features/admin/pages/vin-import-page'))) },
  { path: 'admin/image-manager', ...admin(page(() => import('@/features/admin/pages/image-manager-page'))) },
  { path: 'admin/pre-approvals', ...admin(page(() => import('@/features/admin/pages/pre-approvals-page'))) },
  { path: 'admin/form-analytics', ...admin(page(() => import('@/features/admin/pages/form-analytics-page'))) },
  { path: 'admin/leads', ...admin(page(() => import('@/features/admin/pages/leads-page'))) },
  { path: 'admin/photos', ...admin(page(() => import('@/features/admin/pages/photos-page'))) },
  // Back-office tools beyond spec §2's list (admin, accounts, leads and content issues).
  { path: 'admin/inventory', ...admin(page(() => import('@/features/admin/pages/inventory-page'))) },
  { path: 'admin/audit-log', ...admin(page(() => import('@/features/admin/pages/audit-log-page'))) },
  { path: 'admin/security', ...admin(page(() => import('@/features/admin/pages/security-page'))) },
  { path: 'admin/outbox', ...admin(page(() => import('@/features/admin/pages/outbox-page'))) },
  { path: 'admin/listings', ...admin(page(() => import('@/features/admin/pages/listing-moderation-page'))) },
  { path: 'admin/content', ...admin(page(() => import('@/features/admin/pages/content-list-page'))) },
  { path: 'admin/content/new', ...admin(page(() => import('@/features/admin/pages/content-editor-page'))) },
  { path: 'admin/content/:id', ...admin(page(() => import('@/features/admin/pages/content-editor-page'))) },

  // spec §2: any other path
  { path: '*', ...notFound },
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
