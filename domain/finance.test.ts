import { describe, expect, it } from 'vitest';
import { paymentOffer } from './payment-offer';
import {
  approvedAmount, biweeklyFromMonthly, budgetBands, DEFAULT_CRITERIA, fitsBudget, loanPayment, maxTermForYear,
  monthlyCostFor, suggestRate,
} from './finance';
import { PAYMENT_SETTINGS } from './settings';

describe('spec §9 rate suggestion', () => {
  it('maps credit score bands to rates only inside 300-850', () => {
    expect(suggestRate(299)).toBeNull();
    expect(suggestRate(300)).toBe(23.99);
    expect(suggestRate(499)).toBe(23.99);
    expect(suggestRate(500)).toBe(14.99);
    expect(suggestRate(599)).toBe(14.99);
    expect(suggestRate(600)).toBe(8.99);
    expect(suggestRate(759)).toBe(8.99);
    // issue 33 §3: the one rate table's top band carries spec §9's card rate, so the cards' 7.99 is offered.
    expect(suggestRate(760)).toBe(7.99);
    expect(suggestRate(850)).toBe(7.99);
    expect(suggestRate(851)).toBeNull();
  });
});

describe('spec §9 affordability estimate', () => {
  it('computes the default criteria approved amount', () => {
    // 350/mo, 84 months at 8.99%, plus 2000 down.
    const r = 8.99 / 1200;
    const expected = Math.round(350 * (1 - Math.pow(1 + r, -84)) / r + 2000);
    expect(approvedAmount(DEFAULT_CRITERIA)).toBe(expected);
    expect(expected).toBe(23_761);
  });
  it('is 0 when budget or term is 0, and linear at 0%', () => {
    expect(approvedAmount({ ...DEFAULT_CRITERIA, monthlyBudget: 0 })).toBe(0);
    expect(approvedAmount({ ...DEFAULT_CRITERIA, loanTerm: 0 })).toBe(0);
    expect(approvedAmount({ monthlyBudget: 100, loanTerm: 12, interestRate: 0, downPayment: 0 })).toBe(1200);
  });
});

describe('spec §9 loan payment helper', () => {
  it('divides evenly at 0% and amortises otherwise', () => {
    expect(loanPayment(12_000, 0, 0, 12)).toBe(1000);
    expect(loanPayment(30_000, 5_000, 6, 60)).toBe(483);
  });
});

describe('spec §5/§9 terms', () => {
  it('terms by year match the spec tables', () => {
    expect([2018, 2019, 2020, 2021].map(maxTermForYear)).toEqual([72, 84, 84, 96]);
  });
});

describe('issue 21: one bi-weekly rule, its charge disclosed', () => {
  it('the charge comes from the dealership settings (spec §9 default 35)', () => {
    expect(PAYMENT_SETTINGS.biweeklyCharge).toBe(35);
    expect(biweeklyFromMonthly(314.65)).toEqual({ loan: 145, charge: 35, total: 180 });
    expect(biweeklyFromMonthly(0)).toEqual({ loan: 0, charge: 0, total: 0 });
  });
});

describe('issue 21: vehicles within a monthly budget', () => {
  const criteria = { ...DEFAULT_CRITERIA, monthlyBudget: 350, downPayment: 2000, interestRate: 8.99, loanTerm: 84 };
  it('a 2015 truck is judged at its 72-month cap, charge included: over budget though under the 84-month approved amount', () => {
    const sierra = { price: 22_000, year: 2015 };
    expect(sierra.price).toBeLessThan(approvedAmount(criteria)); // what the old list used
    expect(paymentOffer(sierra, criteria).termMonths).toBe(72);
    expect(fitsBudget(sierra, criteria)).toBe(false);
    // Its bi-weekly figure, spread over a month the spec's way, is over $350.
    expect(paymentOffer(sierra, criteria).biweekly.total * 2.17).toBeGreaterThan(350);
  });
  it('a budget covers the payment every page shows, GST financed, plus the bi-weekly charge (issue 57 §1)', () => {
    for (const v of [{ price: 18_000, year: 2016 }, { price: 31_495, year: 2022 }]) {
      expect(monthlyCostFor(v, criteria)).toBeCloseTo(paymentOffer(v, criteria).monthly + 35 * 2.17, 1);
    }
  });
  it('the listing queries match exactly the vehicles that fit (seeded sample)', () => {
    let seed = 21;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 400; i++) {
      const c = { monthlyBudget: Math.round(rand() * 900), downPayment: Math.round(rand() * 8000), interestRate: Math.round(rand() * 2500) / 100, loanTerm: [36, 48, 60, 72, 84, 96][Math.floor(rand() * 6)]! };
      const bands = budgetBands(c);
      for (let j = 0; j < 20; j++) {
        const v = { price: Math.round(rand() * 40_000), year: 2010 + Math.floor(rand() * 16) };
        const band = bands.find((b) => (b.yearMin ?? 0) <= v.year && v.year <= (b.yearMax ?? 9999));
        expect(!!band && v.price <= band.priceMax, JSON.stringify({ c, v, bands })).toBe(fitsBudget(v, c));
      }
    }
  });
  it('one band when the term is under every cap; three when it is 96', () => {
    expect(budgetBands({ ...criteria, loanTerm: 60 })).toHaveLength(1);
    expect(budgetBands({ ...criteria, loanTerm: 96 }).map((b) => b.termMonths)).toEqual([72, 84, 96]);
    expect(budgetBands({ ...criteria, loanTerm: 84 }).map((b) => [b.yearMin, b.yearMax, b.termMonths])).toEqual([[undefined, 2018, 72], [2019, undefined, 84]]);
    expect(budgetBands({ ...criteria, monthlyBudget: 0 })).toEqual([]);
    expect(monthlyCostFor({ price: 1000, year: 2020 }, criteria)).toBe(0);
  });
});
