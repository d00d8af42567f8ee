// Loan maths and rate rules of spec §9. Pure functions used by cards, calculator, vehicle page and assistant.
import { GST_RATE, PAYMENT_SETTINGS } from './settings';

export interface ApprovalCriteria {
  creditScore: number;
  monthlyIncome: number;
  downPayment: number;
  monthlyBudget: number;
  loanTerm: number; // months
  interestRate: number; // annual percent
}

/** spec §3 defaults */
export const DEFAULT_CRITERIA: ApprovalCriteria = {
  creditScore: 700,
  monthlyIncome: 5000,
  downPayment: 2000,
  monthlyBudget: 350,
  loanTerm: 84,
  interestRate: 8.99,
};

export const LOAN_TERMS = [36, 48, 60, 72, 84, 96] as const; // spec §5
export const CREDIT_SCORE_MIN = 300;
export const CREDIT_SCORE_MAX = 850;
export const INTEREST_RATE_MAX = 30; // spec §5

/**
 * The one rate table (issue 33 §3): credit-score bands and their APR. Every surface that shows a rate reads it: the
 * advertised payment on cards, the vehicle page and the calculator (payment-offer.ts: the Good band, decision 033),
 * the calculator's suggestion (suggestRate), the financing page's band table, the assistant and the deal worksheet
 * (the feeds carry no rate today). Spec §9's constants stay: 23.99 below 500, 14.99 for 500-599 and 8.99 from 600;
 * its card rate 7.99 is the top band (760-850). Why the split sits at 760: docs/decisions/026-one-rate-table.md.
 */
export const RATE_TABLE = [
  { band: 'excellent', label: 'Excellent', from: 760, to: 850, apr: 7.99 },
  { band: 'good', label: 'Good', from: 600, to: 759, apr: 8.99 },
  { band: 'fair', label: 'Fair', from: 500, to: 599, apr: 14.99 },
  { band: 'rebuilding', label: 'Rebuilding', from: 300, to: 499, apr: 23.99 },
] as const;

export type RateBand = (typeof RATE_TABLE)[number];
export type CreditBand = RateBand['band'];
export const CREDIT_BANDS = RATE_TABLE.map((r) => r.band) as [CreditBand, ...CreditBand[]];

/** Every APR the financing page offers: no surface may show another as our rate. */
export const OFFERED_RATES: readonly number[] = RATE_TABLE.map((r) => r.apr);

/** The band a credit score falls in (300-850), or null outside those bounds. */
export function rateBandForScore(creditScore: number): RateBand | null {
  if (!Number.isFinite(creditScore) || creditScore < CREDIT_SCORE_MIN || creditScore > CREDIT_SCORE_MAX) return null;
  return RATE_TABLE.find((r) => creditScore >= r.from) ?? null;
}

export function rateBand(band: CreditBand): RateBand {
  return RATE_TABLE.find((r) => r.band === band)!;
}

/** spec §9: rate suggestion for a credit score within 300-850 (from the one rate table); null outside those bounds. */
export function suggestRate(creditScore: number): number | null {
  return rateBandForScore(creditScore)?.apr ?? null;
}

/** Present value of 1/month for n months at monthly rate r (the annuity factor). */
function annuityFactor(monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return months;
  return (1 - Math.pow(1 + monthlyRate, -months)) / monthlyRate;
}

/** spec §9 affordability estimate: budget × annuity factor + down payment, rounded; 0 when budget or term is 0. */
export function approvedAmount(c: Pick<ApprovalCriteria, 'monthlyBudget' | 'loanTerm' | 'interestRate' | 'downPayment'>): number {
  if (!c.monthlyBudget || !c.loanTerm) return 0;
  const r = c.interestRate / 12 / 100;
  return Math.round(c.monthlyBudget * annuityFactor(r, c.loanTerm) + c.downPayment);
}

/** spec §9 loan payment helper: monthly payment, rounded to a whole number. */
export function loanPayment(price: number, deposit: number, annualRatePercent: number, months: number): number {
  const principal = price - deposit;
  if (months <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return Math.round(principal / months);
  return Math.round((principal * r) / (1 - Math.pow(1 + r, -months)));
}

/** The exact (unrounded) monthly payment in cents at an APR over n months, compounded monthly. */
export function exactPaymentCents(principalCents: number, apr: number, months: number): number {
  const r = apr / 100 / 12;
  if (r === 0) return principalCents / months;
  return (principalCents * r) / (1 - Math.pow(1 + r, -months));
}

/**
 * The regular monthly payment in cents, rounded half-up to the cent as a lender prints it: the deal worksheet's
 * payment (deal-worksheet-maths.ts) and every advertised payment (payment-offer.ts).
 */
export function monthlyPaymentCents(principalCents: number, apr: number, months: number): number {
  if (principalCents <= 0 || months <= 0) return 0;
  return Math.round(exactPaymentCents(principalCents, apr, months));
}

/** Unrounded monthly payment (standard amortisation). */
function monthlyPaymentExact(principal: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - Math.pow(1 + r, -months));
}

