// A calendar date as the dealership reads it (its time zone, domain/settings.ts), for pages the server renders.
// suppressHydrationWarning: the server's and the browser's time-zone data can disagree. Node 20's ICU (tzdata 2025c)
// still has Alberta falling back to MST on 2026-11-01, while current browsers keep it on UTC-6, so for an hour
// around midnight the two name different days. React then keeps the server's text instead of throwing the page
// away and rendering it again (the "timestamps" case React documents for this prop).
import { DEALERSHIP } from '@domain/settings';

const FORMATS = {
  /** November 23, 2026 */
  long: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: DEALERSHIP.timeZone }),
  /** Nov 23, 2026 */
  medium: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric', timeZone: DEALERSHIP.timeZone }),
  /** November 28, 2026 at 3:15 p.m. (a hold's end, issue 19: the hour matters) */
  dateTime: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: DEALERSHIP.timeZone }),
  /** Nov 28, 2026, 3:15 p.m. */
  mediumDateTime: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: DEALERSHIP.timeZone }),
} as const;

export type DateStyle = keyof typeof FORMATS;

export const formatDealershipDate = (iso: string, style: DateStyle = 'long') => FORMATS[style].format(new Date(iso));

export function DealershipDate({ iso, style = 'long' }: { iso: string; style?: DateStyle }) {
  return <time dateTime={iso} suppressHydrationWarning>{formatDealershipDate(iso, style)}</time>;
}
