// The ticker's messages (spec §2 "Ticker"), with the honest change of DESIGN.md ("Claims come from data"):
// every message is the vehicle's real year, make, model and price, then its mileage or an engagement count, the
// latter only where we measured it (issue 3: views and appointments of the week, from our own page views and
// bookings) and it is large enough to mean something. Never clicks or "people viewing now": we do not measure them.
// Badges only where they are true.
import { TICKER_MIN_APPOINTMENTS, TICKER_MIN_VIEWS } from '@domain/analytics-rules';
import type { TickerVehicle as MeasuredVehicle } from '@domain/analytics';
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

/** A figure in full (wide screens) and short (the narrow second line on a phone). */
export interface TickerFigure { long: string; short: string }

/** The measured engagement worth stating, views first; none below the thresholds (see TICKER_MIN_VIEWS). */
export function tickerFigures(v: Pick<MeasuredVehicle, 'views' | 'appointments'>, days: number): TickerFigure[] {
  const period = days === 7 ? 'this week' : `in the last ${days} days`;
  const n = (count: number) => count.toLocaleString('en-CA');
  const figures: TickerFigure[] = [];
  if (v.views >= TICKER_MIN_VIEWS) figures.push({ long: `Viewed ${n(v.views)} times ${period}`, short: `${n(v.views)} views ${period}` });
  if (v.appointments >= TICKER_MIN_APPOINTMENTS) {
    figures.push({ long: `${n(v.appointments)} appointments booked ${period}`, short: `${n(v.appointments)} booked ${period}` });
  }
  return figures;
}

/** The figure of a message: a vehicle with both views and bookings shows them in turn, one pass of the ticker each. */
export function tickerFigure(v: Pick<MeasuredVehicle, 'views' | 'appointments'>, days: number, pass: number): TickerFigure | null {
  const figures = tickerFigures(v, days);
  return figures.length ? figures[pass % figures.length]! : null;
}
