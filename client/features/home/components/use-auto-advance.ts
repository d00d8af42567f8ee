// Auto-advance for the ticker and the carousel (spec §9: 5 s): paused while the pointer or focus is inside,
// when the shopper pressed pause, and for anyone who prefers reduced motion (WCAG 2.2.2).
import { useEffect, useState, useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const subscribe = (cb: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};
const snapshot = () => typeof window !== 'undefined' && !!window.matchMedia?.(QUERY).matches;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** Hover/focus pause state, with the handlers to spread on the rotating region. */
export function useHoverFocusPause() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    paused: hovered || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (e: React.FocusEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

/** Calls `advance` every `ms` while `running`; the timer restarts whenever `restartKey` changes (a manual change). */
export function useInterval(advance: () => void, ms: number, running: boolean, restartKey: unknown) {
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(advance, ms);
    return () => window.clearInterval(id);
  }, [advance, ms, running, restartKey]);
}
