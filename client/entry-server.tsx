// The server side of server rendering (DESIGN.md "Server rendering"; server/plugins/pages.ts calls renderPage).
// One page render, per request:
// 1. React Router's static handler matches the URL against the one route table (app/router.tsx).
// 2. The matched routes' loaders (app/loaders.ts) fill a fresh query client with the page's data, fetched from the
//    API in process, as the visitor (the transport the server passes in).
// 3. The app renders once from that cache. The query client also records every query a component asks for: one
//    that no loader fetched is fetched then and the page rendered again (at most MAX_RENDERS times), and the result
//    names it (`unloaded`), so a route whose loader misses a query is found by the tests, not by a slow page.
// 4. A route whose head comes from data (app/heads.ts) builds it from the same cache: no read of its own.
// 5. The last render's HTML goes out with the query cache (dehydrated) as JSON, and the browser hydrates the same
//    tree from it (client/main.tsx).
// Rendering waits for everything (onAllReady), lazy pages included: the HTML is complete, and React writes no
// inline script to swap late content in, which the CSP would block.
import './zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, RouterContextProvider, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { SortKey } from '@domain/constants';
import type { ApiTransport, RenderPage, RouteHead, RouteHeadOf } from '@domain/page-render';
import { setApiTransport } from '@/lib/api-client';
import { preloadAllComponents } from '@/lib/lazy-component';
import { queryClientOptions } from '@/lib/query-client';
import { RenderOutcomeContext, type RenderOutcome } from '@/lib/render-context';
import { serialiseRenderState } from '@/lib/render-state';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { pageLoadContext } from '@/lib/page-loader';
import { headOf, isDataHead } from '@/app/route-head';
import { PAGE_HEADS } from '@/app/heads';

/** At most this many renders per page: a query chain longer than this renders its tail in the browser. */
const MAX_RENDERS = 4;

// Each render's API requests go to that render's transport, however renders interleave.
const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport(() => transports.getStore() ?? null);

/**
 * A query client that notes the queries rendered components ask for: useQuery defaults its options through
 * defaultQueryOptions during render, with `enabled` resolved there as in the browser. fetchMissing fetches every
 * noted query that has neither data nor an error yet (none, once the route loaders did their job), and names them.
 */
function recordingQueryClient() {
  const client = new QueryClient(queryClientOptions());
  type Defaulted = ReturnType<QueryClient['defaultQueryOptions']>;
  const wanted = new Map<string, Defaulted>();
  const defaults = client.defaultQueryOptions.bind(client) as (options: unknown) => Defaulted;
  client.defaultQueryOptions = ((options: unknown) => {
    const defaulted = defaults(options);
    const query = client.getQueryCache().get(defaulted.queryHash);
    const { enabled } = defaulted;
    const on = typeof enabled === 'function' ? (query ? enabled(query as never) : true) : enabled;
    if (on !== false && !wanted.has(defaulted.queryHash)) wanted.set(defaulted.queryHash, defaulted);
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  async function fetchMissing(): Promise<string[]> {
    const missing = [...wanted.values()].filter((o) => {
      const q = client.getQueryCache().get(o.queryHash);
      return !q || (q.state.data === undefined && q.state.status !== 'error');
    });
    if (missing.length === 0) return [];
    await Promise.all(missing.map((o) => client.prefetchQuery(o as never)));
    return missing.map((o) => o.queryHash);
  }
  return { client, fetchMissing };
}

function renderToString(element: ReactNode, onError: (err: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) { chunks.push(Buffer.from(chunk)); done(); },
      final(done) { resolve(Buffer.concat(chunks).toString('utf8')); done(); },
    });
    const stream = renderToPipeableStream(element, {
      // React outlines a large finished Suspense boundary (default: over 12.8 kB) to be swapped in by an inline
      // script: never, here. The CSP forbids inline script, and the whole page is ready before it is sent anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() { stream.pipe(sink); },
      onShellError: reject,
      // An error inside a Suspense boundary: React renders its fallback and the browser tries again.
      onError,
    });
  });
}

