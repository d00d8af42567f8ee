import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finderPriceCap, type FinderAnswers } from '@domain/finder';
import { createTestApp, type TestContext } from '../../test/helpers';
import { MAX_FINDER_MATCHES } from './service';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const find = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/vehicle-finder', payload: payload as object });
const base: FinderAnswers = { budget: { kind: 'total', max: 40_000 }, bodyTypes: [], minSeats: 0, uses: [], fuel: 'any', mustHave: [] };

interface Match { vehicle: { id: number; price: number; bodyType: string; isSold: boolean; stockNumber: string; photos: unknown[] }; score: number; reasons: string[] }

describe('POST /api/vehicle-finder', () => {
  it('ranks real vehicles: hard limits filter, uses add points, reasons say why; sold and pending never appear', async () => {
    const family = await t.createVehicle({ bodyType: 'SUV', make: 'Toyota', model: 'Highlander', price: 36_000, seats: 8, drivetrain: 'AWD', photos: 1, features: ['Heated Seats', 'Backup Camera'] });
    const smallSuv = await t.createVehicle({ bodyType: 'SUV', make: 'Honda', model: 'CR-V', price: 30_000, seats: 5, drivetrain: 'AWD', features: ['Heated Seats'] });
    const van = await t.createVehicle({ bodyType: 'Minivan', make: 'Chrysler', model: 'Pacifica', price: 34_000, seats: 7, drivetrain: 'FWD', features: ['Heated Seats'] });
    const tooDear = await t.createVehicle({ bodyType: 'SUV', make: 'Lexus', model: 'RX', price: 55_000, seats: 7, features: ['Heated Seats'] });
    const truck = await t.createVehicle({ bodyType: 'Truck', price: 30_000, seats: 6, features: ['Heated Seats'] });
    const sold = await t.createVehicle({ bodyType: 'SUV', model: 'Explorer', price: 30_000, seats: 7, drivetrain: 'AWD', status: 'sold', soldAt: new Date(), features: ['Heated Seats'] });
    const pending = await t.createVehicle({ bodyType: 'SUV', model: 'Edge', price: 30_000, seats: 7, status: 'pending', sellerType: 'private seller', features: ['Heated Seats'] });

    const res = await find({ ...base, bodyTypes: ['SUV', 'Minivan'], minSeats: 5, uses: ['family', 'winter'], mustHave: ['Heated Seats'] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { matches: Match[]; priceCap: number };
    expect(body.priceCap).toBe(40_000);
    const ids = body.matches.map((m) => m.vehicle.id);
    // The 8-seat AWD SUV wins; a cheaper AWD SUV outscores the 7-seat FWD van for winter.
    expect(ids).toEqual([family.id, smallSuv.id, van.id]);
    for (const id of [tooDear.id, truck.id, sold.id, pending.id]) expect(ids).not.toContain(id);
    const top = body.matches[0]!;
    // The vehicle comes in the API's shape, photos included.
    expect(top.vehicle).toMatchObject({ id: family.id, isSold: false, bodyType: 'SUV' });
    expect(top.vehicle.stockNumber).toMatch(/^T\d+/);
    expect(top.vehicle.photos).toHaveLength(1);
    expect(top.reasons).toEqual(expect.arrayContaining(['$36,000 is within your $40,000 budget', '8 seats for the whole family', 'AWD for winter roads', 'Has Heated Seats']));
    expect(body.matches.map((m) => m.score)).toEqual([...body.matches.map((m) => m.score)].sort((a, b) => b - a));
  });

  it('turns a monthly payment and down payment into a price cap with the §9 estimate', async () => {
    const budget = { kind: 'monthly' as const, perMonth: 400, downPayment: 3_000 };
    const res = await find({ ...base, budget });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { matches: Match[]; priceCap: number };
    expect(body.priceCap).toBe(finderPriceCap(budget));
    expect(body.matches.every((m) => m.vehicle.price <= body.priceCap)).toBe(true);
  });

  it(`answers an empty list when nothing fits, and at most ${MAX_FINDER_MATCHES} matches otherwise`, async () => {
    const none = await find({ ...base, budget: { kind: 'total', max: 1_000 } });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ matches: [], priceCap: 1_000 });
    for (let i = 0; i < MAX_FINDER_MATCHES + 2; i++) await t.createVehicle({ bodyType: 'Wagon', price: 20_000 + i });
    const many = await find({ ...base, bodyTypes: ['Wagon'] });
    expect(many.json().matches).toHaveLength(MAX_FINDER_MATCHES);
  });

  it('drops a vehicle from the answers as soon as it is sold', async () => {
    const only = await t.createVehicle({ bodyType: 'Convertible', price: 25_000 });
    const before = (await find({ ...base, bodyTypes: ['Convertible'] })).json() as { matches: Match[] };
    expect(before.matches.map((m) => m.vehicle.id)).toEqual([only.id]);
    const admin = await t.createUser({ role: 'admin', username: 'admin' });
    const { loginAs } = await import('../../test/helpers');
    const session = await loginAs(t.app, admin);
    expect((await t.app.inject({ method: 'POST', url: `/api/vehicles/${only.id}/mark-sold`, headers: session.bearer })).statusCode).toBe(200);
    const after = (await find({ ...base, bodyTypes: ['Convertible'] })).json() as { matches: Match[] };
    expect(after.matches).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['a missing budget', { ...base, budget: undefined }],
    ['a negative budget', { ...base, budget: { kind: 'total', max: -5 } }],
    ['an unknown budget kind', { ...base, budget: { kind: 'yearly', max: 5 } }],
    ['an unknown use', { ...base, uses: ['racing'] }],
    ['an unknown fuel', { ...base, fuel: 'coal' }],
    ['fractional seats', { ...base, minSeats: 2.5 }],
    ['a string for a number', { ...base, minSeats: '7' }],
    ['too many must-haves', { ...base, mustHave: Array.from({ length: 13 }, (_, i) => `Feature ${i}`) }],
  ])('answers 400 for %s', async (_name, payload) => {
    const res = await find(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
