import { useCallback, useEffect, useRef } from 'react';
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
 * spec §4: a reload of the listing starts at the top. <ScrollRestoration> keys positions by the history entry, which
 * a reload keeps, so it put back the position the listing had just reset (2000 → 0 → 2000, issue 33 §5). The reloaded
 * listing entry gets a key of its own: nothing is stored under it at first, and what is stored later (leaving for a
 * vehicle and coming Back) is stored and found under the same key, so Back restores exactly as before.
 */
function useReloadedListingStartsAtTop() {
  const location = useLocation();
  const reloadedKey = useRef<string | null>(typeof window !== 'undefined' && isReload() && location.pathname === '/vehicles' ? location.key : null);
  return useCallback((l: Location) => (reloadedKey.current !== null && l.key === reloadedKey.current ? `${l.key}:reloaded` : l.key), []);
}