/** The route table as React Router's data routes: built once, as each query (a request) keeps no state in it. */
const handler = createStaticHandler(routes);

/** Every lazily loaded component's code, loaded once: renders then never wait for a module (lib/lazy-component.tsx). */
let componentsLoaded: Promise<void> | null = null;

export const renderPage: RenderPage = async ({ url, theme, sort, device, api, onError }) => {
  await (componentsLoaded ??= preloadAllComponents());
  const { client, fetchMissing } = recordingQueryClient();
  const loadContext = new RouterContextProvider();
  loadContext.set(pageLoadContext, { queryClient: client, server: true, sort });
  const renderedAt = Date.now();
  return transports.run(api, async () => {
    // The matched routes' loaders (app/loaders.ts) seed the query cache, and are awaited.
    const context = await handler.query(new Request(url), { requestContext: loadContext });
    // A loader's redirect (a visitor on an account or back-office page: lib/page-loader.ts signInFirst), or React
    // Router's own: the answer, with no render.
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const unloaded: string[] = [];
    for (let renders = 1; ; renders++) {
      const outcome: RenderOutcome = { status: 200, redirect: null, modules: new Set() };
      const html = await renderToString(
        <StrictMode>
          <RenderOutcomeContext.Provider value={outcome}>
            <AppProviders client={client} theme={theme} sort={sort} device={device} renderedAt={renderedAt}>
              {/* hydrate={false}: its inline hydration script is not allowed by the CSP; the render state carries the loader data. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </RenderOutcomeContext.Provider>
        </StrictMode>,
        onError,
      );
      if (outcome.redirect) return { kind: 'redirect', status: 302, location: outcome.redirect };
      // What the page asked for that no loader had fetched: fetched now and rendered again (a slower page, not a
      // wrong one), and reported, so the route's loader can be completed.
      const missing = renders >= MAX_RENDERS ? [] : await fetchMissing();
      unloaded.push(...missing);
      if (missing.length === 0) {
        const modules = [...outcome.modules];
        const head = dataHeadOf(context.matches, new URL(url), sort, client);
        const state = serialiseRenderState({
          theme,
          sort,
          device,
          renderedAt,
          modules,
          loaderData: context.loaderData,
          queries: dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' }),
        });
        client.clear();
        return { kind: 'page', status: outcome.status, html, state, modules, renders, unloaded, head };
      }
    }
  });
};

/** The head the matched route builds from the page's data (app/heads.ts), or null when its head is static. */
function dataHeadOf(matches: readonly { route: { handle?: unknown }; params: Record<string, string | undefined> }[], url: URL, sort: SortKey | null, queryClient: QueryClient) {
  const declared = headOf(matches.map((m) => m.route));
  if (!declared || !isDataHead(declared)) return null;
  return PAGE_HEADS[declared.data]({ params: matches.at(-1)?.params ?? {}, url, sort, publicUrl: url.origin, queryClient });
}

/**
 * The head a path's route declares (issue 31 §5: app/router.tsx `handle.head`, read by headOf as in the browser):
 * a static page's own head, or that the render builds it from the page's data (RenderPageResult `head`).
 */
export const routeHead: RouteHeadOf = (pathname) => {
  const known = routeHeads.get(pathname);
  if (known !== undefined) return known;
  const head = headOf((matchRoutes(routes, pathname) ?? []).map((m) => m.route));
  const answer: RouteHead | null = head === null ? null : isDataHead(head) ? { kind: 'data' } : { kind: 'static', head };
  if (routeHeads.size >= ROUTE_HEADS_KEPT) routeHeads.delete(routeHeads.keys().next().value!);
  routeHeads.set(pathname, answer);
  return answer;
};

/**
 * routeHead's answers by path. matchRoutes flattens and ranks the whole route table on every call: 4.5 % of the
 * event loop's time in the soak (docs/PERFORMANCE.md, issue 30), for an answer that never changes for a path.
 * Bounded (oldest out first): paths come from visitors, and most are one vehicle's page.
 */
const routeHeads = new Map<string, RouteHead | null>();
const ROUTE_HEADS_KEPT = 2_000;
