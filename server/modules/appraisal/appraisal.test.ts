import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { APPRAISALS_PER_IP } from './routes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Our history of comparable Civics: two on the lot, one sold; a private seller's Civic must not count.
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2019, mileage: 70_000, price: 21_000, bodyType: 'Sedan' });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2020, mileage: 50_000, price: 23_500, bodyType: 'Sedan' });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2018, mileage: 95_000, price: 17_900, bodyType: 'Sedan', status: 'sold', soldAt: new Date() });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2019, mileage: 60_000, price: 90_000, bodyType: 'Sedan', sellerType: 'private seller' });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2010, mileage: 60_000, price: 6_000, bodyType: 'Sedan' });
});
afterAll(() => t.close());

const body = (o: Record<string, unknown> = {}) => ({
  purpose: 'trade-in',
  vehicle: { vin: '', year: 2019, make: 'honda', model: 'civic', trim: 'LX', mileage: 82_000, condition: 'good' },
  contact: { name: 'Sam Okafor', phone: '403-555-0177', email: 'sam@example.ca' },
  ...o,
});
let ip = 0;
const post = (payload: unknown, addr = `10.8.0.${++ip}`) => t.app.inject({ method: 'POST', url: '/api/appraisals', payload: payload as Record<string, unknown>, remoteAddress: addr });

describe('POST /api/appraisals', () => {
  it('estimates from our own comparables (dealer stock and sold history, ±3 years) and creates a trade-in lead', async () => {
    const res = await post(body());
    expect(res.statusCode).toBe(201);
    const { estimate, leadId } = res.json();
    expect(estimate.comparableCount).toBe(3);
    expect(estimate.comparables.some((c: { sold: boolean }) => c.sold)).toBe(true);
    expect(estimate.comparables.every((c: { price: number }) => c.price < 90_000)).toBe(true);
    expect(estimate.low).toBeGreaterThan(8_000);
    expect(estimate.high).toBeLessThan(25_000);
    expect(estimate.low).toBeLessThan(estimate.high);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ source: 'trade_appraiser', leadType: 'trade_in', name: 'Sam Okafor' });
    expect(lead!.tradeIn).toMatchObject({ year: 2019, make: 'honda', model: 'civic', mileage: 82_000, condition: 'good' });
  });

  it('gives no estimate without comparables, and still creates a sell lead', async () => {
    const res = await post(body({ purpose: 'sell', vehicle: { ...body().vehicle, make: 'Lada', model: 'Niva' } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().estimate).toMatchObject({ low: null, high: null, confidence: 'none', comparableCount: 0 });
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, res.json().leadId));
    expect(lead).toMatchObject({ source: 'sell_my_vehicle', leadType: 'sell' });
    expect(lead!.message).toMatch(/no comparable vehicles/);
  });

  it.each([
    ['no phone', { contact: { name: 'A', phone: '' } }, /phone/],
    ['a future year', { vehicle: { ...body().vehicle, year: 2999 } }, /year cannot be in the future/],
    ['a bad condition', { vehicle: { ...body().vehicle, condition: 'mint' } }, /condition must be one of/],
    ['a bad VIN', { vehicle: { ...body().vehicle, vin: 'ABC' } }, /vin must be 17/],
    ['a bad purpose', { purpose: 'lease' }, /purpose must be sell or trade-in/],
  ])('answers 400 for %s', async (_l, over, message) => {
    const res = await post(body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it(`is rate limited to ${APPRAISALS_PER_IP.max} per address`, async () => {
    for (let i = 0; i < APPRAISALS_PER_IP.max; i++) expect((await post(body(), '10.88.0.1')).statusCode).toBe(201);
    expect((await post(body(), '10.88.0.1')).statusCode).toBe(429);
  });

  it('answers 400 for a malformed VIN lookup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/appraisals/vin/123' });
    expect(res.statusCode).toBe(400);
  });
});
