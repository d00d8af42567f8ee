// Deal of the day: one featured deal per calendar day in Edmonton's time zone, chosen deterministically.
import { DEALERSHIP } from './settings';

/** YYYY-MM-DD of `now` in the dealership's zone. */
export function dealershipDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEALERSHIP.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** FNV-1a: a stable, well-spread hash of the date string so consecutive days pick unrelated vehicles. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  return h >>> 0;
}

/** Picks the featured deal among on-sale vehicles: same answer all day for everyone, whatever order they come in. */
export function pickDealOfTheDay<T extends { id: number }>(onSale: readonly T[], now: Date = new Date()): T | null {
  if (onSale.length === 0) return null;
  const sorted = [...onSale].sort((a, b) => a.id - b.id);
  return sorted[fnv1a(dealershipDate(now)) % sorted.length]!;
}

/** Milliseconds until the next midnight in the dealership's zone (when the next deal starts). */
export function msUntilNextDeal(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEALERSHIP.timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const elapsed = ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 + now.getMilliseconds();
  return 24 * 3600_000 - elapsed;
}

export function savingOf(v: { price: number; originalPrice: number | null }): number {
  return v.originalPrice !== null && v.originalPrice > v.price ? v.originalPrice - v.price : 0;
}
