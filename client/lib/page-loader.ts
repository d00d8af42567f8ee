// Route loaders (issue 31 §4; the loaders themselves: app/loaders.ts and features/admin/page-loaders.ts). Each route
// of the one route table (app/router.tsx) names the data its page shows, as the TanStack Query options its
// components read, so the cache is seeded before the page renders.
// - On the server (client/entry-server.tsx) React Router's static handler runs the matched routes' loaders and
//   waits for them, then the page renders once, with its data. A query a loader forgot is still fetched (the
//   renderer records what the render asked for and renders again), and reported, so a missing line shows up in
//   tests (server/plugins/page-loaders.test.ts) rather than as a slow page.
// - In the browser the same loaders run on navigation. They start the requests and return at once, so a page
//   still paints at once with its loading state rather than the router holding the old page until data arrives.
// Loaders return nothing: the data lives in the query cache, which the server dehydrates into the page and the
// browser hydrates from (lib/render-state.ts); the router only learns that each loader has run (hydrationData).
import { createContext, redirect, type LoaderFunction, type LoaderFunctionArgs, type RouterContextProvider } from 'react-router';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { TIMING, type SortKey } from '@domain/constants';
import { currentUserQueryKey, fetchCurrentUser } from './auth';
import { loginTarget } from './safe-redirect';

/** What a loader gets from whoever runs the router: the page's query client and which side it runs on. */
export interface PageLoadContext {
  queryClient: QueryClient;
  /** True on the server: the loader's requests are awaited, so the page renders once with their answers. */
  server: boolean;
  /** The listing sort the page renders with: the server's from its cookie, the browser's from storage. */
  sort: SortKey | null;
}

export const pageLoadContext = createContext<PageLoadContext>();

export interface LoadArgs {
  params: LoaderFunctionArgs['params'];
  url: URL;
  ctx: PageLoadContext;
  /** Seeds the cache with these queries (never throws: a failed query is kept as an error, as the page renders it). */
  ensure(...options: FetchQueryOptions<any, any, any, any>[]): Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A route loader from what the route's page reads. `load` may await one answer before asking for the next (the
 * vehicle before its deal rating); on the server the whole of it is awaited, in the browser none of it is.
 */
export function pageLoader(load: (args: LoadArgs) => Promise<unknown>): LoaderFunction {
  return async ({ params, request, context }) => {
    const ctx = (context as RouterContextProvider).get(pageLoadContext);
    const client = ctx.queryClient;
    const ensure: LoadArgs['ensure'] = async (...options) => {
      await Promise.all(options.map((o) => client.prefetchQuery(o)));
    };
    return settle(ctx, load({ params, url: new URL(request.url), ctx, ensure }));
  };
}

/**
 * How a loader's work ends: on the server it is awaited and a redirect it threw is the loader's answer; in the
 * browser it runs on without holding the navigation. Any other failure is the page's to show (a failed query stays
 * in the cache as an error).
 */
async function settle(ctx: PageLoadContext, work: Promise<unknown>): Promise<null> {
  const outcome = work.catch((e: unknown) => (e instanceof Response ? e : null));
  if (ctx.server) {
    const answer = await outcome;
    if (answer instanceof Response) throw answer;
  }
  return null;
}

/**
 * An account or back-office page asked for by a visitor: on the server the loader answers with the redirect to the
 * sign-in page (302, and the page is not rendered); in the browser the route's guard does it (app/guards.tsx).
 */
export function signInFirst(ctx: PageLoadContext, url: URL, loginPath: '/login' | '/admin-login') {
  if (ctx.server) throw redirect(loginTarget(loginPath, url));
}

/** Signed-in visitors' data hangs off who they are: the current user first (null for a visitor). */
export async function currentUser(client: QueryClient) {
  try {
    return await client.fetchQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, staleTime: TIMING.userStale });
  } catch {
    return null;
  }
}


/**
 * A loader whose code is loaded with the page's own (the back office's: kept out of the public pages' script).
 * On the server the import is awaited with the rest; in the browser the loader starts it and returns.
 */
export function lazyLoader(importLoader: () => Promise<LoaderFunction>): LoaderFunction {
  return (args) => settle((args.context as RouterContextProvider).get(pageLoadContext), importLoader().then((loader) => loader(args)));
}
