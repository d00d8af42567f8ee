// Deal ratings through the API (issue 19): kept by the vehicle write path in the write's transaction, a whole
// make/model group at a time; carried by the vehicle and list answers; explained with the comparables; the back
// office's pricing guidance, inventory filters and dashboard bands.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_ENOUGH_COMPARABLES } from '@domain/deal-rating';
import { withCheckDigit } from '@domain/vin';
import { vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { recomputeAllDealRatings } from './deal-ratings';

let t: TestContext;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
});
afterAll(async () => { await t.close(); });
beforeEach(async () => {
  await t.db.execute(sql`delete from ${vehicles}`);
  await t.vehiclesChanged([]);
});

const actor = { id: null, name: 'system' };
let serial = 0;
function fields(o: { make?: string; model?: string; year?: number; price?: number; mileage?: number; status?: 'available' | 'sold' | 'pending'; sellerType?: 'dealer' | 'private seller'; condition?: 'new' | 'used' } = {}) {
  const n = String(++serial).padStart(6, '0');
  return {
    vin: withCheckDigit(`2T3P1RFV0MW${n}`), stockNumber: `R${n}`, year: 2021, make: 'Toyota', model: 'RAV4', trim: 'LE', price: 30_000, mileage: 50_000,
    bodyType: 'SUV', transmission: 'Automatic', engine: '2.5L', drivetrain: 'AWD', fuelType: 'Gasoline', exteriorColor: 'Silver',
    interiorColor: 'Black', doors: 4, seats: 5, description: 'A RAV4.', location: 'Edmonton' as const, features: [], ...o,
  };
}
const create = (list: ReturnType<typeof fields>[]) => t.app.vehicleCommands.transaction(actor, (w) => w.create(list)).then((rows) => rows.map((r) => r.id));
const write = (id: number, change: (w: Parameters<Parameters<typeof t.app.vehicleCommands.transaction>[1]>[0], before: typeof vehicles.$inferSelect) => Promise<unknown>) =>
  t.app.vehicleCommands.transaction(actor, async (w) => { const [before] = await w.lock([id]); await change(w, before!); });
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes, checked field by field
};
const rating = async (id: number) => (await get(`/api/vehicles/${id}`)).body.dealRating as { rating: string; marketPrice: number; difference: number; comparableCount: number } | null;

/** Six 2021 RAV4s with equal km at $28,000 … $33,000: each has the other five as comparables. */
const sixRav4s = () => create([28_000, 29_000, 30_000, 31_000, 32_000, 33_000].map((price) => fields({ price })));

