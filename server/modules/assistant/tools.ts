// What the assistant may look up, for the built-in assistant and as the LLM's tools: live inventory (the lot
// snapshot of ./lot.ts, the same rows /vehicles lists), the loan maths of domain/finance.ts, the stores' hours and
// the trade appraiser. Nothing here invents a figure: every vehicle and price comes from the database.
import { z } from 'zod';
import { hoursOnDay, openAt } from '@domain/assistant-knowledge';
import { addDays, albertaClock, albertaInstant } from '@domain/alberta-time';
import { closedReason, upcomingClosedDays, type ClosedDays } from '@domain/dealer-settings';
import { DEFAULT_CRITERIA, maxTermForYear, suggestRate } from '@domain/finance';
import { advertisedAssumptions, paymentOffer } from '@domain/payment-offer';
import { searchLot, type Criteria, type LotResult, type LotView } from './lot';

/** The LLM's search_inventory arguments: the same filters, validated (a model's arguments are untrusted input). */
export const inventorySearchSchema = z.object({
  bodyType: z.string().max(40).optional(),
  make: z.string().max(40).optional(),
  model: z.string().max(60).optional(),
  yearMin: z.number().int().min(1980).max(2100).optional(),
  yearMax: z.number().int().min(1980).max(2100).optional(),
  priceMin: z.number().int().min(0).optional(),
  priceMax: z.number().int().min(0).optional(),
  mileageMax: z.number().int().min(0).optional(),
  drivetrain: z.enum(['AWD', '4WD', 'FWD', 'RWD']).optional(),
  fuel: z.enum(['Gasoline', 'Hybrid', 'Plug-in Hybrid', 'Electric', 'Diesel']).optional(),
  transmission: z.enum(['Automatic', 'Manual', 'CVT']).optional(),
  location: z.enum(['Edmonton', 'Calgary']).optional(),
  sort: z.enum(['recommended', 'price-asc', 'price-desc', 'year-desc', 'mileage-asc']).optional(),
  limit: z.number().int().min(1).max(10).optional(),
  // issue 20: the needs the built-in assistant understands, over the same lot.
  features: z.array(z.string().max(40)).max(6).optional(),
  seatsMin: z.number().int().min(2).max(9).optional(),
  efficient: z.boolean().optional().describe('good on gas: hybrids, EVs, small engines; never pickups'),
  towing: z.boolean().optional().describe('pickups and vehicles with a tow package or trailer brake controller'),
  winter: z.boolean().optional().describe('AWD or 4WD'),
  monthlyBudget: z.number().int().min(50).max(5000).optional().describe('the payment at $2,000 down, 8.99% APR, 84 months (capped by model year) must fit'),
});

/** search_inventory for the model: the built-in assistant's own lot search, so both answer alike. */
export async function searchTool(lots: LotView, a: z.infer<typeof inventorySearchSchema>): Promise<LotResult> {
  const lot = (await lots.read()).rows;
  const criteria: Criteria = {
    bodyType: a.bodyType, make: a.make, model: a.model, yearMin: a.yearMin, yearMax: a.yearMax, priceMin: a.priceMin, priceMax: a.priceMax,
    mileageMax: a.mileageMax, drivetrains: a.drivetrain ? [a.drivetrain] : a.winter ? ['AWD', '4WD'] : undefined,
    fuels: a.fuel ? (a.fuel === 'Hybrid' ? ['Hybrid', 'Plug-in Hybrid'] : [a.fuel]) : undefined, transmission: a.transmission,
    features: a.features, location: a.location, seatsMin: a.seatsMin, efficient: a.efficient, towing: a.towing,
    monthly: a.monthlyBudget ? { budget: a.monthlyBudget, downPayment: DEFAULT_CRITERIA.downPayment, apr: DEFAULT_CRITERIA.interestRate, termMonths: DEFAULT_CRITERIA.loanTerm } : undefined,
    sort: a.sort,
  };
  return searchLot(lot, criteria, a.limit ?? 5);
}

const WEEKDAY_ENUM = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const hoursArgsSchema = z.object({
  day: z.enum(WEEKDAY_ENUM).optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date is YYYY-MM-DD').optional(),
  time: z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'time is 24 h HH:MM').optional(),
  city: z.enum(['Edmonton', 'Calgary']).optional(),
});

