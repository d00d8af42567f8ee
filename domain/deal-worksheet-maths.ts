// The deal worksheet's maths (issue 34 §2): Alberta's, in one place, shared by the vehicle page, POST /api/deal-quotes,
// the assistant and the ADF export. Money is worked in whole cents so every figure is one a lender would print.
// Why each step sits where it does: docs/decisions/027-deal-worksheet-maths.md.
// No zod here: the vehicle page works the worksheet in the browser, and that page must not load zod before an
// interaction (PERFORMANCE.md). The API's schemas, whose types this file reads, are in deal-worksheet.ts, which
// re-exports all of this.
import { exactPaymentCents, LOAN_TERMS, maxTermForYear, rateBand, type CreditBand } from './finance';
import { GST_RATE } from './settings';
import type { DealIncentive, DealOptions, DealQuote, DealQuoteRequest, DealSettings } from './deal-worksheet';

/** Shown with every worksheet, on the page, in print, on the shared link and in the API answer (issue 34 §4). */
export const DEAL_ESTIMATE_DISCLOSURE =
  'This is an estimate, not a contract or an approval. The final price and rate are confirmed in writing at the dealership.';
/** issue 34 §1: incentives are shown after the all-in price, with this. */
export const INCENTIVE_DISCLOSURE = 'Incentive eligibility is confirmed at signing.';
/** AMVIC all-in pricing: the advertised price already includes every fee except GST. */
export const ALL_IN_DISCLOSURE = 'The price is the all-in price: it includes every fee except GST. GST is 5%; Alberta has no PST.';
/** Alberta's Cost of Credit Disclosure: the cost of borrowing is everything paid beyond the amount financed. */
export const COST_OF_CREDIT_DISCLOSURE =
  'Financing is estimated with interest compounded monthly. The total cost of borrowing is the total of payments less the amount financed.';
/** issue 34 §1: a trade value the shopper typed is theirs, not ours. */
export const TRADE_ESTIMATE_LABEL = 'your estimate';

