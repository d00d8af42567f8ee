// The exit-intent rules of spec §4, as a pure state machine the component feeds with browser events (testable
// without a browser): shown once per session; only after 30 s on the site; triggered by the pointer leaving
// through the top edge, or by scrolling past 70% of the page and then back up by more than 500 px. Leaving the
// page after 30 s without the modal having triggered sends the analytics beacon.
import { EXIT_INTENT } from '@domain/analytics-rules';

export interface ExitIntentState {
  startedAt: number;
  /** The session flag: once shown, never again this session. */
  shown: boolean;
  /** The deepest scroll position seen since the 70% mark was passed (null until then). */
  peakAfterDepth: number | null;
}

export const initialExitIntent = (now: number, alreadyShown: boolean): ExitIntentState => ({ startedAt: now, shown: alreadyShown, peakAfterDepth: null });

const oldEnough = (s: ExitIntentState, now: number) => now - s.startedAt >= EXIT_INTENT.minTimeOnSiteMs;

/** Pointer left the document: top-edge exits only (clientY at or above 0, no element entered). */
export function onPointerLeave(s: ExitIntentState, now: number, e: { clientY: number; toElement: boolean }): { state: ExitIntentState; show: boolean } {
  const show = !s.shown && oldEnough(s, now) && !e.toElement && e.clientY <= 0;
  return { state: show ? { ...s, shown: true } : s, show };
}

/** A scroll: track the 70% mark and the peak after it; show after climbing back more than 500 px. */
export function onScroll(s: ExitIntentState, now: number, m: { scrollY: number; viewport: number; height: number }): { state: ExitIntentState; show: boolean } {
  const reached = m.scrollY + m.viewport >= EXIT_INTENT.scrollDepth * m.height;
  let peak = s.peakAfterDepth;
  if (peak === null && reached) peak = m.scrollY;
  if (peak !== null && m.scrollY > peak) peak = m.scrollY;
  const climbed = peak !== null && peak - m.scrollY > EXIT_INTENT.scrollUpPx;
  const show = !s.shown && climbed && oldEnough(s, now);
  return { state: { ...s, peakAfterDepth: peak, shown: s.shown || show }, show };
}

/** Leaving the page: the beacon's time on site, or null when no beacon is due. */
export function onLeave(s: ExitIntentState, now: number): number | null {
  return !s.shown && oldEnough(s, now) ? now - s.startedAt : null;
}
