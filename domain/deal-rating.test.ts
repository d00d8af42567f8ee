// The deal rating's rule (issue 19): comparables, the mileage adjustment, the bands and their monotonicity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustPrice, assessDeal, bandFor, comparablesOf, DEAL_RATINGS, DEAL_THRESHOLDS_BP, explainDeal, MIN_COMPARABLES, rateDeal, toDealRating,
  type MarketVehicle,
} from './deal-rating';

const rav4 = (id: number, year: number, mileage: number, price: number, sold = false): MarketVehicle => ({ id, make: 'Toyota', model: 'RAV4', year, mileage, price, sold });

describe('comparables', () => {
  // Issue 33 §6: a new 2026 vehicle with 167 km was listed among a used one's comparables.
  it('are of the same condition: new with new, used with used; unknown compares with both', () => {
    const used = [1, 2, 3, 4, 5].map((id) => ({ ...rav4(id, 2024, 40_000, 30_000), condition: 'used' as const }));
    const fresh = { ...rav4(9, 2026, 167, 41_000), condition: 'new' as const };
    const pool = [...used, fresh];
    expect(comparablesOf({ id: 1, make: 'Toyota', model: 'RAV4', year: 2024, condition: 'used' }, pool).map((c) => c.id)).toEqual([2, 3, 4, 5]);
    expect(comparablesOf({ make: 'Toyota', model: 'RAV4', year: 2026, condition: 'new' }, pool).map((c) => c.id)).toEqual([9]);
    expect(comparablesOf({ make: 'Toyota', model: 'RAV4', year: 2025 }, pool)).toHaveLength(6);
    const subject = { id: 1, make: 'Toyota', model: 'RAV4', year: 2024, mileage: 40_000, price: 30_000, condition: 'used' as const };
    expect(rateDeal(subject, pool).comparableCount).toBe(assessDeal(subject, pool).comparableCount);
    expect(assessDeal(subject, pool).comparableCount).toBe(4);
  });

  it('are the same make and model (any case), model years within 2, never the vehicle itself', () => {
    const subject = { id: 1, make: 'Toyota', model: 'RAV4', year: 2021 };
    const pool = [
      rav4(1, 2021, 50_000, 30_000), rav4(2, 2019, 50_000, 30_000), rav4(3, 2023, 50_000, 30_000),
      rav4(4, 2018, 50_000, 30_000), rav4(5, 2024, 50_000, 30_000),
      { ...rav4(6, 2021, 50_000, 30_000), make: 'TOYOTA', model: 'rav4' },
      { ...rav4(7, 2021, 50_000, 30_000), model: 'Camry' },
    ];
    expect(comparablesOf(subject, pool).map((c) => c.id)).toEqual([2, 3, 6]);
  });

  it('without an id (the back office typing a new vehicle) every match is a comparable', () => {
    expect(comparablesOf({ make: 'Toyota', model: 'RAV4', year: 2021 }, [rav4(1, 2021, 0, 1)]).map((c) => c.id)).toEqual([1]);
  });
});

describe('rateDeal', () => {
  it('gives assessDeal\'s rating, market, difference and count without listing the comparables', () => {
    const vehicle = fc.record({
      id: fc.integer({ min: 1, max: 40 }), make: fc.constantFrom('Toyota', 'Toyota', 'TOYOTA', 'Ford'), model: fc.constantFrom('RAV4', 'RAV4', 'rav4'),
      year: fc.integer({ min: 2017, max: 2024 }), mileage: fc.integer({ min: 0, max: 300_000 }), price: fc.integer({ min: 1_000, max: 90_000 }), sold: fc.boolean(),
    });
    let rated = 0;
    fc.assert(fc.property(vehicle, fc.array(vehicle, { minLength: 20, maxLength: 60 }), (subject, pool) => {
      const full = assessDeal(subject, pool);
      const { rating, marketPrice, difference, differenceBp, comparableCount } = full;
      expect(rateDeal(subject, pool)).toEqual({ rating, marketPrice, difference, differenceBp, comparableCount });
      if (rating) rated++;
    }), { numRuns: 500, seed: 19 });
    expect(rated).toBeGreaterThan(100);
  });
});

