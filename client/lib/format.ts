// en-CA formatting (spec §1: currency CAD, locale en-CA, prices with no decimals).
//
// Prices, kilometres and opening hours, which nearly every page prints as it starts, are written out without Intl
// (domain/number-format.ts says why: a page's first Intl call is a long task on a phone, issue 35 §2). What is
// printed later, or on few pages (relative times, dates), uses Intl, with formatters built on first use.
import { formatWholeDollars, formatWholeNumber } from '@domain/number-format';

const LOCALE = 'en-CA';

/** 24995 → "$24,995" */
export function formatPrice(amount: number): string {
  return formatWholeDollars(Math.round(amount));
}

/** 45000 → "45,000 km" */
export function formatKm(km: number): string {
  return `${formatWholeNumber(Math.round(km))} km`;
}

/** 1234 → "1,234" */
export function formatNumber(n: number): string {
  return formatWholeNumber(n);
}

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
    if (abs >= size) return (relative ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' })).format(-Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** "21:00" → "9:00 p.m." (en-CA style, as Intl writes it), for opening hours kept in 24 h in the settings module. */
export function formatClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  const h = Number(match?.[1]);
  if (!match || h > 23 || Number(match[2]) > 59) return hhmm;
  return `${h % 12 || 12}:${match[2]} ${h < 12 ? 'a.m.' : 'p.m.'}`;
}
