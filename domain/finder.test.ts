import { describe, expect, it } from 'vitest';
import { finderPriceCap, rankForFinder, type FinderVehicle } from './finder';

const base: FinderVehicle = { id: 1, year: 2022, make: 'Toyota', model: 'RAV4', price: 30000, mileage: 40000, bodyType: 'SUV', seats: 5, fuelType: 'Gasoline', drivetrain: 'AWD', features: ['Heated Seats'], isOnSale: false };
const now = new Date('2026-11-22');

describe('vehicle finder', () => {
  it('turns a monthly budget into a price cap with the §9 maths', () => {
    expect(finderPriceCap({ kind: 'total', max: 25000 })).toBe(25000);
    expect(finderPriceCap({ kind: 'monthly', perMonth: 350, downPayment: 2000 })).toBe(23_761);
  });
  it('filters by hard limits and ranks by fit, with reasons', () => {
    const vs: FinderVehicle[] = [
      base,
      { ...base, id: 2, model: 'Sienna', bodyType: 'Minivan', seats: 8, drivetrain: 'FWD', price: 35000 },
      { ...base, id: 3, price: 60000 },
      { ...base, id: 4, fuelType: 'Electric', model: 'Ioniq 5', features: [] },
    ];
    const r = rankForFinder(vs, { budget: { kind: 'total', max: 40000 }, bodyTypes: [], minSeats: 7, uses: ['family'], fuel: 'any', mustHave: [] }, now);
    expect(r.map((m) => m.vehicle.id)).toEqual([2]);
    expect(r[0]!.reasons.join(' ')).toMatch(/8 seats/);
    const w = rankForFinder(vs, { budget: { kind: 'total', max: 40000 }, bodyTypes: ['SUV'], minSeats: 0, uses: ['winter'], fuel: 'any', mustHave: ['Heated Seats'] }, now);
    expect(w.map((m) => m.vehicle.id)).toEqual([1]);
    expect(w[0]!.reasons).toContain('AWD for winter roads');
  });
});
