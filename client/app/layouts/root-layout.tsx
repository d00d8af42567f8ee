import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CardIconSprite } from '@/components/card-icons';
import { AuthProvider } from '@/lib/auth';
import { useTrackRoutes } from '@/lib/route-history';
import { useFocusHeadingOnNavigate } from '@/lib/use-focus-heading';

/** Everything that needs the router (auth navigates on logout, spec §4) sits inside the root route. */
export function RootLayout() {
  // The listing asks which route came before it (spec §4).
  useTrackRoutes();
  // After a client-side navigation, focus (and a screen reader) goes to the new page's heading.
  useFocusHeadingOnNavigate();
  // The page is live: the server's HTML has been hydrated (or, without it, rendered). Tests and tools wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const getScrollKey = useReloadedListingStartsAtTop();
  return (
    <AuthProvider>
      <ScrollRestoration getKey={getScrollKey} />
      <Outlet />
      {/* Vehicle cards on any page draw their icons from it (issue 17); after the page, so the root's first child
          stays the page's own markup. */}
      <CardIconSprite />
    </AuthProvider>
  );
}

/** Whether this document was loaded by a reload (the navigation entry says so for the document's whole life). */
function isReload(): boolean {
  try {
    return (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload';
  } catch {
    return false;
  }
}

/**
 * spec §4: a reload of the listing starts at the top. Three things would put the old position back, and each is
 * answered here, in the root layout, which hydrates first: the listing itself hydrates later, in its own Suspense
 * boundary (site-layout.tsx, issue 35 §2), so its own reset (use-listing-state.ts) cannot be relied on to come last.
 * - <ScrollRestoration> keys positions by the history entry, which a reload keeps, so it put back the position the
 *   listing had just reset (2000 → 0 → 2000, issue 33 §5). The reloaded listing entry gets a key of its own: nothing
 *   is stored under it at first, and what is stored later (leaving for a vehicle and coming Back) is stored and found
 *   under the same key, so Back restores exactly as before.
 * - The browser's own restoration, which <ScrollRestoration> turns back on as the page is hidden so other pages keep
 *   it across a reload. Leaving the listing turns it off again for that entry: the listing restores its position
 *   itself, from its saved state, when the shopper comes back (spec §3), and a reload must not restore it at all.
 *   `visibilitychange` comes after every `pagehide` listener (HTML: unloading a document), whichever was added last.
 * - Anything that restored it before the app started: the root resets it as it hydrates.
 */
const LISTING_PATH = '/vehicles';

function useReloadedListingStartsAtTop() {
  const location = useLocation();
  const reloadedKey = useRef<string | null>(typeof window !== 'undefined' && isReload() && location.pathname === LISTING_PATH ? location.key : null);
  useLayoutEffect(() => {
    if (reloadedKey.current !== null) window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && window.location.pathname === LISTING_PATH) window.history.scrollRestoration = 'manual';
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, []);
  return useCallback((l: Location) => (reloadedKey.current !== null && l.key === reloadedKey.current ? `${l.key}:reloaded` : l.key), []);
}
