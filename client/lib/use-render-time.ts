// Anything computed from the clock (a countdown, "listed 3 days ago") must read the same time on the server and in
// the hydrating render, or the text differs and React throws the server's HTML away. The server's render time
// travels in the render state (render-state.ts); after hydration the real clock applies.
import { createContext, useContext } from 'react';
import { useHydrated } from './use-hydrated';

/** The time the server rendered the page (on the server: now). */
export const RenderTimeContext = createContext<number | null>(null);

/** "Now" for a first render: the server's render time while hydrating, the clock otherwise. */
export function useRenderTime(): number {
  const renderedAt = useContext(RenderTimeContext);
  const hydrated = useHydrated();
  return !hydrated && renderedAt !== null ? renderedAt : Date.now();
}
