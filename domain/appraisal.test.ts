import { describe, expect, it } from 'vitest';
import { adjustedValue, appraisalVehicleSchema, estimateValue, WHOLESALE_FACTOR, type Comparable } from './appraisal';

const comp = (o: Partial<Comparable> = {}): Comparable => ({ year: 2019, make: 'Honda', model: 'Civic', trim: null, mileage: 80_000, price: 20_000, sold: false, ...o });
const mine = { year: 2019, mileage: 80_000, condition: 'excellent' as const };

describe('estimateValue', () => {
  it('says it cannot estimate without comparables', () => {
    expect(estimateValue(mine, [])).toMatchObject({ low: null, high: null, confidence: 'none', comparableCount: 0 });
  });

  it('centres on the wholesale share of an identical comparable, with a wide range for one comparable', () => {
    const e = estimateValue(mine, [comp()]);
    const centre = 20_000 * WHOLESALE_FACTOR;
    expect(e.low).toBe(Math.round((centre * 0.75) / 250) * 250);
    expect(e.high).toBe(Math.round((centre * 1.25) / 250) * 250);
    expect(e.confidence).toBe('low');
  });

  it('narrows with many agreeing comparables', () => {
    const many = Array.from({ length: 10 }, (_, i) => comp({ price: 20_000 + (i % 2) * 200 }));
    const e = estimateValue(mine, many);
    expect(e.spread).toBeLessThan(0.1);
    expect(e.confidence).toBe('high');
    expect(e.high! - e.low!).toBeLessThan(estimateValue(mine, [comp()]).high! - estimateValue(mine, [comp()]).low!);
  });

  it('widens when comparables disagree', () => {
    const agree = Array.from({ length: 4 }, () => comp());
    const disagree = [comp({ price: 12_000 }), comp({ price: 18_000 }), comp({ price: 24_000 }), comp({ price: 30_000 })];
    expect(estimateValue(mine, disagree).spread!).toBeGreaterThan(estimateValue(mine, agree).spread!);
  });
});

describe('adjustedValue', () => {
  it('is lower for an older, higher-kilometre, worse-condition vehicle', () => {
    const base = adjustedValue(comp(), mine);
    expect(adjustedValue(comp(), { ...mine, year: 2017 })).toBeLessThan(base);
    expect(adjustedValue(comp(), { ...mine, mileage: 150_000 })).toBeLessThan(base);
    expect(adjustedValue(comp(), { ...mine, condition: 'fair' })).toBeLessThan(base);
  });
  it('caps the kilometre adjustment at 30%', () => {
    expect(adjustedValue(comp(), { ...mine, mileage: 2_000_000 })).toBeCloseTo(20_000 * 0.7, 0);
  });
});

describe('appraisal messages (issue 21)', () => {
  it('asks for the condition in plain words, never listing internal values', () => {
    const r = appraisalVehicleSchema.safeParse({ year: 2019, make: 'Honda', model: 'Civic', mileage: 1000 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(["Choose the vehicle's condition"]);
  });
  it('an empty form names each field by its label', () => {
    const r = appraisalVehicleSchema.safeParse({ year: undefined, make: '', model: '', mileage: undefined, condition: undefined });
    for (const m of r.error!.issues.map((i) => i.message)) expect(m).not.toMatch(/^[a-z]+ |must be one of/);
  });
});
