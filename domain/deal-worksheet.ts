// The deal worksheet's API contract (issue 34): the dealer's settings, POST /api/deal-quotes, and keeping, sharing
// and sending a worksheet, as zod schemas. The maths, the disclosures and the refusals are in the zod-free
// deal-worksheet-maths.ts, which the vehicle page runs in the browser without loading zod; they are re-exported here
// so the server keeps one import. Why each step sits where it does: docs/decisions/027-deal-worksheet-maths.md.
import { z } from 'zod';
import { FUEL_TYPES } from './constants';
import { CREDIT_BANDS } from './finance';
import { PURCHASE_TYPES } from './deal-worksheet-maths';

export {
  ALL_IN_DISCLOSURE, amortise, computeDeal, COST_OF_CREDIT_DISCLOSURE, DEAL_ESTIMATE_DISCLOSURE, DEAL_REFUSALS, dealRefusal,
  dealSummaryLines, INCENTIVE_DISCLOSURE, incentiveAmount, monthlyPaymentCents, productPaymentEffect, PURCHASE_TYPES, quoteDeal,
  quoteWithOptions, sharePathOf, termsForYear, TRADE_ESTIMATE_LABEL,
  type DealFieldError, type DealFigures, type DealInput, type DealVehicle, type PurchaseType,
} from './deal-worksheet-maths';

// ---- The dealer's settings: optional products and incentives (issue 34 §1) ----

export const dealProductSchema = z.object({
  id: z.string().min(1).max(40).regex(/^[a-z0-9-]+$/, 'id: lowercase letters, digits and dashes'),
  name: z.string().trim().min(1).max(80),
  /** Whole dollars, GST extra like the vehicle's price. */
  price: z.number().int().min(0).max(100_000),
  description: z.string().trim().max(300).default(''),
});
export type DealProduct = z.infer<typeof dealProductSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const dealIncentiveSchema = z.object({
  id: z.string().min(1).max(40).regex(/^[a-z0-9-]+$/, 'id: lowercase letters, digits and dashes'),
  name: z.string().trim().min(1).max(80),
  /** Whole dollars per fuel type; a fuel type not listed is not eligible. */
  amounts: z.partialRecord(z.enum(FUEL_TYPES), z.number().int().min(1).max(50_000)),
  /** Highest all-in price that qualifies, or null for no cap. */
  priceCap: z.number().int().min(1).nullable(),
  /** Inclusive Alberta dates. */
  startsOn: isoDate,
  endsOn: isoDate,
  description: z.string().trim().max(300).default(''),
}).refine((i) => i.startsOn <= i.endsOn, { message: 'endsOn must be on or after startsOn', path: ['endsOn'] })
  .refine((i) => Object.keys(i.amounts).length > 0, { message: 'amounts needs at least one fuel type', path: ['amounts'] });
export type DealIncentive = z.infer<typeof dealIncentiveSchema>;

export const dealSettingsSchema = z.object({
  products: z.array(dealProductSchema).max(30),
  incentives: z.array(dealIncentiveSchema).max(30),
}).superRefine((s, ctx) => {
  for (const key of ['products', 'incentives'] as const) {
    const seen = new Set<string>();
    s[key].forEach((x, i) => {
      if (seen.has(x.id)) ctx.addIssue({ code: 'custom', message: `${key}[${i}].id "${x.id}" is used twice`, path: [key, i, 'id'] });
      seen.add(x.id);
    });
  }
});
export type DealSettings = z.infer<typeof dealSettingsSchema>;

// ---- The API contract: POST /api/deal-quotes (issue 34 §3) ----

const money = (field: string) => z.number({ error: `${field} must be a number` }).finite().max(10_000_000, `${field} is at most 10,000,000`);

export const dealQuoteRequestSchema = z.object({
  vehicleId: z.number({ error: 'vehicleId must be a number' }).int().positive(),
  purchase: z.enum(PURCHASE_TYPES, { error: "purchase must be 'cash' or 'finance'" }),
  downPayment: money('downPayment').min(0, 'downPayment must not be negative').default(0),
  termMonths: z.number({ error: 'termMonths must be a number' }).int().optional(),
  creditBand: z.enum(CREDIT_BANDS, { error: `creditBand must be one of ${CREDIT_BANDS.join(', ')}` }).optional(),
  tradeIn: z.object({
    value: money('tradeIn.value').min(0, 'tradeIn.value must not be negative'),
    lienPayout: money('tradeIn.lienPayout').min(0, 'tradeIn.lienPayout must not be negative').default(0),
    /**
     * Where the value came from: the trade appraiser's range, or a number the shopper typed ("your estimate"). The
     * server decides (issue 56 finding 5): "appraisal" only with the `appraisalProof` the trade estimate gave for this
     * very value; anything else is the shopper's estimate.
     */
    source: z.enum(['appraisal', 'estimate']).default('estimate'),
    appraisalProof: z.string().max(100, 'tradeIn.appraisalProof is at most 100 characters').optional(),
    description: z.string().trim().max(120).optional(),
  }).optional(),
  productIds: z.array(z.string().max(40)).max(30).default([]),
  incentiveIds: z.array(z.string().max(40)).max(30).default([]),
});
export type DealQuoteRequest = z.infer<typeof dealQuoteRequestSchema>;

