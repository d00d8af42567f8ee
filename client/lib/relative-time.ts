// Relative times in en-CA ("5 minutes ago"), for the notification bell (spec §2) and the back office. A module of
// its own, out of lib/format.ts: only those signed-in parts show them, so no shopper's first screen loads it
// (issue 35 §1). The formatter is built on first use: a page's first Intl call is a long task on a phone.

let relative: Intl.RelativeTimeFormat | undefined;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** spec §2 notification bell: relative times like "5 minutes ago"; under a minute is "just now". */
export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const then = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return (relative ??= new Intl.RelativeTimeFormat('en-CA', { numeric: 'always' })).format(-Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
