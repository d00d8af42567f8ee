import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
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
  return (
    <AuthProvider>
      <ScrollRestoration />
      <Outlet />
      {/* Vehicle cards on any page draw their icons from it (issue 17); after the page, so the root's first child
          stays the page's own markup. */}
      <CardIconSprite />
    </AuthProvider>
  );
}
