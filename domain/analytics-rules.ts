// The rules of first-party analytics (issue 6) as plain values: the forms and events counted, the exit-intent
// timing, the engagement window and thresholds, and how a page path is recorded. Kept apart from the zod schemas
// in domain/analytics.ts (which re-exports all of this), so the pages that only need a rule (every page counts
// its views; the exit intent and home ticker run on the shopping pages) do not download the validator.

export const FORM_EVENT_KINDS = ['start', 'step', 'abandon', 'complete', 'exit_intent', 'page_leave'] as const;
export type FormEventKind = (typeof FORM_EVENT_KINDS)[number];

/** The forms that report their funnel. */
export const TRACKED_FORMS = ['pre_approval', 'sell_my_vehicle', 'trade_appraiser', 'contact', 'booking', 'chat_contact', 'exit_intent'] as const;
export type TrackedForm = (typeof TRACKED_FORMS)[number];
export const TRACKED_FORM_LABELS: Record<TrackedForm, string> = {
  pre_approval: 'Pre-approval', sell_my_vehicle: 'Sell my vehicle', trade_appraiser: 'Trade appraiser', contact: 'Contact',
  booking: 'Appointment booking', chat_contact: 'Chat contact form', exit_intent: 'Exit-intent offer',
};

/** spec §4/§9: the exit-intent modal's rules. */
export const EXIT_INTENT = {
  minTimeOnSiteMs: 30_000,
  scrollDepth: 0.7,
  scrollUpPx: 500,
  /** sessionStorage flag: shown once per session. */
  shownFlag: 'exit-intent-shown',
} as const;

/**
 * "This week" of every engagement figure: the last 7 days, rolling. A calendar week would read near zero every
 * Monday morning, and "viewed N times this week" would understate real interest for days.
 */
export const VIEW_WINDOW_DAYS = 7;

/**
 * The ticker (and the vehicle page's listing history, for views) states an engagement count only from these values up (DESIGN.md "Claims come from data"). Views are
 * anonymous and never de-duplicated (no visitor id, by design: no personal data), so one shopper opening a page a
 * few times makes several views: below 5 a count may be a single person and tells a shopper nothing. A booking
 * names a real person, so two are already two people interested in the same unit.
 */
export const TICKER_MIN_VIEWS = 5;
export const TICKER_MIN_APPOINTMENTS = 2;

/** /vehicles/123 → 123; anything else → null. */
export function vehicleIdOfPath(path: string): number | null {
  const m = /^\/vehicles\/(\d{1,9})\/?$/.exec(path.split(/[?#]/)[0]!);
  return m ? Number(m[1]) : null;
}
/** The path without query string or hash (they may hold search words or codes), at most 300 characters. */
export const cleanPath = (path: string) => path.split(/[?#]/)[0]!.slice(0, 300) || '/';