describe('deal ratings kept by the write path', () => {
  it('rates each vehicle against the others of its make and model, never itself', async () => {
    const ids = await sixRav4s();
    const cheapest = await rating(ids[0]!);
    // The others average (29+30+31+32+33)/5 = 31,000: 28,000 is 3,000 (9.68 %) below: Good.
    expect(cheapest).toEqual({ rating: 'good', marketPrice: 31_000, difference: -3_000, comparableCount: 5 });
    // The others of the dearest average 30,000: 33,000 is 10 % above: High.
    expect(await rating(ids[5]!)).toEqual({ rating: 'high', marketPrice: 30_000, difference: 3_000, comparableCount: 5 });
  });

  it('a price change of one vehicle re-rates its comparables, in the list (index and SQL) and the vehicle answers', async () => {
    const ids = await sixRav4s();
    await t.app.inventoryIndex.build();
    expect((await rating(ids[0]!))!.marketPrice).toBe(31_000);
    await write(ids[5]!, (w, before) => w.changePrice(before, 23_000));
    // The others of the group now average (29+30+31+32+23)/5 = 29,000.
    expect((await rating(ids[0]!))!.marketPrice).toBe(29_000);
    const list = await get('/api/vehicles?sortBy=best-deal&format=paginated');
    expect(list.body.vehicles.map((v: { id: number }) => v.id)[0]).toBe(ids[5]);
    expect(list.body.vehicles.find((v: { id: number }) => v.id === ids[0]).dealRating.marketPrice).toBe(29_000);
  });

  it('a sold vehicle stays a comparable at its last asking price; a removed one leaves its group short of comparables', async () => {
    const ids = await sixRav4s();
    await write(ids[5]!, (w, before) => w.setStatus(before, 'sold'));
    expect(await rating(ids[5]!)).toBeNull();
    expect((await rating(ids[0]!))!.comparableCount).toBe(5);
    await write(ids[4]!, (w, before) => w.remove([before]));
    expect(await rating(ids[0]!)).toBeNull();
    const explained = await get(`/api/vehicles/${ids[0]}/deal-rating`);
    expect(explained.body).toMatchObject({ dealRating: null, comparableCount: 4 });
    expect(explained.body.summary).toBe(`${NOT_ENOUGH_COMPARABLES}: only 4 comparable vehicles, and a rating needs 5`);
  });

  it('an edit that changes the model re-rates both groups', async () => {
    const ids = await sixRav4s();
    await write(ids[1]!, (w, before) => w.update(before, { model: 'Corolla' }));
    expect(await rating(ids[0]!)).toBeNull();
    expect(await rating(ids[1]!)).toBeNull();
    await write(ids[1]!, (w, before) => w.update(before, { model: 'RAV4' }));
    expect((await rating(ids[0]!))!.comparableCount).toBe(5);
  });

  it('a rolled-back change leaves every rating as it was', async () => {
    const ids = await sixRav4s();
    const before = await rating(ids[0]!);
    await expect(write(ids[5]!, async (w, row) => { await w.changePrice(row, 10_000); throw new Error('abandoned'); })).rejects.toThrow('abandoned');
    expect(await rating(ids[0]!)).toEqual(before);
  });

  it('rates a lot loaded behind the write path once asked to (as at start)', async () => {
    await t.db.insert(vehicles).values([1, 2, 3, 4, 5, 6].map(() => fields()));
    expect((await t.db.execute(sql`select count(*)::int as n from deal_ratings r join vehicles v on v.id = r.vehicle_id`)).rows).toEqual([{ n: 0 }]);
    expect(await recomputeAllDealRatings(t.db)).toBe(6);
  });
});

describe('GET /api/vehicles/:id/deal-rating', () => {
  it('explains the rating with the comparables: live ones and sold ones marked sold, adjusted to the vehicle\'s km', async () => {
    const ids = await sixRav4s();
    await write(ids[5]!, (w, before) => w.setStatus(before, 'sold'));
    const { status, body } = await get(`/api/vehicles/${ids[0]}/deal-rating`);
    expect(status).toBe(200);
    expect(body.summary).toBe('$3,000 below the average of 5 comparable vehicles (2021 RAV4, adjusted to 50,000 km)');
    expect(body.comparables.map((c: { id: number }) => c.id).sort()).toEqual(ids.slice(1).sort());
    expect(body.comparables.find((c: { id: number }) => c.id === ids[5]).sold).toBe(true);
    expect(body.comparables.filter((c: { sold: boolean }) => !c.sold)).toHaveLength(4);
  });

  // Issue 33 §6: a new 2026 vehicle with 167 km was listed among a used one's comparables.
  it('compares a used vehicle only with used ones, and a new one only with new ones', async () => {
    const used = await create([28_000, 29_000, 30_000, 31_000, 32_000].map((price) => fields({ price })));
    const [fresh] = await create([fields({ year: 2022, mileage: 167, price: 41_000, condition: 'new' })]);
    const { body } = await get(`/api/vehicles/${used[0]}/deal-rating`);
    expect(body.comparables.map((c: { id: number }) => c.id)).not.toContain(fresh);
    expect(body.comparableCount).toBe(4);
    expect(await rating(used[0]!)).toBeNull();
    const newOne = await get(`/api/vehicles/${fresh}/deal-rating`);
    expect(newOne.body.comparables).toEqual([]);
    // The back office's guidance compares by condition when the form says which.
    const guidance = await get('/api/admin/pricing-guidance?make=Toyota&model=RAV4&year=2021&mileage=50000&condition=used', admin.bearer);
    expect(guidance.body).toMatchObject({ comparableCount: 5 });
    const guidanceNew = await get('/api/admin/pricing-guidance?make=Toyota&model=RAV4&year=2022&mileage=100&condition=new', admin.bearer);
    expect(guidanceNew.body).toMatchObject({ comparableCount: 1 });
  });

  // Issue 33 §6: a held vehicle said "Not enough comparables" directly above "The 6 comparable vehicles".
  it('a held vehicle says it is not rated while held, not that it lacks comparables', async () => {
    const ids = await sixRav4s();
    await t.db.update(vehicles).set({ status: 'pending', heldUntil: new Date(Date.now() + 86_400_000) }).where(sql`${vehicles.id} = ${ids[0]!}`);
    const { status, body } = await get(`/api/vehicles/${ids[0]}/deal-rating`);
    expect(status).toBe(200);
    expect(body.dealRating).toBeNull();
    expect(body.comparables).toHaveLength(5);
    expect(body.summary).not.toMatch(/not enough/i);
    expect(body.summary).toBe('This vehicle is on hold, so its price is not rated while it is held');
  });

  it('answers 400 for a malformed id and 404 for an unknown or pending vehicle', async () => {
    expect((await get('/api/vehicles/abc/deal-rating')).body.message).toMatch(/id must be a number/);
    expect((await get('/api/vehicles/999999/deal-rating')).status).toBe(404);
    const [pending] = await create([fields({ status: 'pending', sellerType: 'private seller' })]);
    expect((await get(`/api/vehicles/${pending}/deal-rating`)).status).toBe(404);
  });
});

