// Deal ratings (issue 19): how a vehicle's all-in price compares with comparable vehicles from our own lot and sales.
// Pure functions and the rules' constants, one source for the write path that stores ratings, the back office's
// pricing guidance and the pages. Why these numbers: docs/decisions/017-deal-rating.md.
import { z } from 'zod';
import type { Comparable as AppraisalComparable } from './appraisal';
import { DEAL_RATINGS, type DealRatingBand } from './deal-rating-labels';

export { DEAL_RATINGS, DEAL_RATING_LABELS, type DealRatingBand } from './deal-rating-labels';

/** A rating needs at least this many comparable vehicles (issue 19); fewer, and no rating is shown. */
export const MIN_COMPARABLES = 5;
/** Comparables are the same make and model, model years within this many years either side (issue 19). */
export const COMPARABLE_YEAR_SPAN = 2;
/** What a vehicle shows instead of a rating when it has fewer than MIN_COMPARABLES comparables (issue 19). */
export const NOT_ENOUGH_COMPARABLES = 'Not enough comparable vehicles to rate this price';

/**
 * The sentence under the badge when there is no rating (issue 33 §6): it must not contradict the list below it. A
 * held or sold vehicle is not rated because it is not for sale, not for want of comparables; an available one with
 * a few comparables says how many it has and how many a rating needs.
 */
export function unratedSummary(status: string, comparableCount: number): string {
  if (status === 'sold') return 'This vehicle has been sold, so its price is no longer rated';
  if (status !== 'available') return 'This vehicle is on hold, so its price is not rated while it is held';
  if (comparableCount === 0) return NOT_ENOUGH_COMPARABLES;
  return `${NOT_ENOUGH_COMPARABLES}: ${comparableCount === 1 ? 'only 1 comparable vehicle' : `only ${comparableCount} comparable vehicles`}, and a rating needs ${MIN_COMPARABLES}`;
}

/**
 * The mileage adjustment: each 1,000 km more on the vehicle being rated than on a comparable lowers the comparable's
 * price by this share (log scale: price × e^(slope × Δkm / 1000)). Derived from the data, not chosen: the pooled
 * least-squares slope of ln(price) on km within make/model groups of the seeded lot (deriveMileageSlope below) is
 * −0.00497 at 250 vehicles and −0.00493 at 1,000; rounded to −0.005 (−0.5 % per 1,000 km). Within a make and model
 * the slope also carries the age the km stand for, which is what a ±2-year comparable needs. deal-rating.test.ts
 * re-derives it from the seed and fails if the data no longer supports this figure.
 */
export const MILEAGE_LOG_SLOPE_PER_1000_KM = -0.005;
/** A derived slope is kept within these bounds (a small or odd lot must not produce an absurd adjustment). */
export const MILEAGE_SLOPE_BOUNDS = { min: -0.012, max: -0.001 } as const;
/** One comparable's adjustment is capped to this factor either way: 80,000 km apart is a different vehicle. */
export const MAX_ADJUSTMENT_FACTOR = 1.5;

/**
 * The bands, in basis points (1/100 of a percent) of the price's difference from the adjusted market average.
 * The seeded lot's prices scatter about 4.5 % (one standard deviation) around the value its age and km give, which
 * is also about what a real dealer lot shows: within ±5 % (about one standard deviation) is Fair; 5 % to 10 % below
 * is Good; 10 % or more below (about two standard deviations, the cheapest few percent) is Great; 5 % or more
 * above is High. Percentages, not dollars: $2,000 is a bargain on a $15,000 car and noise on a $90,000 truck.
 */
export const DEAL_THRESHOLDS_BP = { great: -1000, good: -500, fair: 500 } as const;

/** What the rating needs of a vehicle, live or sold. */
export interface MarketVehicle {
  id: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  /** The asking price (live), or the last asking price before the sale (sold). */
  price: number;
  sold: boolean;
  trim?: string | null;
  /** New or used (issue 33 §6): a new vehicle with delivery km is no comparable for a used one, nor the reverse. */
  condition?: 'new' | 'used';
}

/** Same condition, or either unknown (a caller that does not say compares as before). */
const sameCondition = (a: { condition?: string | null }, b: { condition?: string | null }) => !a.condition || !b.condition || a.condition === b.condition;

