import { describe, expect, it } from 'vitest';
import { approvedAmount, biweeklyEstimate, DEFAULT_CRITERIA, defaultCardTerm, loanPayment, maxTermForYear, suggestRate } from './finance';

describe('spec §9 rate suggestion', () => {
  it('maps credit score bands to rates only inside 300-850', () => {
    expect(suggestRate(299)).toBeNull();
    expect(suggestRate(300)).toBe(23.99);
    expect(suggestRate(499)).toBe(23.99);
    expect(suggestRate(500)).toBe(14.99);
    expect(suggestRate(599)).toBe(14.99);
    expect(suggestRate(600)).toBe(8.99);
    expect(suggestRate(850)).toBe(8.99);
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

describe('spec §9 bi-weekly card estimate', () => {
  it('uses max(2000, 10%) down, 7.99% and the year term by default', () => {
    const e = biweeklyEstimate({ price: 30_000, year: 2022 });
    expect(e).toMatchObject({ apr: 7.99, termMonths: 96, downPayment: 3000, personalised: false });
    const r = 7.99 / 1200;
    const monthly = (27_000 * r) / (1 - Math.pow(1 + r, -96));
    expect(e.biweekly).toBe(Math.round(monthly / 2.17) + 35);
  });
  it('caps the personalised term by model year', () => {
    expect(biweeklyEstimate({ price: 20_000, year: 2016 }, { downPayment: 1000, interestRate: 5, loanTerm: 96 }).termMonths).toBe(72);
    expect(biweeklyEstimate({ price: 20_000, year: 2019 }, { downPayment: 1000, interestRate: 5, loanTerm: 96 }).termMonths).toBe(84);
    expect(biweeklyEstimate({ price: 20_000, year: 2023 }, { downPayment: 1000, interestRate: 5, loanTerm: 0 }).termMonths).toBe(84);
  });
  it('gives 0 when nothing is financed', () => {
    expect(biweeklyEstimate({ price: 1500, year: 2015 }).biweekly).toBe(0);
  });
  it('terms by year match the spec tables', () => {
    expect([2017, 2018, 2019, 2020, 2021].map(defaultCardTerm)).toEqual([60, 72, 72, 84, 96]);
    expect([2018, 2019, 2020, 2021].map(maxTermForYear)).toEqual([72, 84, 84, 96]);
  });
});
