// Dates and times as Alberta reads them (domain/alberta-time.ts), for every page the server renders and the browser
// hydrates. The rule is computed, not read from zone data, so the server and a browser with older zone data print
// the same text: no hydration mismatch (issue 29; React #418 on the vehicle form and the leads inbox before).
import { formatAlbertaTime } from '@domain/alberta-time';

const STYLES = {
  /** November 23, 2026 */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** Nov 23, 2026 */
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  /** November 28, 2026 at 3:15 p.m. (a hold's end, issue 19: the hour matters) */
  dateTime: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** Nov 28, 2026, 3:15 p.m. */
  mediumDateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** Nov 28, 2026, 3:15:07 p.m. (the audit log: the order of events within a minute matters) */
  mediumDateTimeSeconds: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** Nov 28, 3:15 p.m. (a schedule within the year) */
  monthDayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

export const formatDealershipDate = (iso: string | Date, style: DateStyle = 'long') => formatAlbertaTime(iso, STYLES[style]);

export function DealershipDate({ iso, style = 'long' }: { iso: string; style?: DateStyle }) {
  return <time dateTime={iso}>{formatDealershipDate(iso, style)}</time>;
}