/** A comparable as the trade appraiser lists it (domain/appraisal.ts), with its id and its km-adjusted price. */
export interface Comparable extends AppraisalComparable {
  id: number;
  /** The comparable's price adjusted to the rated vehicle's km. */
  adjustedPrice: number;
}

export const dealRatingSchema = z.object({
  rating: z.enum(DEAL_RATINGS),
  /** Average of the comparables' prices, each adjusted to this vehicle's km (whole CAD). */
  marketPrice: z.number().int(),
  /** price − marketPrice: negative is below the market (whole CAD). */
  difference: z.number().int(),
  comparableCount: z.number().int(),
});
export type DealRating = z.infer<typeof dealRatingSchema>;

/** A full assessment: the rating (null when there are too few comparables) and what it rests on. */
export interface DealAssessment {
  rating: DealRatingBand | null;
  marketPrice: number | null;
  difference: number | null;
  /** difference / marketPrice in basis points: what the bands and the best-deal sort compare. */
  differenceBp: number | null;
  comparableCount: number;
  /** The comparables' model years (null when there are none). */
  yearMin: number | null;
  yearMax: number | null;
  /** The km every comparable's price was adjusted to: the rated vehicle's own. */
  adjustedKm: number;
  /** The lowest and highest adjusted comparable price (the back office's market range). */
  rangeMin: number | null;
  rangeMax: number | null;
  comparables: Comparable[];
}

/** Make and model compared without case ("TOYOTA" and "Toyota" are one make). */
export const comparableGroup = (v: { make: string; model: string }) => `${v.make.toLowerCase()}\u001f${v.model.toLowerCase()}`;

/** The comparables of a vehicle: same make, model and condition, model years within ±COMPARABLE_YEAR_SPAN, never itself. */
export function comparablesOf(subject: { id?: number | null; make: string; model: string; year: number; condition?: 'new' | 'used' }, pool: readonly MarketVehicle[]): MarketVehicle[] {
  const group = comparableGroup(subject);
  // Spelled alike is the common case: compared first, without lower-casing (a group of 500 is 250,000 comparisons).
  return pool.filter((c) => c.id !== subject.id && Math.abs(c.year - subject.year) <= COMPARABLE_YEAR_SPAN && sameCondition(c, subject)
    && ((c.make === subject.make && c.model === subject.model) || comparableGroup(c) === group));
}

/** A comparable's price as if it had `km`: the mileage adjustment, capped to MAX_ADJUSTMENT_FACTOR either way. */
export function adjustPrice(price: number, fromKm: number, toKm: number, slope = MILEAGE_LOG_SLOPE_PER_1000_KM): number {
  const factor = Math.exp((slope * (toKm - fromKm)) / 1000);
  return price * Math.min(MAX_ADJUSTMENT_FACTOR, Math.max(1 / MAX_ADJUSTMENT_FACTOR, factor));
}

/** The band of a price difference in basis points. Monotonic: a lower difference never gets a worse band. */
export function bandFor(differenceBp: number): DealRatingBand {
  if (differenceBp <= DEAL_THRESHOLDS_BP.great) return 'great';
  if (differenceBp <= DEAL_THRESHOLDS_BP.good) return 'good';
  if (differenceBp < DEAL_THRESHOLDS_BP.fair) return 'fair';
  return 'high';
}

/**
 * Rates a price for a vehicle (make, model, year, km) against the pool. The same function serves a listed vehicle
 * (its id keeps it out of its own comparables) and the back office's typed price (no id, or the edited vehicle's).
 */
export function assessDeal(
  subject: { id?: number | null; make: string; model: string; year: number; mileage: number; price: number; condition?: 'new' | 'used' },
  pool: readonly MarketVehicle[],
): DealAssessment {
  const found = comparablesOf(subject, pool);
  const comparables: Comparable[] = found
    .map((c) => ({
      id: c.id, year: c.year, make: c.make, model: c.model, trim: c.trim ?? null, mileage: c.mileage, price: c.price, sold: c.sold,
      adjustedPrice: Math.round(adjustPrice(c.price, c.mileage, subject.mileage)),
    }))
    // Closest in price first would hide the spread; by year then km reads like a market table.
    .sort((a, b) => b.year - a.year || a.mileage - b.mileage || a.id - b.id);
  const years = comparables.map((c) => c.year);
  const adjusted = comparables.map((c) => c.adjustedPrice);
  const base = {
    comparableCount: comparables.length,
    yearMin: years.length ? Math.min(...years) : null,
    yearMax: years.length ? Math.max(...years) : null,
    adjustedKm: subject.mileage,
    rangeMin: adjusted.length ? Math.min(...adjusted) : null,
    rangeMax: adjusted.length ? Math.max(...adjusted) : null,
    comparables,
  };
  return { ...base, ...verdict(subject.price, comparables.length, adjusted.reduce((a, p) => a + p, 0)) };
}

