// What a page tells the server while it is rendered there (client/entry-server.tsx): the HTTP status its HTML
// answers with, or a redirect instead of HTML. In the browser there is no context and these are no-ops.
import { createContext, useContext } from 'react';

export interface RenderOutcome {
  /** 200 unless a page said otherwise (the not-found page: 404). */
  status: number;
  /** Set by a guard that would navigate away at once: the server answers with a redirect to it. */
  redirect: string | null;
  /** The lazily loaded components the page rendered (lazy-component.tsx): the browser loads them before hydrating. */
  modules: Set<string>;
}

export const RenderOutcomeContext = createContext<RenderOutcome | null>(null);

/** spec §2/§8: the not-found page answers 404, wherever it is rendered from (unknown path, missing vehicle, post). */
export function useResponseStatus(status: number) {
  const outcome = useContext(RenderOutcomeContext);
  if (outcome) outcome.status = status;
}

/** A guard sending the visitor elsewhere on its first render: on the server, a redirect. True on the server. */
export function useServerRedirect(to: string | null): boolean {
  const outcome = useContext(RenderOutcomeContext);
  if (outcome && to) outcome.redirect = to;
  return outcome !== null;
}

/** True while the server renders the page (there is no browser state, no effects, no arrival to wait for). */
export function useIsServerRender(): boolean {
  return useContext(RenderOutcomeContext) !== null;
}
