// Instant trade-in / purchase estimate (issue 6 "Sell my vehicle and trade appraiser"). Computed only from OUR
// inventory and sold history of comparable vehicles, never invented: the method and its uncertainty are shown to
// the shopper, the range widens when comparables are few, and with none we say we cannot estimate.
import { z } from 'zod';
import { VEHICLE_CONDITIONS, type VehicleCondition } from './appraisal-conditions';
import { VIN_PATTERN } from './vin';

export const APPRAISAL_PURPOSES = ['sell', 'trade-in'] as const;
export type AppraisalPurpose = (typeof APPRAISAL_PURPOSES)[number];

export { CONDITION_LABELS, VEHICLE_CONDITIONS, type VehicleCondition } from './appraisal-conditions';

/** What a vehicle in that condition is worth against a retail-ready comparable on our lot. */
export const CONDITION_FACTOR: Record<VehicleCondition, number> = { excellent: 1, good: 0.93, fair: 0.82, poor: 0.65 };
/** Value lost per model year of difference (typical used-vehicle depreciation). */
export const YEAR_FACTOR = 0.08;
/** Dollars per km of mileage difference, capped so one odd comparable cannot swing the estimate. */
export const KM_RATE = 0.08;
export const KM_ADJUSTMENT_CAP = 0.3;
/**
 * Our prices are retail (reconditioned, certified, all fees in). What a dealer pays is lower: reconditioning,
 * safety inspection, holding cost and margin. 80% of retail is the rule of thumb we state on the page.
 */
export const WHOLESALE_FACTOR = 0.8;
/** Comparables: same make and model, model year within this many years. */
export const YEAR_WINDOW = 3;

const yearNow = () => new Date().getFullYear();

// Messages name each field as the form's label does (issue 21): the server sends the same words.
const isMissing = (input: unknown) => input === undefined || input === null || input === '';
export const appraisalVehicleSchema = z.object({
  vin: z.string().trim().toUpperCase().refine((v) => v === '' || VIN_PATTERN.test(v), 'VIN must be 17 letters and digits (no I, O or Q)').optional().default(''),
  year: z.number({ error: (iss) => (isMissing(iss.input) ? 'Year is required: enter the model year, such as 2019' : 'Year must be a year, such as 2019') })
    .int('Year must be a year, such as 2019').min(1980, 'Year must be 1980 or later').max(yearNow() + 1, 'Year cannot be in the future'),
  make: z.string({ error: 'Enter the make, such as Honda' }).trim().min(1, 'Enter the make, such as Honda').max(40, 'Make can be at most 40 characters'),
  model: z.string({ error: 'Enter the model, such as Civic' }).trim().min(1, 'Enter the model, such as Civic').max(60, 'Model can be at most 60 characters'),
  trim: z.string().trim().max(60, 'Trim can be at most 60 characters').optional().default(''),
  mileage: z.number({ error: (iss) => (isMissing(iss.input) ? 'Enter the kilometres on the odometer' : 'Kilometres must be a number') })
    .int('Kilometres must be a whole number').min(0, 'Kilometres cannot be negative').max(2_000_000, 'Kilometres can be at most 2,000,000'),
  condition: z.enum(VEHICLE_CONDITIONS, { error: "Choose the vehicle's condition" }),
});
export type AppraisalVehicle = z.infer<typeof appraisalVehicleSchema>;

