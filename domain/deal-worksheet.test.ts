// issue 34 Bars: property tests of the deal maths, plus worked examples a person can check by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amortise, computeDeal, dealQuoteRequestSchema, dealSettingsSchema, incentiveAmount, quoteDeal, termsForYear, type DealInput, type DealSettings,
} from './deal-worksheet';

const SEED = { seed: 3434, numRuns: 300 };

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const dealArb = fc.record({
  price: fc.integer({ min: 1_000, max: 150_000 }),
  products: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c'), name: fc.constant('p'), price: fc.integer({ min: 0, max: 5_000 }) }), { maxLength: 3 }),
  trade: money(60_000),
  lien: money(40_000),
  down: money(20_000),
  apr: fc.integer({ min: 0, max: 3_000 }).map((x) => x / 100),
  term: fc.constantFrom(36, 48, 60, 72, 84, 96),
});
type Deal = typeof dealArb extends fc.Arbitrary<infer T> ? T : never;
const toInput = (d: Deal): DealInput => ({
  price: d.price, purchase: 'finance', downPayment: d.down, termMonths: d.term, apr: d.apr,
  tradeIn: { value: d.trade, lienPayout: d.lien }, products: d.products,
});
const cents = (x: number) => Math.round(x * 100);

describe('deal maths properties (issue 34 Bars)', () => {
  it('GST is 5% of (price + products − trade-in), never negative', () => {
    fc.assert(fc.property(dealArb, (d) => {
      const f = computeDeal(toInput(d));
      const base = d.price + d.products.reduce((s, p) => s + p.price, 0) - d.trade;
      expect(f.taxableAmount).toBeGreaterThanOrEqual(0);
      expect(f.gst).toBeGreaterThanOrEqual(0);
      expect(cents(f.taxableAmount)).toBe(Math.max(0, cents(base)));
      // Within half a cent of the exact 5%: rounded to the cent, never more.
      expect(Math.abs(cents(f.gst) - Math.max(0, cents(base)) * 0.05)).toBeLessThanOrEqual(0.5);
    }), SEED);
  });

  it('payment × count − amount financed is the cost of borrowing, within a cent per payment', () => {
    fc.assert(fc.property(dealArb, (d) => {
      const f = computeDeal(toInput(d));
      if (f.amountFinanced === 0) { expect(f.costOfBorrowing).toBe(0); return; }
      const diff = cents(f.payment) * f.paymentCount - cents(f.amountFinanced) - cents(f.costOfBorrowing);
      expect(Math.abs(diff)).toBeLessThanOrEqual(f.paymentCount);
      expect(cents(f.totalOfPayments) - cents(f.amountFinanced)).toBe(cents(f.costOfBorrowing));
    }), SEED);
  });

  it('the payment rises with the APR and falls with a longer term and a larger down payment', () => {
    fc.assert(fc.property(dealArb, fc.integer({ min: 1, max: 500 }), money(5_000), (d, aprStep, downStep) => {
      const base = toInput(d);
      const p = computeDeal(base).payment;
      expect(computeDeal({ ...base, apr: base.apr + aprStep / 100 }).payment).toBeGreaterThanOrEqual(p);
      const longer = [36, 48, 60, 72, 84, 96].find((t) => t > base.termMonths);
      if (longer) expect(computeDeal({ ...base, termMonths: longer }).payment).toBeLessThanOrEqual(p);
      expect(computeDeal({ ...base, downPayment: base.downPayment + downStep }).payment).toBeLessThanOrEqual(p);
    }), SEED);
  });
});

