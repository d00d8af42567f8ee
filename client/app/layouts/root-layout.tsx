import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { useTrackRoutes } from '@/lib/route-history';

/** Everything that needs the router (auth navigates on logout, spec §4) sits inside the root route. */
export function RootLayout() {
  // The listing asks which route came before it (spec §4).
  useTrackRoutes();
  return (
    <AuthProvider>
      <ScrollRestoration />
      <Outlet />
    </AuthProvider>
  );
}
