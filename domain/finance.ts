// Loan maths and rate rules of spec §9. Pure functions used by cards, calculator, vehicle page and assistant.

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

/** spec §9: rate suggestion for a credit score within 300-850; null outside those bounds. */
export function suggestRate(creditScore: number): number | null {
  if (!Number.isFinite(creditScore) || creditScore < CREDIT_SCORE_MIN || creditScore > CREDIT_SCORE_MAX) return null;
  if (creditScore < 500) return 23.99;
  if (creditScore < 600) return 14.99;
  return 8.99;
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

/** Unrounded monthly payment (standard amortisation). */
function monthlyPaymentExact(principal: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - Math.pow(1 + r, -months));
}

export const DEFAULT_CARD_RATE = 7.99; // spec §9
export const BIWEEKLY_DIVISOR = 2.17; // spec §9
export const BIWEEKLY_FEE = 35; // spec §9

/** spec §9: default card term by model year: 60 (≤2017), 72 (2018-2019), 84 (2020), 96 (2021+). */
export function defaultCardTerm(year: number): number {
  if (year <= 2017) return 60;
  if (year <= 2019) return 72;
  if (year === 2020) return 84;
  return 96;
}

/** spec §5/§9: longest term lenders allow by model year: 72 (≤2018), 84 (2019-2020), 96 (2021+). */
export function maxTermForYear(year: number): number {
  if (year <= 2018) return 72;
  if (year <= 2020) return 84;
  return 96;
}

export interface PaymentEstimate {
  biweekly: number;
  /** The terms the figure rests on: Alberta requires APR, term and down payment beside any payment. */
  apr: number;
  termMonths: number;
  downPayment: number;
  personalised: boolean;
}

/** spec §9 bi-weekly estimate on vehicle cards. With criteria, uses the shopper's down payment, rate and term, capped by year. */
export function biweeklyEstimate(
  vehicle: { price: number; year: number },
  criteria?: Pick<ApprovalCriteria, 'downPayment' | 'interestRate' | 'loanTerm'> | null,
): PaymentEstimate {
  const personalised = !!criteria;
  const downPayment = criteria ? Math.max(0, criteria.downPayment) : Math.max(2000, vehicle.price * 0.1);
  const apr = criteria ? criteria.interestRate : DEFAULT_CARD_RATE;
  const termMonths = criteria
    ? Math.min(criteria.loanTerm || 84, maxTermForYear(vehicle.year))
    : defaultCardTerm(vehicle.year);
  const financed = vehicle.price - downPayment;
  if (financed <= 0) return { biweekly: 0, apr, termMonths, downPayment: Math.round(downPayment), personalised };
  const monthly = monthlyPaymentExact(financed, apr, termMonths);
  return { biweekly: Math.round(monthly / BIWEEKLY_DIVISOR) + BIWEEKLY_FEE, apr, termMonths, downPayment: Math.round(downPayment), personalised };
}