/**
 * get_hours: the stores' hours on a date and, with a time, whether each is open (domain/assistant-knowledge.ts).
 * A weekday means its next occurrence (today included), so the dealer's closed days (issue 33 §6, decision 023)
 * answer "closed" on Christmas Day like the booking slots do, and the closed days of the next two weeks ride along.
 */
export function hoursTool(a: z.infer<typeof hoursArgsSchema>, now: Date, closed?: ClosedDays | null) {
  const clock = albertaClock(now);
  const date = a.date ?? (a.day ? addDays(clock.date, (WEEKDAY_ENUM.indexOf(a.day) - clock.weekday + 7) % 7) : clock.date);
  const day = albertaClock(albertaInstant(date, 12 * 60)).weekday;
  const minutes = a.time ? Number(a.time.slice(0, a.time.indexOf(':'))) * 60 + Number(a.time.slice(a.time.indexOf(':') + 1))
    : date === clock.date && !a.day && !a.date ? clock.minutes : null;
  const closedSoon = closed ? upcomingClosedDays(clock.date, 14, closed) : [];
  const reason = closedReason(date, closed);
  if (reason) {
    const cities = hoursOnDay(day, a.city).map((s) => s.city);
    return { date, day: WEEKDAY_ENUM[day], closed: true, reason, stores: [], openAtTime: minutes !== null ? cities.map((city) => ({ city, open: false })) : null, closedSoon };
  }
  const at = minutes !== null ? openAt(day, minutes, a.city) : null;
  return { date, day: WEEKDAY_ENUM[day], closed: false, stores: hoursOnDay(day, a.city), openAtTime: at ? at.perStore.map((s) => ({ city: s.city, open: s.open })) : null, closedSoon };
}

export const appraisalArgsSchema = z.object({
  year: z.number().int().min(1980).max(2100),
  make: z.string().min(1).max(40),
  model: z.string().min(1).max(60),
  mileage: z.number().int().min(0).max(2_000_000),
});

export interface PaymentTerms { price: number; downPayment?: number | undefined; apr?: number | undefined; termMonths?: number | undefined; creditScore?: number | undefined; year?: number | undefined }
export interface PaymentQuote {
  monthly: number; price: number; downPayment: number; apr: number; termMonths: number;
  /** Why the APR is what it is: the shopper's, from their credit score (spec §9), or the calculator default. */
  aprSource: 'given' | 'credit_score' | 'default';
  /** The term was shortened to the longest lenders allow for the model year (spec §5). */
  termCapped: boolean;
}

export const paymentTermsSchema = z.object({
  price: z.number().min(1).max(1_000_000),
  downPayment: z.number().min(0).max(1_000_000).optional(),
  apr: z.number().min(0).max(30).optional(),
  termMonths: z.number().int().min(12).max(96).optional(),
  creditScore: z.number().int().min(300).max(850).optional(),
  year: z.number().int().min(1980).max(2100).optional(),
});

/**
 * A payment by the one rule every page uses (domain/payment-offer.ts, issue 57 §1): the price plus GST, less the down
 * payment, on the advertised assumptions ($2,000 down, the Good band, 84 months capped by model year) where the
 * shopper gave no number of their own, so the assistant quotes a vehicle's page figure to the cent.
 */
export function computePayment(t: PaymentTerms): PaymentQuote {
  const suggested = t.creditScore !== undefined ? suggestRate(t.creditScore) : null;
  const advertised = advertisedAssumptions({ year: t.year ?? Number.MAX_SAFE_INTEGER });
  const apr = t.apr ?? suggested ?? advertised.apr;
  const aprSource = t.apr !== undefined ? 'given' : suggested !== null ? 'credit_score' : 'default';
  const downPayment = Math.min(Math.max(0, t.downPayment ?? advertised.downPayment), t.price);
  let termMonths = t.termMonths ?? DEFAULT_CRITERIA.loanTerm;
  let termCapped = false;
  if (t.year !== undefined && termMonths > maxTermForYear(t.year)) { termMonths = maxTermForYear(t.year); termCapped = true; }
  const { monthly } = paymentOffer({ price: t.price, year: t.year ?? Number.MAX_SAFE_INTEGER }, { downPayment, interestRate: apr, loanTerm: termMonths });
  return { monthly, price: Math.round(t.price), downPayment: Math.round(downPayment), apr, termMonths, aprSource, termCapped };
}
