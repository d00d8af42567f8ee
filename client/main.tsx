// The browser side of server rendering (DESIGN.md "Server rendering"): the page arrived as HTML rendered from the
// same route table with the render state beside it (client/entry-server.tsx); hydrateRoot takes that HTML over
// with the same query cache and theme, so the first render matches it exactly. A page without render state (the
// Vite dev server's index.html) is rendered from scratch instead.
// First: zod's settings must be in place before any module builds a schema.
import './zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, RouterContextProvider } from 'react-router';
// react-router/dom supplies ReactDOM.flushSync to the router (React Router 7's DOM entry).
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { pageLoadContext } from '@/lib/page-loader';
import { createQueryClient } from '@/lib/query-client';
import { preloadComponents, wakeWaitingParts } from '@/lib/lazy-component';
import { dropEarlyEvents, replayEarlyEvents } from '@/lib/early-events';
import { readRenderState } from '@/lib/render-state';
import { readString } from '@/lib/storage';
import { STORAGE_KEYS } from '@domain/constants';
import { sortFromCookie } from '@domain/page-render';
import './styles.css';

// The app's code has started (visible in any performance trace; e2e/parse-order.spec.ts waits for it).
performance.mark('app:start');

function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  const state = readRenderState();
  const queryClient = createQueryClient();
  if (state) {
    // The shop's queries that came with the page are kept (not dropped after 5 minutes unobserved): parts of it wait
    // to be hydrated until the shopper comes near them (lazyOnView: the footer's stock claim, the vehicle page's
    // similar vehicles), maybe long after, and hydrating one must find the data the server drew, or React would
    // replace its HTML. One page's worth of data, for the life of the tab. Not the back office's: it has no such
    // parts, and some of its reads are kept no longer than they are shown (an application's personal data).
    const { queries, ...rest } = state.queries;
    const backOffice = (q: (typeof queries)[number]) => String(q.queryKey[0]).startsWith('/api/admin');
    hydrate(queryClient, { ...rest, queries: queries.filter((q) => !backOffice(q)) }, { defaultOptions: { queries: { gcTime: Infinity } } });
    hydrate(queryClient, { mutations: [], queries: queries.filter(backOffice) });
  }
  // The route loaders (app/loaders.ts) start their requests on navigation and return; on the first render they have
  // already run on the server, which says so in the render state (hydrationData), so they are not run again.
  const router = createBrowserRouter(routes, {
    ...(state ? { hydrationData: { loaderData: state.loaderData } } : {}),
    getContext: () => {
      const context = new RouterContextProvider();
      context.set(pageLoadContext, { queryClient, server: false, sort: sortFromCookie(readString(STORAGE_KEYS.sort) ?? undefined) });
      return context;
    },
  });
  // Parts that wait to be near the viewport load as a navigation starts, alongside its data (lib/lazy-component.tsx).
  router.subscribe((next) => { if (next.navigation.state !== 'idle') wakeWaitingParts(); });

  const app = (
    <StrictMode>
      <AppProviders client={queryClient} theme={state?.theme ?? 'light'} sort={state?.sort ?? null} device={state?.device ?? 'other'} renderedAt={state?.renderedAt ?? null}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (state) {
    // The code of every lazily loaded part the server rendered first (the page itself, the header's account menu…),
    // so the server's HTML is hydrated in one pass (lib/lazy-component.tsx). A promise, not a top-level await: with
    // one, Rollup splits the entry's static imports into ~100 preloaded chunks.
    void preloadComponents(state.modules).then(() => {
      // Started in a transition, React hydrates the page in short slices it can interrupt instead of the root in
      // one long task (a render in the default lane is never sliced): a slow phone's main thread stays free between
      // them, and a tap meanwhile makes React hydrate what it lands on at once and then handle it (issue 35 §2).
      startTransition(() => {
        hydrateRoot(root, app);
      });
      // Taps made before this moment (lib/early-events.ts, issue 35 §2).
      replayEarlyEvents();
    });
  } else {
    dropEarlyEvents();
    createRoot(root).render(app);
  }
}

// This code may run while the page is still being parsed: public/app-loader.js starts it after the first paint,
// which on a slow phone comes before the parser reaches the render state at the end of the body. Read too early,
// the state would be missing and the server's HTML thrown away for a render from scratch (a flash of skeletons
// and a large layout shift), so the app starts once the whole document is in.
// Either way it starts in a task of its own: evaluating the entry is already one long task on a slow phone, and the
// start (reading the render state, the router, the first hydration slice) in the same task made it longer still
// (issue 35 §2, Total Blocking Time counts each task's time over 50 ms); a tap can be handled in between.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else setTimeout(start, 0);
