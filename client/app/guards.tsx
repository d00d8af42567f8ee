// Route guards of spec §2/§6. They shape what the browser shows; the server enforces permissions
// on every call regardless (DESIGN.md convention 4). A server render of a guarded page that has a loader never
// gets here for a visitor: the loader answers with the redirect (lib/page-loader.ts signInFirst).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { loginTarget } from '@/lib/safe-redirect';
import { PageSpinner } from '@/components/ui/spinner';
import { NotAuthorisedPage } from '@/components/not-authorised-page';
import { useServerRedirect } from '@/lib/render-context';

function useLoginTarget(loginPath: string) {
  return loginTarget(loginPath, useLocation());
}

/** Account pages (profile, my listings, referral program): a visitor is sent to log in and then brought back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const target = useLoginTarget('/login');
  const isServer = useServerRedirect(status === 'unauthenticated' ? target : null);
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  // On the server the redirect is the HTTP answer; <Navigate> would only warn there.
  if (status === 'unauthenticated') return isServer ? <PageSpinner label="Checking your session" /> : <Navigate to={target} replace />;
  return children;
}

/**
 * Admin and staff pages. spec §2: an unauthenticated user goes to /admin-login; a logged-in user
 * who is not an active admin sees a plain "Not authorised" page; an admin sees the page.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin, user } = useAuth();
  const target = useLoginTarget('/admin-login');
  const isServer = useServerRedirect(status === 'unauthenticated' ? target : null);
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'unauthenticated') return isServer ? <PageSpinner label="Checking your session" /> : <Navigate to={target} replace />;
  if (!isAdmin) return <NotAuthorisedPage username={user?.username} />;
  return children;
}
