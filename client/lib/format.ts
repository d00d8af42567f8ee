// en-CA formatting (spec §1: currency CAD, locale en-CA, prices with no decimals).
//
// Prices, kilometres and opening hours, which nearly every page prints as it starts, are written out without Intl
// (domain/number-format.ts says why: a page's first Intl call is a long task on a phone, issue 35 §2). Relative
// times are in relative-time.ts, with the signed-in parts that show them.
import { formatWholeDollars, formatWholeNumber } from '@domain/number-format';

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

/** "21:00" → "9:00 p.m." (en-CA style, as Intl writes it), for opening hours kept in 24 h in the settings module. */
export function formatClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  const h = Number(match?.[1]);
  if (!match || h > 23 || Number(match[2]) > 59) return hhmm;
  return `${h % 12 || 12}:${match[2]} ${h < 12 ? 'a.m.' : 'p.m.'}`;
}
