// Saved vehicles and saved searches through the real app (spec §3, §4, §7 sync; issue 5): the server list belongs to
// its user, keeps the save time and price when saved, and nobody reads or changes another user's lists.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, MAX_SAVED_VEHICLES } from '@domain/saved';
import { savedSearches, savedVehicles, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const sync = (s: Session | null, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/saved-vehicles/sync', headers: s?.bearer ?? {}, payload: payload as object });
const list = (s: Session) => t.app.inject({ method: 'GET', url: '/api/saved-vehicles', headers: s.bearer });

describe('POST /api/saved-vehicles/sync and GET /api/saved-vehicles', () => {
  it('401 for visitors (the browser keeps their list; the failure is only logged)', async () => {
    expect((await sync(null, { savedVehicles: [1] })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-vehicles' })).statusCode).toBe(401);
  });

  it('replaces the list, keeping the detail entries the browser sent and the first save of each vehicle', async () => {
    const s = await loginAs(t.app, await t.createUser());
    const a = await t.createVehicle({ price: 25_000 });
    const b = await t.createVehicle({ price: 31_000 });
    const savedAt = '2026-10-01T12:00:00.000Z';
    const res = await sync(s, { savedVehicles: [a.id, String(b.id)], savedVehicleDetails: [{ vehicleId: a.id, savedAt, originalPrice: 26_500 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Saved vehicles synced', saved: 2 });
    let body = (await list(s)).json();
    expect(body.savedVehicles).toEqual([a.id, b.id]);
    expect(body.savedVehicleDetails).toEqual([
      { vehicleId: a.id, savedAt, originalPrice: 26_500 },
      // No entry sent: saved now, at the current price.
      { vehicleId: b.id, savedAt: expect.any(String), originalPrice: 31_000 },
    ]);
    expect(body.vehicles.map((v: { id: number }) => v.id).sort()).toEqual([a.id, b.id].sort());

    // Removing one keeps the other's save time and price.
    await sync(s, { savedVehicles: [a.id], savedVehicleDetails: [{ vehicleId: a.id, savedAt: new Date().toISOString(), originalPrice: 1 }] });
    body = (await list(s)).json();
    expect(body.savedVehicleDetails).toEqual([{ vehicleId: a.id, savedAt, originalPrice: 26_500 }]);

    expect((await sync(s, { savedVehicles: [] })).json().saved).toBe(0);
  });

  it('keeps sold vehicles on the list (marked sold) and skips ids that do not exist', async () => {
    const s = await loginAs(t.app, await t.createUser());
    const v = await t.createVehicle();
    await t.db.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, v.id));
    expect((await sync(s, { savedVehicles: [v.id, 99_999_999] })).json().saved).toBe(1);
    const body = (await list(s)).json();
    expect(body.vehicles[0]).toMatchObject({ id: v.id, isSold: true });
  });

  it('400 for bad input, naming what is wrong', async () => {
    const s = await loginAs(t.app, await t.createUser());
    expect((await sync(s, {})).json().fields.savedVehicles).toBeDefined();
    expect((await sync(s, { savedVehicles: ['abc'] })).statusCode).toBe(400);
    expect((await sync(s, { savedVehicles: [-1] })).statusCode).toBe(400);
    expect((await sync(s, { savedVehicles: Array.from({ length: MAX_SAVED_VEHICLES + 1 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await sync(s, { savedVehicles: [1], savedVehicleDetails: [{ vehicleId: 1, savedAt: 'yesterday' }] })).json().fields['savedVehicleDetails.0.savedAt']).toBe('savedAt must be an ISO timestamp');
  });

  it('a user only ever reads and changes their own list', async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const v = await t.createVehicle();
    await sync(await loginAs(t.app, alice), { savedVehicles: [v.id] });
    const bobSession = await loginAs(t.app, bob);
    expect((await list(bobSession)).json().savedVehicles).toEqual([]);
    await sync(bobSession, { savedVehicles: [] });
    expect(await t.db.select().from(savedVehicles).where(eq(savedVehicles.userId, alice.id))).toHaveLength(1);
  });
});

describe('saved searches', () => {
  const create = (s: Session | null, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: s?.bearer ?? {}, payload: payload as object });
  const mine = (s: Session) => t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: s.bearer });

  it('saves filters under a name, with the listing URL and the count of new matches since the last visit', async () => {
    const s = await loginAs(t.app, await t.createUser());
    const res = await create(s, { name: 'Trucks under 35k', filters: { makes: ['Ram'], bodyTypes: ['Truck'], priceMax: 35_000 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Trucks under 35k', url: '/vehicles?make=Ram&bodyType=Truck&maxPrice=35000', newCount: 0 });
    const id = res.json().id;
    await t.db.update(savedSearches).set({ lastSeenAt: new Date(Date.now() - 60_000) }).where(eq(savedSearches.id, id));
    await t.createVehicle({ make: 'RAM', model: '1500', price: 30_000 });
    await t.createVehicle({ make: 'RAM', model: '1500', price: 60_000 });
    expect((await mine(s)).json().savedSearches[0].newCount).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/saved-searches/${id}/seen`, headers: s.bearer })).statusCode).toBe(200);
    expect((await mine(s)).json().savedSearches[0].newCount).toBe(0);
  });

  it('400 for a missing name or bad filters; 401 for visitors', async () => {
    const s = await loginAs(t.app, await t.createUser());
    expect((await create(s, { name: ' ', filters: {} })).json().fields.name).toBe('name is required');
    expect((await create(s, { name: 'x', filters: { priceMax: -5 } })).json().fields['filters.priceMax']).toBe('priceMax cannot be negative');
    expect((await create(null, { name: 'x', filters: {} })).statusCode).toBe(401);
  });

  it(`refuses more than ${MAX_SAVED_SEARCHES} searches with 409`, async () => {
    const u = await t.createUser();
    await t.db.insert(savedSearches).values(Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => ({ userId: u.id, name: `s${i}`, filters: {} })));
    expect((await create(await loginAs(t.app, u), { name: 'one more', filters: {} })).statusCode).toBe(409);
  });

  it('a user never reads, marks or deletes another user\'s search', async () => {
    const owner = await loginAs(t.app, await t.createUser());
    const other = await loginAs(t.app, await t.createUser());
    const { id } = (await create(owner, { name: 'Mine', filters: {} })).json();
    expect((await mine(other)).json().savedSearches).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/saved-searches/${id}/seen`, headers: other.bearer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: other.bearer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: owner.bearer })).statusCode).toBe(200);
  });
});