describe('assessDeal', () => {
  const pool = [rav4(2, 2020, 60_000, 30_000), rav4(3, 2021, 60_000, 31_000), rav4(4, 2022, 60_000, 32_000), rav4(5, 2021, 60_000, 29_000, true), rav4(6, 2019, 60_000, 28_000)];

  it('averages the comparables adjusted to the vehicle\'s km and rates the difference', () => {
    const a = assessDeal({ id: 1, make: 'Toyota', model: 'RAV4', year: 2021, mileage: 60_000, price: 27_000 }, pool);
    expect(a.comparableCount).toBe(5);
    expect(a.marketPrice).toBe(30_000);
    expect(a.difference).toBe(-3_000);
    expect(a.differenceBp).toBe(-1000);
    expect(a.rating).toBe('great');
    expect([a.yearMin, a.yearMax]).toEqual([2019, 2022]);
    expect(a.comparables.find((c) => c.id === 5)!.sold).toBe(true);
  });

  it('adjusts each comparable to the vehicle\'s km: more km on the vehicle lowers the market', () => {
    const low = assessDeal({ id: 1, make: 'Toyota', model: 'RAV4', year: 2021, mileage: 40_000, price: 30_000 }, pool);
    const high = assessDeal({ id: 1, make: 'Toyota', model: 'RAV4', year: 2021, mileage: 80_000, price: 30_000 }, pool);
    expect(low.marketPrice!).toBeGreaterThan(30_000);
    expect(high.marketPrice!).toBeLessThan(30_000);
    // −0.5 % per 1,000 km on a log scale: 20,000 km fewer is e^0.1 ≈ +10.5 %.
    expect(low.marketPrice).toBe(Math.round(30_000 * Math.exp(0.1)));
  });

  it(`rates nothing with fewer than ${MIN_COMPARABLES} comparables, and says so`, () => {
    const a = assessDeal({ id: 1, make: 'Toyota', model: 'RAV4', year: 2021, mileage: 60_000, price: 10 }, pool.slice(0, MIN_COMPARABLES - 1));
    expect(a.rating).toBeNull();
    expect(a.marketPrice).toBeNull();
    expect(toDealRating(a)).toBeNull();
    expect(a.comparableCount).toBe(MIN_COMPARABLES - 1);
  });

  it('caps one comparable\'s adjustment: a 300,000 km difference is not a 78 % discount', () => {
    expect(adjustPrice(30_000, 0, 300_000)).toBeCloseTo(20_000, 5);
    expect(adjustPrice(30_000, 300_000, 0)).toBeCloseTo(45_000, 5);
  });
});

describe('bands', () => {
  it('follow the thresholds at their edges', () => {
    expect(bandFor(DEAL_THRESHOLDS_BP.great)).toBe('great');
    expect(bandFor(DEAL_THRESHOLDS_BP.great + 1)).toBe('good');
    expect(bandFor(DEAL_THRESHOLDS_BP.good)).toBe('good');
    expect(bandFor(DEAL_THRESHOLDS_BP.good + 1)).toBe('fair');
    expect(bandFor(DEAL_THRESHOLDS_BP.fair - 1)).toBe('fair');
    expect(bandFor(DEAL_THRESHOLDS_BP.fair)).toBe('high');
  });

  it('are monotonic in price: the same vehicle priced lower never gets a worse rating (property, fixed seed)', () => {
    const comparable = fc.record({
      id: fc.integer({ min: 2, max: 10_000 }), make: fc.constant('Toyota'), model: fc.constantFrom('RAV4', 'rav4'),
      year: fc.integer({ min: 2017, max: 2023 }), mileage: fc.integer({ min: 0, max: 250_000 }),
      price: fc.integer({ min: 1_000, max: 120_000 }), sold: fc.boolean(),
    });
    const rank = (r: string | null) => (r === null ? -1 : DEAL_RATINGS.indexOf(r as (typeof DEAL_RATINGS)[number]));
    let rated = 0;
    fc.assert(fc.property(
      fc.array(comparable, { minLength: 0, maxLength: 15 }), fc.integer({ min: 2018, max: 2022 }), fc.integer({ min: 0, max: 250_000 }),
      fc.integer({ min: 0, max: 150_000 }), fc.integer({ min: 0, max: 150_000 }),
      (pool, year, mileage, p1, p2) => {
        const [lower, higher] = p1 <= p2 ? [p1, p2] : [p2, p1];
        const subject = { id: 1, make: 'Toyota', model: 'RAV4', year, mileage };
        const a = assessDeal({ ...subject, price: lower }, pool);
        const b = assessDeal({ ...subject, price: higher }, pool);
        // Rated or not depends on the comparables only, never on the price.
        expect(a.rating === null).toBe(b.rating === null);
        if (a.rating !== null) rated++;
        // great < good < fair < high: the lower price's band is never later.
        expect(rank(a.rating)).toBeLessThanOrEqual(rank(b.rating));
        expect(a.marketPrice).toBe(b.marketPrice);
      },
    ), { numRuns: 500, seed: 1919 });
    // The property means something only if many runs were rated.
    expect(rated).toBeGreaterThan(100);
  });
});

describe('explainDeal', () => {
  it('says the difference, the count, the years, the model and the km', () => {
    expect(explainDeal({ difference: -1_850, comparableCount: 12, yearMin: 2019, yearMax: 2023, adjustedKm: 61_780 }, 'RAV4'))
      .toBe('$1,850 below the average of 12 comparable vehicles (2019-2023 RAV4, adjusted to 62,000 km)');
    expect(explainDeal({ difference: 400, comparableCount: 5, yearMin: 2021, yearMax: 2021, adjustedKm: 12_000 }, 'F-150'))
      .toBe('$400 above the average of 5 comparable vehicles (2021 F-150, adjusted to 12,000 km)');
    expect(explainDeal({ difference: 0, comparableCount: 5, yearMin: 2020, yearMax: 2021, adjustedKm: 0 }, 'Civic'))
      .toBe('Equal to the average of 5 comparable vehicles (2020-2021 Civic, adjusted to 0 km)');
  });
});