export const PURCHASE_TYPES = ['cash', 'finance'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

// ---- The dealer's incentives (issue 34 §1; their schema is in deal-worksheet.ts) ----

/** The amount an incentive gives a vehicle on a day, or 0 when its fuel type, price or dates do not qualify. */
export function incentiveAmount(i: DealIncentive, vehicle: { fuelType: string; price: number }, today: string): number {
  if (today < i.startsOn || today > i.endsOn) return 0;
  if (i.priceCap !== null && vehicle.price > i.priceCap) return 0;
  return (i.amounts as Record<string, number | undefined>)[vehicle.fuelType] ?? 0;
}

// ---- Terms ----

/** The terms offered for a model year: the spec §5 list, capped by maxTermForYear (spec §9). */
export function termsForYear(year: number): number[] {
  return LOAN_TERMS.filter((t) => t <= maxTermForYear(year));
}

// ---- The maths ----

export interface DealInput {
  /** The advertised all-in price, whole dollars. */
  price: number;
  purchase: PurchaseType;
  downPayment: number;
  termMonths: number;
  apr: number;
  tradeIn?: { value: number; lienPayout: number } | null;
  products?: readonly { id: string; name: string; price: number }[];
  incentives?: readonly { id: string; name: string; amount: number }[];
}

export interface DealFigures {
  price: number;
  products: { id: string; name: string; price: number }[];
  productsTotal: number;
  tradeInValue: number;
  lienPayout: number;
  /** price + products − trade-in, never below 0 (the trade-in is subtracted before GST). */
  taxableAmount: number;
  gst: number;
  incentives: { id: string; name: string; amount: number }[];
  incentivesTotal: number;
  /** taxable + GST + lien payout − incentives (trade equity beyond the price reduces it), never below 0. */
  total: number;
  downPayment: number;
  amountFinanced: number;
  apr: number;
  termMonths: number;
  /** The regular monthly payment (the last one is adjusted to clear the loan to the cent). */
  payment: number;
  finalPayment: number;
  paymentCount: number;
  totalOfPayments: number;
  costOfBorrowing: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

export { monthlyPaymentCents } from './finance';

/**
 * The loan's totals in cents. The total of payments is the exact amortised total rounded to the cent, so the cost of
 * borrowing (total − amount financed) is the loan's true interest; the regular payment is rounded to the cent and
 * the last payment takes the difference (at most half a cent per payment either way).
 */
export function amortise(principalCents: number, apr: number, months: number): { paymentCents: number; finalCents: number; totalCents: number } {
  if (principalCents <= 0 || months <= 0) return { paymentCents: 0, finalCents: 0, totalCents: 0 };
  const exact = exactPaymentCents(principalCents, apr, months);
  const paymentCents = Math.round(exact);
  const totalCents = Math.max(principalCents, Math.round(exact * months));
  return { paymentCents, finalCents: totalCents - paymentCents * (months - 1), totalCents };
}

/** issue 34 §2: the whole worksheet from its inputs. Input is assumed valid (see validateDeal). */
export function computeDeal(input: DealInput): DealFigures {
  const products = [...(input.products ?? [])];
  const incentives = [...(input.incentives ?? [])];
  const priceC = toCents(input.price);
  const productsC = products.reduce((s, p) => s + toCents(p.price), 0);
  const tradeC = toCents(input.tradeIn?.value ?? 0);
  const lienC = toCents(input.tradeIn?.lienPayout ?? 0);
  const incentivesC = incentives.reduce((s, i) => s + toCents(i.amount), 0);
  // The trade-in is subtracted before GST (5%, no PST in Alberta); the taxable amount is never negative.
  const netC = priceC + productsC - tradeC;
  const taxableC = Math.max(0, netC);
  const gstC = Math.round(taxableC * GST_RATE);
  // The lien payout is added after tax; trade equity beyond the price and products offsets it.
  const totalC = Math.max(0, netC + gstC + lienC - incentivesC);
  const downC = Math.min(toCents(Math.max(0, input.downPayment)), totalC);
  const finance = input.purchase === 'finance';
  const financedC = finance ? totalC - downC : 0;
  const months = finance && financedC > 0 ? input.termMonths : 0;
  const { paymentCents, finalCents, totalCents } = amortise(financedC, input.apr, months);
  return {
    price: input.price,
    products,
    productsTotal: toDollars(productsC),
    tradeInValue: toDollars(tradeC),
    lienPayout: toDollars(lienC),
    taxableAmount: toDollars(taxableC),
    gst: toDollars(gstC),
    incentives,
    incentivesTotal: toDollars(incentivesC),
    total: toDollars(totalC),
    downPayment: toDollars(downC),
    amountFinanced: toDollars(financedC),
    apr: finance ? input.apr : 0,
    termMonths: months,
    payment: toDollars(paymentCents),
    finalPayment: toDollars(finalCents),
    paymentCount: paymentCents > 0 ? months : 0,
    totalOfPayments: toDollars(totalCents),
    costOfBorrowing: toDollars(totalCents - financedC),
  };
}

/** A product's effect on the monthly payment: the payment with it less the payment without it (issue 34 §1). */
export function productPaymentEffect(input: DealInput, product: { id: string; name: string; price: number }): number {
  const others = (input.products ?? []).filter((p) => p.id !== product.id);
  const without = computeDeal({ ...input, products: others });
  const withIt = computeDeal({ ...input, products: [...others, product] });
  return Math.round((withIt.payment - without.payment) * 100) / 100;
}

/** Why a valid request cannot be quoted: the field and what is wrong, for a 400 that names it. */
export interface DealFieldError { field: string; message: string }

export interface DealVehicle {
  id: number; year: number; make: string; model: string; trim: string | null; stockNumber: string | null; fuelType: string; price: number;
}

/**
 * The worksheet for a vehicle, the dealer's settings, a day and a request, or the field at fault. The API, the page
 * and the assistant all call this, so they cannot disagree.
 */
export function quoteDeal(vehicle: DealVehicle, settings: DealSettings, today: string, req: DealQuoteRequest): { ok: true; quote: DealQuote } | { ok: false; error: DealFieldError } {
  const terms = termsForYear(vehicle.year);
  const finance = req.purchase === 'finance';
  const termMonths = req.termMonths ?? terms.at(-1)!;
  if (finance && !terms.includes(termMonths)) {
    return { ok: false, error: { field: 'termMonths', message: `termMonths ${termMonths} is not offered for a ${vehicle.year}: choose ${terms.join(', ')}` } };
  }
  const products: { id: string; name: string; price: number }[] = [];
  for (const [i, id] of req.productIds.entries()) {
    const p = settings.products.find((x) => x.id === id);
    if (!p) return { ok: false, error: { field: `productIds[${i}]`, message: `productIds[${i}]: no product "${id}" is offered` } };
    if (!products.some((x) => x.id === id)) products.push({ id: p.id, name: p.name, price: p.price });
  }
  const incentives: { id: string; name: string; amount: number }[] = [];
  for (const [i, id] of req.incentiveIds.entries()) {
    const inc = settings.incentives.find((x) => x.id === id);
    if (!inc) return { ok: false, error: { field: `incentiveIds[${i}]`, message: `incentiveIds[${i}]: no incentive "${id}" is offered` } };
    const amount = incentiveAmount(inc, vehicle, today);
    if (amount === 0) return { ok: false, error: { field: `incentiveIds[${i}]`, message: `incentiveIds[${i}]: "${inc.name}" does not apply to this vehicle today` } };
    if (!incentives.some((x) => x.id === id)) incentives.push({ id: inc.id, name: inc.name, amount });
  }
  const creditBand: CreditBand | null = finance ? req.creditBand ?? 'good' : null;
  const apr = creditBand ? rateBand(creditBand).apr : 0;
  const input: DealInput = {
    price: vehicle.price, purchase: req.purchase, downPayment: req.downPayment, termMonths, apr,
    tradeIn: req.tradeIn ? { value: req.tradeIn.value, lienPayout: req.tradeIn.lienPayout } : null, products, incentives,
  };
  const before = computeDeal({ ...input, downPayment: 0 });
  if (req.downPayment > before.total) {
    return { ok: false, error: { field: 'downPayment', message: `downPayment is more than the total of ${before.total.toFixed(2)}` } };
  }
  const f = computeDeal(input);
  return {
    ok: true,
    quote: {
      vehicleId: vehicle.id,
      vehicle: { year: vehicle.year, make: vehicle.make, model: vehicle.model, trim: vehicle.trim, stockNumber: vehicle.stockNumber, fuelType: vehicle.fuelType },
      purchase: req.purchase,
      creditBand,
      ...f,
      products: products.map((p) => ({ ...p, paymentEffect: finance ? productPaymentEffect(input, p) : 0 })),
      tradeIn: req.tradeIn ? {
        value: f.tradeInValue, lienPayout: f.lienPayout, source: req.tradeIn.source,
        label: req.tradeIn.source === 'estimate' ? TRADE_ESTIMATE_LABEL : 'trade appraiser range', description: req.tradeIn.description ?? null,
      } : null,
      termsOffered: terms,
      disclosures: {
        estimate: DEAL_ESTIMATE_DISCLOSURE, allIn: ALL_IN_DISCLOSURE, costOfCredit: COST_OF_CREDIT_DISCLOSURE,
        incentives: incentives.length ? INCENTIVE_DISCLOSURE : null,
      },
    },
  };
}

// ---- Who may be quoted (issue 34 §3): 404 unknown, 409 with why for sold, private and held ----

export const DEAL_REFUSALS = {
  sold: 'This vehicle has been sold, so it cannot be quoted.',
  privateSeller: 'This is a private seller\'s listing: the dealership cannot quote a deal on it. Message the seller instead.',
  held: 'This vehicle is on hold for another shopper, so it cannot be quoted right now.',
} as const;

export function dealRefusal(v: { status: string; sellerType: string; heldUntil: Date | string | null }, now: Date): keyof typeof DEAL_REFUSALS | 'notListed' | null {
  if (v.sellerType === 'private seller') return 'privateSeller';
  if (v.status === 'sold') return 'sold';
  if (v.heldUntil !== null && new Date(v.heldUntil) > now) return 'held';
  if (v.status !== 'available') return 'notListed';
  return null;
}

// ---- Keep, share and send (issue 34 §4) ----

export const sharePathOf = (token: string) => `/deal-worksheets/${token}`;

/** The worksheet as plain lines: the lead's message, the dealer's e-mail and the ADF comments all read it. */
export function dealSummaryLines(q: DealQuote): string[] {
  const $ = (n: number) => `$${n.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const lines = [
    `Deal worksheet (${q.purchase}): ${q.vehicle.year} ${q.vehicle.make} ${q.vehicle.model}${q.vehicle.stockNumber ? `, stock ${q.vehicle.stockNumber}` : ''}`,
    `All-in price ${$(q.price)}`,
    ...q.products.map((p) => `Product: ${p.name} ${$(p.price)}`),
    ...(q.tradeIn ? [`Trade-in ${$(q.tradeIn.value)} (${q.tradeIn.label})${q.tradeIn.description ? `: ${q.tradeIn.description}` : ''}, lien payout ${$(q.tradeIn.lienPayout)}`] : []),
    `Taxable ${$(q.taxableAmount)}, GST ${$(q.gst)}`,
    ...q.incentives.map((i) => `Incentive: ${i.name} −${$(i.amount)} (eligibility confirmed at signing)`),
    `Total ${$(q.total)}, down payment ${$(q.downPayment)}`,
  ];
  if (q.purchase === 'finance') {
    lines.push(`Amount financed ${$(q.amountFinanced)} at ${q.apr}% APR (${q.creditBand ?? ''} band) over ${q.termMonths} months: ${q.paymentCount} payments of ${$(q.payment)}, total of payments ${$(q.totalOfPayments)}, cost of borrowing ${$(q.costOfBorrowing)}`);
  }
  lines.push(DEAL_ESTIMATE_DISCLOSURE);
  return lines;
}

/**
 * The page's worksheet, figured in the browser from the options the server sent (products, and the incentives that
 * apply to this vehicle today with their amounts) by the same quoteDeal the API runs, so the page and the API agree
 * to the cent without a round trip per keystroke.
 */
export function quoteWithOptions(vehicle: DealVehicle, options: Pick<DealOptions, 'products' | 'incentives'>, req: DealQuoteRequest) {
  const settings: DealSettings = {
    products: options.products,
    incentives: options.incentives.map((i) => ({
      id: i.id, name: i.name, description: i.description, amounts: { [vehicle.fuelType]: i.amount }, priceCap: null, startsOn: '0000-01-01', endsOn: '9999-12-31',
    })),
  };
  return quoteDeal(vehicle, settings, '2000-01-01', req);
}
