// en-CA formatting (spec §1: currency CAD, locale en-CA, prices with no decimals).

const LOCALE = 'en-CA';

const priceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'CAD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** 24995 → "$24,995" */
export function formatPrice(amount: number): string {
  return priceFormat.format(Math.round(amount));
}

/** 45000 → "45,000 km" */
export function formatKm(km: number): string {
  return `${numberFormat.format(Math.round(km))} km`;
}

/** 1234 → "1,234" */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
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
    if (abs >= size) return relative.format(-Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

const clockFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** "21:00" → "9:00 p.m." (en-CA style), for opening hours kept in 24 h in the settings module. */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === undefined || Number.isNaN(h)) return hhmm;
  return clockFormat.format(new Date(Date.UTC(2000, 0, 1, h, m ?? 0)));
}