type Verdict = Pick<DealAssessment, 'rating' | 'marketPrice' | 'difference' | 'differenceBp' | 'comparableCount'>;

/** The rating of a price from its comparables' count and the sum of their adjusted prices (whole dollars). */
function verdict(price: number, comparableCount: number, adjustedSum: number): Verdict {
  if (comparableCount < MIN_COMPARABLES) return { rating: null, marketPrice: null, difference: null, differenceBp: null, comparableCount };
  // The average of the adjusted prices (rounded to the dollar) is what the page says; the band uses the same figure.
  const marketPrice = Math.round(adjustedSum / comparableCount);
  const difference = price - marketPrice;
  const differenceBp = marketPrice > 0 ? Math.round((difference * 10_000) / marketPrice) : 0;
  return { rating: bandFor(differenceBp), marketPrice, difference, differenceBp, comparableCount };
}

/**
 * assessDeal's rating without its list of comparables: what a whole lot's rating stores, one pass over the pool
 * without building anything (a 100,000-vehicle lot has groups of thousands, and listing and sorting every
 * vehicle's comparables took minutes). The same comparables and the same whole-dollar sum, added in another order
 * (integers, so exactly), give the same figures (deal-rating.test.ts compares the two).
 */
export function rateDeal(subject: { id?: number | null; make: string; model: string; year: number; mileage: number; price: number; condition?: 'new' | 'used' }, pool: readonly MarketVehicle[]): Verdict {
  const group = comparableGroup(subject);
  let count = 0;
  let sum = 0;
  for (const c of pool) {
    if (c.id === subject.id || Math.abs(c.year - subject.year) > COMPARABLE_YEAR_SPAN || !sameCondition(c, subject)) continue;
    if (!((c.make === subject.make && c.model === subject.model) || comparableGroup(c) === group)) continue;
    count++;
    sum += Math.round(adjustPrice(c.price, c.mileage, subject.mileage));
  }
  return verdict(subject.price, count, sum);
}

/** The API's short form (GET /api/vehicles/:id `dealRating`), or null when there is no rating. */
export function toDealRating(a: Pick<DealAssessment, 'rating' | 'marketPrice' | 'difference' | 'comparableCount'>): DealRating | null {
  if (a.rating === null || a.marketPrice === null || a.difference === null) return null;
  return { rating: a.rating, marketPrice: a.marketPrice, difference: a.difference, comparableCount: a.comparableCount };
}

const cad = (n: number) => `$${Math.abs(n).toLocaleString('en-CA', { maximumFractionDigits: 0 })}`;

/**
 * The explanation sentence: "$1,850 below the average of 12 comparable vehicles (2019-2023 RAV4, adjusted to
 * 62,000 km)". km rounded to the thousand, as a shopper reads an odometer.
 */
export function explainDeal(a: { difference: number; comparableCount: number; yearMin: number; yearMax: number; adjustedKm: number }, model: string): string {
  const where = a.difference === 0 ? 'Equal to' : `${cad(a.difference)} ${a.difference < 0 ? 'below' : 'above'}`;
  const years = a.yearMin === a.yearMax ? String(a.yearMin) : `${a.yearMin}-${a.yearMax}`;
  const km = (Math.round(a.adjustedKm / 1000) * 1000).toLocaleString('en-CA');
  return `${where} the average of ${a.comparableCount} comparable vehicles (${years} ${model}, adjusted to ${km} km)`;
}

/**
 * The pooled least-squares slope of ln(price) on km (per 1,000 km) within make/model groups of at least 3
 * vehicles: each group's own means removed, so a group's price level never reads as a km effect. Clamped to
 * MILEAGE_SLOPE_BOUNDS. How MILEAGE_LOG_SLOPE_PER_1000_KM was found (decision 017).
 */
