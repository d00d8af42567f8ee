// Each page is declared once (issue 31 §5): its route entry in app/router.tsx carries its head in `handle.head`,
// either written there (a static page: title, description, robots) or named with dataHead (a page whose head comes
// from its data: app/heads.ts builds it from what the route's loader fetched). The server's first HTML
// (entry-server.tsx) and the title the browser sets on navigation (RouteTitle) both read it through headOf, so the
// two cannot disagree.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useMatches, useParams, type RouteObject } from 'react-router';
import { pageTitle, type StaticHead } from '@domain/seo';
import type { HeadBuilder, PageHeadName } from './heads';

/** A head built from the page's data by the builder of this name (app/heads.ts). */
export interface DataHead { data: PageHeadName }

export type RouteHeadDeclaration = StaticHead | DataHead;

export const dataHead = (name: PageHeadName): RouteHandle => ({ head: { data: name } });
export const isDataHead = (head: RouteHeadDeclaration): head is DataHead => 'data' in head;

/** The head builders, loaded on the first client navigation that needs one (the first HTML already has its head). */
let builders: Promise<Record<PageHeadName, HeadBuilder>> | null = null;
const loadBuilders = () => (builders ??= import('./heads').then((m) => m.PAGE_HEADS));

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
 * Sets the document title from the route's head on navigation: a static head's title at once; a data head's once
 * its builder has the data (it reads the query cache again whenever a query settles). Rendered before the page (a
 * sibling ahead of the Outlet), so its effect runs first and a page that shows another title (the not-found page
 * inside /referral-landing or a site page) sets its own afterwards.
 */
export function RouteTitle() {
  const head = headOf(useMatches());
  const location = useLocation();
  const params = useParams();
  const queryClient = useQueryClient();
  const title = head && !isDataHead(head) ? head.title : null;
  const dataName = head && isDataHead(head) ? head.data : null;
  const [firstRender] = useState(() => ({ key: location.key }));
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title);
  }, [title, location.pathname]);
  useEffect(() => {
    // The server wrote the first page's head: nothing to load until the shopper navigates.
    if (dataName === null || location.key === firstRender.key) return;
    let live = true;
    let unsubscribe = () => {};
    void loadBuilders().then((heads) => {
      if (!live) return;
      const url = new URL(location.pathname + location.search, window.location.origin);
      const apply = () => {
        // Only the title is used here, and no page's title depends on the listing's sort.
        const built = heads[dataName]({ params, url, sort: null, publicUrl: window.location.origin, queryClient });
        if (built && document.title !== pageTitle(built.title)) document.title = pageTitle(built.title);
      };
      apply();
      unsubscribe = queryClient.getQueryCache().subscribe((event) => { if (event.type === 'updated') apply(); });
    });
    return () => { live = false; unsubscribe(); };
  }, [dataName, location.key, location.pathname, location.search, firstRender.key, params, queryClient]);
  return null;
}