describe('back office', () => {
  it('GET /api/admin/pricing-guidance gives the market range and the typed price\'s rating, leaving out the edited vehicle', async () => {
    const ids = await sixRav4s();
    const q = 'make=toyota&model=RAV4&year=2022&mileage=50000';
    const all = await get(`/api/admin/pricing-guidance?${q}&price=27000`, admin.bearer);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ comparableCount: 6, rangeMin: 28_000, rangeMax: 33_000, average: 30_500, rating: 'great', difference: -3_500, yearMin: 2021, yearMax: 2021 });
    const editing = await get(`/api/admin/pricing-guidance?${q}&price=27000&excludeId=${ids[0]}`, admin.bearer);
    expect(editing.body).toMatchObject({ comparableCount: 5, rangeMin: 29_000, average: 31_000 });
    const noPrice = await get(`/api/admin/pricing-guidance?${q}`, admin.bearer);
    expect(noPrice.body).toMatchObject({ rating: null, difference: null, average: 30_500 });
    const few = await get('/api/admin/pricing-guidance?make=Kia&model=Soul&year=2020&mileage=1&price=1', admin.bearer);
    expect(few.body).toMatchObject({ comparableCount: 0, average: null, rating: null, rangeMin: null });
  });

  it('pricing guidance answers 400 with what is wrong, and 401 to a visitor', async () => {
    const missing = await get('/api/admin/pricing-guidance?model=RAV4&year=2022&mileage=1', admin.bearer);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/make is required/);
    expect((await get('/api/admin/pricing-guidance?make=a&model=b&year=1900&mileage=1', admin.bearer)).body.message).toMatch(/year must be 1980 or later/);
    expect((await get('/api/admin/pricing-guidance?make=a&model=b&year=2020&mileage=-1', admin.bearer)).body.message).toMatch(/mileage cannot be negative/);
    expect((await get('/api/admin/pricing-guidance?make=a&model=b&year=2020&mileage=1')).status).toBe(401);
  });

  it('the inventory filters vehicles priced above the market, and those aged over 60 days as well', async () => {
    const ids = await sixRav4s();
    // The three dearest are above their market; the dearest has been on the lot for 90 days.
    await t.db.execute(sql`update ${vehicles} set created_at = now() - interval '90 days' where ${vehicles.id} = ${ids[5]}`);
    const ids1 = async (url: string) => (await get(url, admin.bearer)).body.rows.map((r: { id: number }) => r.id).sort();
    expect(await ids1('/api/admin/vehicles?market=above')).toEqual(ids.slice(3).sort());
    expect(await ids1('/api/admin/vehicles?market=aged-above')).toEqual([ids[5]]);
    const bad = await get('/api/admin/vehicles?market=cheap', admin.bearer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/market must be above or aged-above/);
  });

  it('the dashboard counts dealer units in stock per band and those not rated', async () => {
    await sixRav4s();
    await create([fields({ make: 'Kia', model: 'Soul' })]);
    const { body } = await get('/api/admin/dashboard', admin.bearer);
    // Against the other five: 28k is −9.7 % (good), 29k −5.8 % (good), 30k and 31k fair, 32k +5.6 % and 33k +10 % (high).
    const bands = body.dealRatings as Record<string, number>;
    expect(bands).toEqual({ great: 0, good: 2, fair: 2, high: 2, notRated: 1 });
  });
});