export const appraisalContactSchema = z.object({
  name: z.string({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Name can be at most 100 characters'),
  phone: z.string({ error: 'Enter your phone number' }).trim().min(1, 'Enter your phone number')
    .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'Enter a phone number with 10 to 15 digits')
    .refine((p) => /^[\d\s()+.-]+$/.test(p), 'Phone can contain only digits, spaces and ( ) + - .'),
  email: z.union([z.literal(''), z.email('Enter a valid email address, or leave it empty').max(254)]).optional().default(''),
  message: z.string().trim().max(2000, 'Your note can be at most 2000 characters').optional().default(''),
});

export const appraisalRequestSchema = z.object({
  purpose: z.enum(APPRAISAL_PURPOSES, { error: 'purpose must be sell or trade-in' }),
  vehicle: appraisalVehicleSchema,
  contact: appraisalContactSchema,
  sessionId: z.string().max(64).optional(),
});
export type AppraisalRequest = z.input<typeof appraisalRequestSchema>;

export interface Comparable {
  year: number;
  make: string;
  model: string;
  trim: string | null;
  mileage: number;
  price: number;
  sold: boolean;
}

export const comparableSchema = z.object({
  year: z.number().int(), make: z.string(), model: z.string(), trim: z.string().nullable(), mileage: z.number().int(), price: z.number().int(), sold: z.boolean(),
});

export const estimateSchema = z.object({
  /** null: no comparable vehicle in our inventory or sold history, so we do not guess. */
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  comparableCount: z.number().int(),
  confidence: z.enum(['none', 'low', 'medium', 'high']),
  /** ± share of the midpoint the range spans, e.g. 0.12. */
  spread: z.number().nullable(),
  comparables: z.array(comparableSchema),
});
export type Estimate = z.infer<typeof estimateSchema>;

/**
 * POST /api/trade-estimates (issue 34 §1): the trade appraiser's range for a deal worksheet's trade-in, the same
 * estimate as an appraisal, without contact details and so without a lead.
 */
/** The purpose a trade estimate's proof is signed for (server/lib/signed-value.ts). */
export const TRADE_APPRAISAL_PROOF = 'trade-appraisal';

export const tradeEstimateResultSchema = z.object({
  estimate: estimateSchema,
  /**
   * The server's proof of the range's low end (issue 56 finding 5), null without a range. The worksheet sends it back
   * with that value as `tradeIn.appraisalProof`; only then is the trade-in labelled the appraiser's.
   */
  proof: z.string().nullable(),
});
export type TradeEstimateResult = z.infer<typeof tradeEstimateResultSchema>;

export const appraisalResultSchema = z.object({
  estimate: estimateSchema,
  leadId: z.number().int(),
  /**
   * Proves the photos sent next belong to this lead (the seller is anonymous, lead ids are guessable). Valid for
   * APPRAISAL_PHOTO_WINDOW_MINUTES; the server keeps only its hash.
   */
  photoToken: z.string(),
});
export type AppraisalResult = z.infer<typeof appraisalResultSchema>;

/** Photos a seller may attach (issue 6: "condition and photos"): a walk-around, not an album. */
export const APPRAISAL_MAX_PHOTOS = 8;
/** How long after the estimate its photo token is accepted: the upload follows the estimate at once. */
export const APPRAISAL_PHOTO_WINDOW_MINUTES = 60;
/** The header carrying the photo token (a header keeps it out of URLs and access logs). */
export const APPRAISAL_PHOTO_TOKEN_HEADER = 'x-appraisal-token';

export const appraisalPhotosResultSchema = z.object({
  /** Photos the lead now holds. */
  photoCount: z.number().int(),
});
export type AppraisalPhotosResult = z.infer<typeof appraisalPhotosResultSchema>;

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

/** One comparable's retail price adjusted to the shopper's year, kilometres and condition. */
export function adjustedValue(c: Comparable, v: Pick<AppraisalVehicle, 'year' | 'mileage' | 'condition'>): number {
  const byYear = c.price * Math.pow(1 - YEAR_FACTOR, c.year - v.year);
  const kmShift = Math.max(-KM_ADJUSTMENT_CAP, Math.min(KM_ADJUSTMENT_CAP, ((c.mileage - v.mileage) * KM_RATE) / Math.max(byYear, 1)));
  return byYear * (1 + kmShift) * CONDITION_FACTOR[v.condition];
}

/** Base ± share by number of comparables: few comparables, wide range. */
export function baseSpread(n: number): number {
  if (n >= 8) return 0.08;
  if (n >= 4) return 0.12;
  if (n >= 2) return 0.18;
  return 0.25;
}

/**
 * The estimate: median of the adjusted comparables times the wholesale factor, ± a spread that grows when
 * comparables are few or disagree (their coefficient of variation), rounded to $250.
 */
export function estimateValue(v: Pick<AppraisalVehicle, 'year' | 'mileage' | 'condition'>, comparables: Comparable[]): Estimate {
  if (comparables.length === 0) return { low: null, high: null, comparableCount: 0, confidence: 'none', spread: null, comparables: [] };
  const values = comparables.map((c) => adjustedValue(c, v)).sort((a, b) => a - b);
  const mid = values.length % 2 ? values[(values.length - 1) / 2]! : (values[values.length / 2 - 1]! + values[values.length / 2]!) / 2;
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  const cv = values.length > 1 ? Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / (values.length - 1)) / mean : 0;
  const spread = Math.min(0.4, baseSpread(values.length) + cv / 2);
  const centre = mid * WHOLESALE_FACTOR;
  const low = Math.max(0, roundTo(centre * (1 - spread), 250));
  const high = Math.max(low + 250, roundTo(centre * (1 + spread), 250));
  const confidence = values.length >= 8 && spread <= 0.15 ? 'high' : values.length >= 4 ? 'medium' : 'low';
  return { low, high, comparableCount: values.length, confidence, spread: Math.round(spread * 100) / 100, comparables: comparables.slice(0, 8) };
}

/** The method in plain words, shown next to every estimate. */
export const METHOD_STEPS = [
  `We look for vehicles of the same make and model within ${YEAR_WINDOW} model years in our own inventory and our sold history. Nothing else: no outside price guides.`,
  `Each one's price is adjusted to your vehicle: about ${YEAR_FACTOR * 100}% per model year, ${KM_RATE * 100} cents per kilometre of difference (at most ${KM_ADJUSTMENT_CAP * 100}%), and for condition (excellent 100%, good ${CONDITION_FACTOR.good * 100}%, fair ${CONDITION_FACTOR.fair * 100}%, poor ${CONDITION_FACTOR.poor * 100}%).`,
  `Our prices are retail: reconditioned, inspected and ready to drive. A dealer's offer is lower to cover that work, so we take ${WHOLESALE_FACTOR * 100}% of the middle value.`,
  'The range is ±8% with 8 or more comparables, ±12% with 4 to 7, ±18% with 2 or 3 and ±25% with one, wider still when the comparables disagree with each other.',
] as const;