export const BIWEEKLY_DIVISOR = 2.17; // spec §9
/** spec §9's "+35" on each bi-weekly payment: the dealership setting (domain/settings.ts), default 35. */
export const BIWEEKLY_FEE: number = PAYMENT_SETTINGS.biweeklyCharge;

/** A bi-weekly figure and what it is made of: the loan's share and the charge added to each payment. */
export interface BiweeklyPayment {
  /** What the shopper pays every two weeks: loan + charge. */
  total: number;
  /** The loan's share: the monthly payment / 2.17, rounded (spec §9). */
  loan: number;
  /** The fixed amount added to each payment (spec §9 "+35"), disclosed beside every figure. */
  charge: number;
}

/**
 * spec §9, the one bi-weekly rule: monthly payment / 2.17, rounded, plus the per-payment charge. Cards, the price
 * block and the calculator all use it, so one page's figures agree for the same terms. Nothing financed gives 0.
 */
export function biweeklyFromMonthly(monthlyExact: number, charge: number = BIWEEKLY_FEE): BiweeklyPayment {
  if (!(monthlyExact > 0)) return { total: 0, loan: 0, charge: 0 };
  const loan = Math.round(monthlyExact / BIWEEKLY_DIVISOR);
  return { total: loan + charge, loan, charge };
}

/** spec §5/§9: longest term lenders allow by model year: 72 (≤2018), 84 (2019-2020), 96 (2021+). */
export function maxTermForYear(year: number): number {
  if (year <= 2018) return 72;
  if (year <= 2020) return 84;
  return 96;
}

/** The shopper's term for a vehicle: theirs (84 when unset), capped by the model year (spec §9). */
export function termForVehicle(year: number, loanTerm: number): number {
  return Math.min(loanTerm || 84, maxTermForYear(year));
}

/**
 * The monthly cost of a vehicle on the shopper's criteria, as a monthly budget must cover it: the loan payment at the
 * vehicle's capped term with their down payment and rate, on the price plus GST as every payment is figured (issue 57
 * §1, payment-offer.ts), plus the bi-weekly charge spread over the month (charge × 2.17, the spec's own
 * bi-weekly-to-monthly ratio), because the shopper pays it with every payment.
 */
export function monthlyCostFor(vehicle: { price: number; year: number }, c: Pick<ApprovalCriteria, 'downPayment' | 'interestRate' | 'loanTerm'>): number {
  const financed = vehicle.price * (1 + GST_RATE) - Math.max(0, c.downPayment);
  if (financed <= 0) return 0;
  return monthlyPaymentExact(financed, c.interestRate, termForVehicle(vehicle.year, c.loanTerm)) + BIWEEKLY_FEE * BIWEEKLY_DIVISOR;
}

/** issue 21: a vehicle is within budget when its monthly cost on the shopper's terms (above) is at most their budget. */
export function fitsBudget(vehicle: { price: number; year: number }, c: Pick<ApprovalCriteria, 'downPayment' | 'interestRate' | 'loanTerm' | 'monthlyBudget'>): boolean {
  return c.monthlyBudget > 0 && monthlyCostFor(vehicle, c) <= c.monthlyBudget + 1e-9;
}

/** A model-year band with one capped term, and the highest whole price that fits the budget in it. */
export interface BudgetBand { yearMin?: number; yearMax?: number; termMonths: number; priceMax: number }

/**
 * The vehicles within a budget as a few listing queries (year band + price cap), one per distinct capped term
 * (spec §9: 72 months to 2018, 84 for 2019-2020, 96 after). A vehicle matches its band's query exactly when
 * `fitsBudget` holds for it (whole-dollar prices). Empty when no price fits.
 */
export function budgetBands(c: Pick<ApprovalCriteria, 'downPayment' | 'interestRate' | 'loanTerm' | 'monthlyBudget'>): BudgetBand[] {
  const spare = c.monthlyBudget - BIWEEKLY_FEE * BIWEEKLY_DIVISOR; // what is left for the loan itself each month
  const caps: { yearMin?: number; yearMax?: number; cap: number }[] = [{ yearMax: 2018, cap: 72 }, { yearMin: 2019, yearMax: 2020, cap: 84 }, { yearMin: 2021, cap: 96 }];
  const bands: BudgetBand[] = [];
  for (const { yearMin, yearMax, cap } of caps) {
    const termMonths = Math.min(c.loanTerm || 84, cap);
    const last = bands.at(-1);
    if (last && last.termMonths === termMonths) { // same term as the band before: widen it
      if (yearMax === undefined) delete last.yearMax; else last.yearMax = yearMax;
      continue;
    }
    const r = c.interestRate / 12 / 100;
    // The highest price whose price + GST, less the down payment, the spare budget amortises.
    const priceMax = Math.floor(((spare > 0 ? spare * annuityFactor(r, termMonths) : 0) + Math.max(0, c.downPayment)) / (1 + GST_RATE) + 1e-6);
    bands.push({ ...(yearMin !== undefined ? { yearMin } : {}), ...(yearMax !== undefined ? { yearMax } : {}), termMonths, priceMax });
  }
  return c.monthlyBudget > 0 ? bands.filter((b) => b.priceMax > 0) : [];
}