export function deriveMileageSlope(pool: readonly Pick<MarketVehicle, 'make' | 'model' | 'mileage' | 'price'>[]): { slope: number; groups: number; vehicles: number } {
  const groups = new Map<string, { km: number; lp: number }[]>();
  for (const v of pool) {
    if (v.price <= 0) continue;
    const key = comparableGroup(v);
    const list = groups.get(key) ?? [];
    list.push({ km: v.mileage / 1000, lp: Math.log(v.price) });
    groups.set(key, list);
  }
  let sxy = 0, sxx = 0, used = 0, n = 0;
  for (const list of groups.values()) {
    if (list.length < 3) continue;
    const mk = list.reduce((a, p) => a + p.km, 0) / list.length;
    const mp = list.reduce((a, p) => a + p.lp, 0) / list.length;
    for (const p of list) { sxy += (p.km - mk) * (p.lp - mp); sxx += (p.km - mk) ** 2; }
    used++;
    n += list.length;
  }
  const raw = sxx > 0 ? sxy / sxx : MILEAGE_LOG_SLOPE_PER_1000_KM;
  return { slope: Math.min(MILEAGE_SLOPE_BOUNDS.max, Math.max(MILEAGE_SLOPE_BOUNDS.min, raw)), groups: used, vehicles: n };
}

/** The explanation endpoint's answer (GET /api/vehicles/:id/deal-rating). */
export const dealExplanationSchema = z.object({
  vehicleId: z.number().int(),
  dealRating: dealRatingSchema.nullable(),
  /** The sentence under the badge, or NOT_ENOUGH_COMPARABLES. */
  summary: z.string(),
  comparableCount: z.number().int(),
  yearMin: z.number().int().nullable(),
  yearMax: z.number().int().nullable(),
  adjustedKm: z.number().int(),
  comparables: z.array(z.object({
    id: z.number().int(),
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    trim: z.string().nullable(),
    mileage: z.number().int(),
    price: z.number().int(),
    adjustedPrice: z.number().int(),
    /** Sold ones are shown unlinked and marked sold; live ones link to their page. */
    sold: z.boolean(),
  })),
});
export type DealExplanation = z.infer<typeof dealExplanationSchema>;

/** The back office's pricing guidance (GET /api/admin/pricing-guidance). */
export const pricingGuidanceQuerySchema = z.object({
  make: z.string({ error: 'make is required' }).trim().min(1, 'make is required').max(40, 'make is at most 40 characters'),
  model: z.string({ error: 'model is required' }).trim().min(1, 'model is required').max(60, 'model is at most 60 characters'),
  year: z.coerce.number({ error: 'year must be a number' }).int('year must be a whole number').min(1980, 'year must be 1980 or later').max(2100, 'year must be 2100 or earlier'),
  mileage: z.coerce.number({ error: 'mileage must be a number' }).int('mileage must be a whole number').min(0, 'mileage cannot be negative').max(2_000_000, 'mileage is too large'),
  price: z.coerce.number({ error: 'price must be a number' }).int('price must be a whole number').min(0, 'price cannot be negative').max(10_000_000, 'price is too large').optional(),
  /** New or used: compared only with vehicles of the same condition (issue 33 §6). Left out, both are compared. */
  condition: z.enum(['new', 'used'], { error: 'condition must be new or used' }).optional(),
  /** The vehicle being edited: never its own comparable. */
  excludeId: z.coerce.number({ error: 'excludeId must be a number' }).int('excludeId must be a whole number').positive('excludeId must be positive').max(2_147_483_647, 'excludeId is too large').optional(),
});
export type PricingGuidanceQuery = z.output<typeof pricingGuidanceQuerySchema>;

export const pricingGuidanceSchema = z.object({
  comparableCount: z.number().int(),
  minComparables: z.number().int(),
  /** The adjusted comparable prices' range and average; null without comparables (average: without enough). */
  rangeMin: z.number().int().nullable(),
  rangeMax: z.number().int().nullable(),
  average: z.number().int().nullable(),
  yearMin: z.number().int().nullable(),
  yearMax: z.number().int().nullable(),
  /** The rating the typed price would get; null without a price or without enough comparables. */
  rating: z.enum(DEAL_RATINGS).nullable(),
  difference: z.number().int().nullable(),
});
export type PricingGuidance = z.infer<typeof pricingGuidanceSchema>;

/** The dashboard's count of available units per band, and those without a rating. */
export const ratingBandCountsSchema = z.object({
  great: z.number().int(), good: z.number().int(), fair: z.number().int(), high: z.number().int(), notRated: z.number().int(),
});
export type RatingBandCounts = z.infer<typeof ratingBandCountsSchema>;
