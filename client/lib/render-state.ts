// The render state the server writes into a page's HTML and the browser reads back before hydrating
// (domain/page-render.ts): the TanStack Query cache the server rendered from, and the theme it rendered in.
// Errors are part of it: a page rendered from a failed answer (a missing vehicle's 404) must hydrate showing
// the same failure, and JSON keeps no class, so an ApiError travels as its parts and is rebuilt here.
import type { DehydratedState } from '@tanstack/react-query';
import type { RenderedDevice, RenderedTheme } from '@domain/page-render';
import type { SortKey } from '@domain/constants';
import { RENDER_STATE_ELEMENT_ID } from '@domain/page-render';
import { ApiError } from './api-client';

export interface RenderState {
  queries: DehydratedState;
  theme: RenderedTheme;
  /** The listing sort the server rendered with (domain/page-render.ts SORT_COOKIE), or null. */
  sort: SortKey | null;
  /** The kind of screen the server rendered for (domain/page-render.ts deviceFromHeaders). */
  device: RenderedDevice;
  /** When the server rendered the page (ms since the epoch): the clock of the hydrating render (use-render-time.ts). */
  renderedAt: number;
  /** The lazily loaded components the page rendered (lazy-component.tsx), loaded before hydrating. */
  modules: string[];
  /**
   * What the matched routes' loaders returned, by route id (app/loaders.ts: null, the data is in `queries`): the
   * browser's router takes it as already loaded, so it hydrates without running them again.
   */
  loaderData: Record<string, unknown>;
}

interface SerialisedError {
  __error: { message: string; api?: { status: number; bodyText: string }; cause?: SerialisedError };
}

function serialiseError(err: unknown): SerialisedError {
  if (err instanceof ApiError) return { __error: { message: err.message, api: { status: err.status, bodyText: err.bodyText } } };
  const e = err instanceof Error ? err : new Error(String(err));
  return { __error: { message: e.message, ...(e.cause !== undefined ? { cause: serialiseError(e.cause) } : {}) } };
}

function reviveError({ __error: e }: SerialisedError): Error {
  if (e.api) {
    let body: unknown;
    try { body = e.api.bodyText ? JSON.parse(e.api.bodyText) : undefined; } catch { body = undefined; }
    return new ApiError(e.api.status, '', e.api.bodyText, body);
  }
  return new Error(e.message, e.cause ? { cause: reviveError(e.cause) } : undefined);
}

/** The state as JSON, failed queries' errors in a form reviveRenderState can rebuild. */
export function serialiseRenderState(state: RenderState): string {
  const queries = state.queries.queries.map((q) => (q.state.error ? { ...q, state: { ...q.state, error: serialiseError(q.state.error) } } : q));
  return JSON.stringify({ ...state, queries: { ...state.queries, queries } });
}

export function reviveRenderState(json: string): RenderState {
  const state = JSON.parse(json) as RenderState;
  for (const q of state.queries.queries) {
    if (q.state.error) (q.state as { error: unknown }).error = reviveError(q.state.error as unknown as SerialisedError);
  }
  return state;
}

/** The state of the page being hydrated, or null when the page came without one (the Vite dev server's page). */
export function readRenderState(): RenderState | null {
  const el = document.getElementById(RENDER_STATE_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return reviveRenderState(el.textContent);
  } catch (err) {
    console.error('Could not read the page render state', err);
    return null;
  }
}
