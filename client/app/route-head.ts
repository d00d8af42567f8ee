// Each page is declared once (issue 31 §5): its route entry in app/router.tsx carries its head in `handle.head`,
// either written there (a static page: title, description, robots) or SERVER_HEAD, naming the server resolver
// registered under the route's path (server/modules/seo, app.seo.addHead) for pages whose head comes from data.
// The server's first HTML (entry-server.tsx routeHead) and the title the browser sets on navigation (RouteTitle)
// both read it through headOf, so the two cannot disagree.
import { useEffect } from 'react';
import { useLocation, useMatches, type RouteObject } from 'react-router';
import { pageTitle, type StaticHead } from '@domain/seo';

/** The head is built by the server resolver registered under this route's path; the page sets its own title. */
export const SERVER_HEAD = 'server';

export type RouteHeadDeclaration = StaticHead | typeof SERVER_HEAD;

export interface RouteHandle {
  head: RouteHeadDeclaration;
}

/** The head of the deepest matched route that declares one (layout routes declare none). */
export function headOf(matched: readonly { handle?: unknown }[]): RouteHeadDeclaration | null {
  for (let i = matched.length - 1; i >= 0; i--) {
    const head = (matched[i]!.handle as Partial<RouteHandle> | undefined)?.head;
    if (head) return head;
  }
  return null;
}

/** The full path pattern of matched routes, e.g. "/vehicles/:id" ("/" for the index route). */
export const patternOf = (matched: readonly { path?: string }[]) =>
  `/${matched.map((r) => r.path).filter(Boolean).join('/')}`;

/** Every page route of a route table with its full pattern and the route entry itself (for tests and tools). */
export function pageRoutes(routes: readonly RouteObject[], parents: readonly RouteObject[] = []): { pattern: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    if (route.children) return pageRoutes(route.children, chain);
    return [{ pattern: patternOf(chain), route }];
  });
}

/**
 * Sets the document title from the route's static head on navigation. Rendered before the page (a sibling ahead of
 * the Outlet), so its effect runs first and a page that shows another title (the not-found page inside
 * /referral-landing, a page with data) sets its own afterwards.
 */
export function RouteTitle() {
  const head = headOf(useMatches());
  const { pathname } = useLocation();
  const title = head && head !== SERVER_HEAD ? head.title : null;
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title);
  }, [title, pathname]);
  return null;
}
