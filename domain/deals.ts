// Deal of the day: one featured deal per calendar day in Alberta, chosen deterministically.
import { albertaClock, albertaDate } from './alberta-time';

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
  return sorted[fnv1a(albertaDate(now)) % sorted.length]!;
}

/** Milliseconds until the next midnight in Alberta (when the next deal starts). */
export function msUntilNextDeal(now: Date = new Date()): number {
  return 24 * 3600_000 - albertaClock(now).msOfDay;
}

export function savingOf(v: { price: number; originalPrice: number | null }): number {
  return v.originalPrice !== null && v.originalPrice > v.price ? v.originalPrice - v.price : 0;
}
