import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

describe('GET /api/vehicles/:id/similar', () => {
  it('offers available vehicles of the same body type close in price and year, nearest first, never itself', async () => {
    const base = await t.createVehicle({ bodyType: 'Minivan', price: 30_000, year: 2020 });
    const near = await t.createVehicle({ bodyType: 'Minivan', price: 31_000, year: 2020 });
    const farther = await t.createVehicle({ bodyType: 'Minivan', price: 36_000, year: 2019 });
    const tooDear = await t.createVehicle({ bodyType: 'Minivan', price: 90_000, year: 2020 });
    const tooOld = await t.createVehicle({ bodyType: 'Minivan', price: 30_000, year: 2010 });
    const otherBody = await t.createVehicle({ bodyType: 'Coupe', price: 30_000, year: 2020 });
    const sold = await t.createVehicle({ bodyType: 'Minivan', price: 30_000, year: 2020, status: 'sold', soldAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${base.id}/similar` });
    expect(res.statusCode).toBe(200);
    const ids = res.json().vehicles.map((v: { id: number }) => v.id);
    expect(ids).toEqual([near.id, farther.id]);
    for (const id of [base.id, tooDear.id, tooOld.id, otherBody.id, sold.id]) expect(ids).not.toContain(id);
  });

  it('works for a sold vehicle, caps at 6, and answers 404/400 for unknown or malformed ids', async () => {
    const sold = await t.createVehicle({ bodyType: 'Wagon', price: 20_000, year: 2018, status: 'sold', soldAt: new Date() });
    for (let i = 0; i < 8; i++) await t.createVehicle({ bodyType: 'Wagon', price: 20_000 + i * 100, year: 2018 });
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${sold.id}/similar` });
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicles).toHaveLength(6);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/999999/similar' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/abc/similar' })).statusCode).toBe(400);
  });
});
