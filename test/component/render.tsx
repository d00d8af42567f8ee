// Renders a component as the app does: inside AppProviders (the query client with the app's defaults, the toast
// layer) and a memory router (React Router's in-memory history, the same route objects the app builds), with the
// network faked at fetch() only: a small table of handlers answers the API paths a test names, and anything else
// fails the test loudly instead of reaching a server.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

export interface FakeRequest { method: string; path: string; query: URLSearchParams; body: unknown }
type Answer = { status?: number; body: unknown } | unknown;
type Handler = (req: FakeRequest) => Answer | Promise<Answer>;

/** fetch() answered from `handlers` ("GET /api/vehicles/facets": handler); the requests it saw, in order. */
export function fakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const req: FakeRequest = { method, path: url.pathname, query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(req);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`No fake answer for ${method} ${url.pathname}${url.search}`);
    const answer = await handler(req);
    const full = answer && typeof answer === 'object' && 'body' in answer ? answer as { status?: number; body: unknown } : { body: answer };
    return new Response(JSON.stringify(full.body), { status: full.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch };
}

interface Options {
  /** Where the memory router starts. */
  at?: string;
  /** Other routes beside the one rendering `ui` (at '*'), e.g. a page a button navigates to. */
  routes?: RouteObject[];
  /** user-event's options: with fake timers, `advanceTimers: vi.advanceTimersByTime`. */
  user?: Parameters<typeof userEvent.setup>[0];
}

export function renderWithApp(ui: ReactElement, { at = '/', routes = [], user }: Options = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', element: ui }], { initialEntries: [at] });
  const result = render(
    <AppProviders client={queryClient} theme="light" sort={null} device="other" renderedAt={null}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user: userEvent.setup(user) };
}
