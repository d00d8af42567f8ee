// Which routes this page load has shown, in order. The listing needs to know whether it is the first
// route of the SPA session and which route came before it (spec §4: fresh visits, arriving from home).
// document.referrer cannot tell: it never changes on client-side navigation.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const MAX_ENTRIES = 20;
const visited: string[] = [];

/** Mounted once, in the root layout: records each new pathname. */
export function useTrackRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (visited.at(-1) === pathname) return;
    visited.push(pathname);
    if (visited.length > MAX_ENTRIES) visited.shift();
  }, [pathname]);
}

/**
 * What came before `pathname`. Works whether or not the tracker has recorded `pathname` yet
 * (a child's effects run before its parent's, a lazy page mounts later).
 */
export function routeBefore(pathname: string): { firstRoute: boolean; previousPath: string | null } {
  const list = visited.at(-1) === pathname ? visited.slice(0, -1) : visited;
  return { firstRoute: list.length === 0, previousPath: list.at(-1) ?? null };
}
