// The ticker's messages (spec §2 "Ticker"), with the honest change of DESIGN.md ("Claims come from data"):
// every message is the vehicle's real year, make, model, price and mileage; no invented engagement counts
// (views, test drives) because the product does not measure them. Badges are only shown where they are true.
import type { Vehicle } from '@domain/vehicle';

export const TICKER_BADGES = ['New Arrival', 'Featured', 'Popular Choice', 'Recently Added'] as const;
export type TickerBadge = (typeof TICKER_BADGES)[number];

const DAY = 86_400_000;
/** Pickups and SUVs are the best-selling segments in Alberta, so "Popular Choice" is a fact about the segment. */
const POPULAR_BODIES = new Set(['Truck', 'SUV']);

type TickerVehicle = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'trim' | 'price' | 'mileage' | 'bodyType' | 'createdAt'>;

function badgeHolds(badge: TickerBadge, v: TickerVehicle, now: number): boolean {
  const age = now - Date.parse(v.createdAt);
  switch (badge) {
    case 'New Arrival': return age >= 0 && age <= 14 * DAY;
    case 'Recently Added': return age >= 0 && age <= 45 * DAY;
    case 'Popular Choice': return POPULAR_BODIES.has(v.bodyType);
    case 'Featured': return true; // we choose to feature it: always true
  }
}

/** spec §2: the badges rotate message by message; a badge that would be untrue for this vehicle passes to the next. */
export function tickerBadge(v: TickerVehicle, index: number, now: number = Date.now()): TickerBadge {
  for (let k = 0; k < TICKER_BADGES.length; k++) {
    const badge = TICKER_BADGES[(index + k) % TICKER_BADGES.length]!;
    if (badgeHolds(badge, v, now)) return badge;
  }
  return 'Featured';
}

export const tickerTitle = (v: TickerVehicle) => `${v.year} ${v.make} ${v.model}${v.trim ? ` ${v.trim}` : ''}`;