describe('deal maths, worked by hand', () => {
  it('subtracts the trade before GST, adds the lien after tax and takes off the down payment', () => {
    const f = computeDeal({
      price: 30_000, purchase: 'finance', downPayment: 2_000, termMonths: 72, apr: 8.99,
      tradeIn: { value: 8_000, lienPayout: 3_000 }, products: [{ id: 'rust', name: 'Rust protection', price: 500 }],
    });
    expect(f.taxableAmount).toBe(22_500); // 30,000 + 500 − 8,000
    expect(f.gst).toBe(1_125);
    expect(f.total).toBe(26_625); // 22,500 + 1,125 + 3,000 lien
    expect(f.amountFinanced).toBe(24_625);
    // 24,625 at 8.99% / 12 over 72 months: 443.76 (standard amortisation, to the cent).
    expect(f.payment).toBe(443.76);
    expect(f.paymentCount).toBe(72);
    expect(f.totalOfPayments).toBeCloseTo(443.76 * 71 + f.finalPayment, 2);
    expect(f.costOfBorrowing).toBeCloseTo(f.totalOfPayments - 24_625, 2);
  });

  it('cash: nothing financed, no cost of borrowing', () => {
    const f = computeDeal({ price: 20_000, purchase: 'cash', downPayment: 0, termMonths: 60, apr: 8.99 });
    expect(f.total).toBe(21_000);
    expect(f.amountFinanced).toBe(0);
    expect(f.payment).toBe(0);
    expect(f.costOfBorrowing).toBe(0);
  });

  it('a zero APR splits the amount evenly, the last payment taking the odd cents', () => {
    const a = amortise(1_000_00, 0, 3);
    expect(a.paymentCents).toBe(33_333);
    expect(a.finalCents).toBe(33_334);
    expect(a.totalCents).toBe(1_000_00);
  });

  it('caps terms by model year (spec §9)', () => {
    expect(termsForYear(2015)).toEqual([36, 48, 60, 72]);
    expect(termsForYear(2020)).toEqual([36, 48, 60, 72, 84]);
    expect(termsForYear(2024)).toEqual([36, 48, 60, 72, 84, 96]);
  });
});

describe('quoteDeal', () => {
  const settings: DealSettings = dealSettingsSchema.parse({
    products: [{ id: 'warranty', name: 'Extended warranty', price: 2_000 }],
    incentives: [{ id: 'izev', name: 'Federal EV incentive', amounts: { Electric: 5_000 }, priceCap: 55_000, startsOn: '2026-01-01', endsOn: '2026-12-31' }],
  });
  const ev = { id: 1, year: 2024, make: 'Tesla', model: 'Model 3', trim: null, stockNumber: 'S1', fuelType: 'Electric', price: 50_000 };
  const req = (x: object) => dealQuoteRequestSchema.parse({ vehicleId: 1, purchase: 'finance', ...x });

  it('applies an incentive after the all-in price and its GST, and names bad fields', () => {
    const r = quoteDeal(ev, settings, '2026-11-27', req({ incentiveIds: ['izev'], productIds: ['warranty'], termMonths: 96, creditBand: 'excellent' }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.quote.gst).toBe(2_600); // 5% of 52,000: the incentive does not lower the taxable amount
    expect(r.quote.total).toBe(49_600);
    expect(r.quote.apr).toBe(7.99);
    expect(r.quote.products[0]!.paymentEffect).toBeGreaterThan(0);
    expect(r.quote.disclosures.incentives).toMatch(/confirmed at signing/);
    const old = { ...ev, year: 2016 };
    expect(quoteDeal(old, settings, '2026-11-27', req({ termMonths: 84 }))).toMatchObject({ ok: false, error: { field: 'termMonths' } });
    expect(quoteDeal(ev, settings, '2026-11-27', req({ productIds: ['nope'] }))).toMatchObject({ ok: false, error: { field: 'productIds[0]' } });
    expect(quoteDeal(ev, settings, '2026-11-27', req({ downPayment: 60_000 }))).toMatchObject({ ok: false, error: { field: 'downPayment' } });
    expect(quoteDeal(ev, settings, '2027-01-01', req({ incentiveIds: ['izev'] }))).toMatchObject({ ok: false, error: { field: 'incentiveIds[0]' } });
  });

  it('an incentive applies only to its fuel types, under its price cap and within its dates', () => {
    const i = settings.incentives[0]!;
    expect(incentiveAmount(i, { fuelType: 'Electric', price: 55_000 }, '2026-06-01')).toBe(5_000);
    expect(incentiveAmount(i, { fuelType: 'Electric', price: 55_001 }, '2026-06-01')).toBe(0);
    expect(incentiveAmount(i, { fuelType: 'Gasoline', price: 30_000 }, '2026-06-01')).toBe(0);
    expect(incentiveAmount(i, { fuelType: 'Electric', price: 30_000 }, '2025-12-31')).toBe(0);
  });
});
