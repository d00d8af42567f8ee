// One payment story (issue 57 §1): the assumptions every advertised payment rests on, and the payment worked from
// them the deal worksheet's way (GST on the all-in price, whole cents, the same monthlyPaymentCents), so the cards,
// the vehicle page, the calculator, the worksheet's opening state, the assistant and the lead agree to the cent
// (payment-offer.test.ts holds it against computeDeal). Why these assumptions: docs/decisions/033-one-payment-story.md.
// No zod, and not the worksheet's whole maths either: every listing card runs this, inside the home page's budget.
import {
  biweeklyFromMonthly, DEFAULT_CRITERIA, monthlyPaymentCents, rateBand, termForVehicle, type BiweeklyPayment, type CreditBand,
} from './finance';
import { GST_RATE } from './settings';
import { formatDollarsAndCents, formatWholeDollars } from './number-format';

/** The credit band an advertised payment is worked at: the spec §3 calculator default (8.99%), the worksheet's own. */
export const ADVERTISED_CREDIT_BAND: CreditBand = 'good';

/** What a payment rests on. Fees need no field: the price is all-in (AMVIC); GST is always financed with it. */
export interface PaymentAssumptions {
  /** Whole dollars. */
  downPayment: number;
  apr: number;
  termMonths: number;
}

/** The shopper's own terms, as the calculator keeps them (lib/criteria). */
export interface ShopperTerms { downPayment: number; interestRate: number; loanTerm: number }

/**
 * The advertised assumptions for a vehicle: $2,000 down, the Good band's APR, 84 months capped by model year (spec §3's
 * calculator defaults and spec §9's caps). Every surface that shows a payment without the shopper's own numbers
 * shows this one, and the worksheet opens on it.
 */
export function advertisedAssumptions(vehicle: { year: number }): PaymentAssumptions & { creditBand: CreditBand } {
  return {
    downPayment: DEFAULT_CRITERIA.downPayment,
    apr: rateBand(ADVERTISED_CREDIT_BAND).apr,
    termMonths: termForVehicle(vehicle.year, DEFAULT_CRITERIA.loanTerm),
    creditBand: ADVERTISED_CREDIT_BAND,
  };
}

/** The shopper's terms for a vehicle: their down payment (whole dollars) and rate, their term capped by model year. */
export function shopperAssumptions(vehicle: { year: number }, t: ShopperTerms): PaymentAssumptions {
  return {
    downPayment: Math.round(Math.max(0, t.downPayment)),
    apr: t.interestRate,
    termMonths: termForVehicle(vehicle.year, t.loanTerm),
  };
}

export interface PaymentOffer extends PaymentAssumptions {
  price: number;
  /** The monthly payment to the cent: the worksheet's figure on the same assumptions. 0 when nothing is financed. */
  monthly: number;
  /** spec §9's bi-weekly figure from that monthly payment, with its per-payment charge. */
  biweekly: BiweeklyPayment;
  gst: number;
  amountFinanced: number;
  /** On the shopper's own terms rather than the advertised ones. */
  personalised: boolean;
}

/**
 * The payment for a price on the advertised assumptions, or on the shopper's terms: the all-in price plus 5% GST,
 * less the down payment, financed at the APR over the term, compounded monthly, in whole cents (computeDeal's steps
 * for a worksheet with no trade-in, products or incentives).
 */
export function paymentOffer(vehicle: { price: number; year: number }, terms?: ShopperTerms | null): PaymentOffer {
  const a = terms ? shopperAssumptions(vehicle, terms) : advertisedAssumptions(vehicle);
  const priceC = Math.round(vehicle.price * 100);
  const gstC = Math.round(Math.max(0, priceC) * GST_RATE);
  const totalC = Math.max(0, priceC + gstC);
  const financedC = totalC - Math.min(Math.round(a.downPayment * 100), totalC);
  const monthly = monthlyPaymentCents(financedC, a.apr, a.termMonths) / 100;
  return {
    ...a, price: vehicle.price, monthly, biweekly: biweeklyFromMonthly(monthly),
    gst: gstC / 100, amountFinanced: financedC / 100, personalised: !!terms,
  };
}

const GST_PERCENT = Math.round(GST_RATE * 100);

/** "84 months · 8.99% APR · $2,000 down · 5% GST financed": what a payment rests on, said the same way everywhere. */
export function paymentTermsLine(o: PaymentAssumptions): string {
  return `${o.termMonths} months · ${o.apr.toFixed(2)}% APR · ${formatWholeDollars(o.downPayment)} down · ${GST_PERCENT}% GST financed`;
}

/** "$507.30/month · 84 months · 8.99% APR · $2,000 down · 5% GST financed": a payment with its terms (Alberta). */
export function paymentLine(o: PaymentAssumptions & { monthly: number }): string {
  return `${formatDollarsAndCents(o.monthly)}/month · ${paymentTermsLine(o)}`;
}