export const dealQuoteSchema = z.object({
  vehicleId: z.number().int(),
  vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), trim: z.string().nullable(), stockNumber: z.string().nullable(), fuelType: z.string() }),
  purchase: z.enum(PURCHASE_TYPES),
  creditBand: z.enum(CREDIT_BANDS).nullable(),
  price: z.number(),
  products: z.array(z.object({ id: z.string(), name: z.string(), price: z.number(), paymentEffect: z.number() })),
  productsTotal: z.number(),
  tradeIn: z.object({ value: z.number(), lienPayout: z.number(), source: z.enum(['appraisal', 'estimate']), label: z.string(), description: z.string().nullable() }).nullable(),
  tradeInValue: z.number(),
  lienPayout: z.number(),
  taxableAmount: z.number(),
  gst: z.number(),
  incentives: z.array(z.object({ id: z.string(), name: z.string(), amount: z.number() })),
  incentivesTotal: z.number(),
  total: z.number(),
  downPayment: z.number(),
  amountFinanced: z.number(),
  apr: z.number(),
  termMonths: z.number().int(),
  payment: z.number(),
  finalPayment: z.number(),
  paymentCount: z.number().int(),
  totalOfPayments: z.number(),
  costOfBorrowing: z.number(),
  termsOffered: z.array(z.number().int()),
  disclosures: z.object({ estimate: z.string(), allIn: z.string(), costOfCredit: z.string(), incentives: z.string().nullable() }),
});
export type DealQuote = z.infer<typeof dealQuoteSchema>;

// ---- Keep, share and send (issue 34 §4) ----

/** What the vehicle page needs to draw the worksheet: the products, the incentives that apply today, the terms, the rates. */
export const dealOptionsSchema = z.object({
  vehicleId: z.number().int(),
  price: z.number(),
  products: z.array(dealProductSchema),
  incentives: z.array(z.object({ id: z.string(), name: z.string(), amount: z.number(), description: z.string() })),
  termsOffered: z.array(z.number().int()),
  creditBands: z.array(z.object({ band: z.enum(CREDIT_BANDS), label: z.string(), from: z.number().int(), to: z.number().int(), apr: z.number() })),
});
export type DealOptions = z.infer<typeof dealOptionsSchema>;

export const savedWorksheetSchema = z.object({
  shareToken: z.string(),
  /** The read-only link, relative to the site. */
  sharePath: z.string(),
  createdAt: z.string(),
  sent: z.boolean(),
  quote: dealQuoteSchema,
});
export type SavedWorksheet = z.infer<typeof savedWorksheetSchema>;

export const savedWorksheetListSchema = z.object({ worksheets: z.array(savedWorksheetSchema) });

const contactPhone = z.string().trim().max(40, 'phone is at most 40 characters')
  .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'phone must have 10 to 15 digits');

/** "Send this deal to the dealership": who to reply to, and the worksheet. */
export const sendDealRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name is at most 100 characters'),
  email: z.email('email is not a valid address').max(254).optional().nullable(),
  phone: contactPhone.optional().nullable(),
  message: z.string().trim().max(1000).optional(),
  worksheet: dealQuoteRequestSchema,
}).refine((r) => Boolean(r.email || r.phone), { message: 'email or phone is required so we can reply', path: ['email'] });
export type SendDealRequest = z.infer<typeof sendDealRequestSchema>;

// ---- The settings form (issue 57): a bad number is refused on its field, never rewritten ----

/**
 * A whole-dollar amount typed into the deal settings ("1,200", "$1200"), or the message its field shows: "−100",
 * "abc" and "12.5" are refused rather than read as 0. Blank is null where the field is optional (no cap), else an error.
 */
export function readSettingsDollars(text: string, o: { label: string; optional?: boolean; min?: number; max: number }): { value: number | null } | { error: string } {
  const t = text.trim().replace(/^\$\s*/, '').replace(/,(?=\d{3}\b)/g, '');
  if (t === '') return o.optional ? { value: null } : { error: `${o.label} is required.` };
  if (!/^-?\d+(\.\d+)?$/.test(t)) return { error: `${o.label} must be a whole number of dollars, like 1,200.` };
  const n = Number(t);
  if (n < 0) return { error: `${o.label} cannot be negative.` };
  if (!Number.isInteger(n)) return { error: `${o.label} must be whole dollars, without cents.` };
  if (n < (o.min ?? 0)) return { error: `${o.label} must be at least ${o.min}${o.optional ? ', or empty' : ''}.` };
  if (n > o.max) return { error: `${o.label} is at most ${o.max.toLocaleString('en-CA')}.` };
  return { value: n };
}

/** An incentive's dates: "Until" before "From" is refused on the Until field. */
export const incentiveDatesError = (startsOn: string, endsOn: string): string | null =>
  startsOn && endsOn && endsOn < startsOn ? '"Until" must be on or after "From".' : null;
