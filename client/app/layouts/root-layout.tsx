import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '@/lib/auth';

/** Everything that needs the router (auth navigates on logout, spec §4) sits inside the root route. */
export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollRestoration />
      <Outlet />
    </AuthProvider>
  );
}
