// Engagement per vehicle (issue 6: views feed the home ticker, the vehicle page and the dashboard): real counts of
// the rolling week, one window for all three, sold and deleted vehicles out of the ticker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_WINDOW_DAYS } from '@domain/analytics';
import { appointments, pageViews } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { engagementOf, vehicleEngagement } from './service';

const DAY = 24 * 3600_000;
let t: TestContext;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
});
afterAll(() => t.close());

let ip = 0;
const view = (path: string) => t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: { path }, remoteAddress: `10.9.0.${++ip}` });
const views = (vehicleId: number, ts: Date, n = 1) =>
  t.db.insert(pageViews).values(Array.from({ length: n }, () => ({ path: `/vehicles/${vehicleId}`, vehicleId, ts })));
const booking = (vehicleId: number, createdAt: Date, status: (typeof appointments.$inferInsert)['status'] = 'requested') =>
  t.db.insert(appointments).values({
    customerName: 'Dana Shopper', customerPhone: '780-555-0100', appointmentType: 'test_drive', preferredDate: '2026-12-01',
    preferredTime: '10:00 AM', vehicleId, vehicleInfo: 'test', status, createdAt,
  });

type TickerRow = { id: number; views: number; appointments: number };
const tickerRow = async (id: number): Promise<TickerRow | undefined> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/vehicles/ticker' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { vehicles: TickerRow[] }).vehicles.find((v) => v.id === id);
};

describe('GET /api/vehicles/ticker', () => {
  it('gives each available vehicle its real views and bookings of the week, recorded through the real endpoints', async () => {
    const { id } = await t.createVehicle();
    const quiet = await t.createVehicle();
    for (let i = 0; i < 6; i++) expect((await view(`/vehicles/${id}`)).statusCode).toBe(204);
    await view('/financing'); // not a vehicle page: counts for no vehicle
    const res = await t.app.inject({ method: 'GET', url: '/api/vehicles/ticker' });
    const body = res.json() as { days: number; vehicles: (TickerRow & Record<string, unknown>)[] };
    expect(body.days).toBe(VIEW_WINDOW_DAYS);
    expect(body.vehicles.find((v) => v.id === id)).toMatchObject({ views: 6, appointments: 0, year: expect.any(Number), price: expect.any(Number) });
    expect(body.vehicles.find((v) => v.id === quiet.id)).toMatchObject({ views: 0, appointments: 0 });
    // The pool carries what the ticker shows and nothing that is not the public's (owner, VIN, cost).
    expect(Object.keys(body.vehicles[0]!).sort()).toEqual(['appointments', 'bodyType', 'createdAt', 'id', 'make', 'mileage', 'model', 'price', 'trim', 'views', 'year']);
  });

  it('counts bookings of the week, not cancelled ones', async () => {
    const { id } = await t.createVehicle();
    await booking(id, new Date());
    await booking(id, new Date(), 'confirmed');
    await booking(id, new Date(), 'cancelled');
    await booking(id, new Date(Date.now() - 8 * DAY));
    expect(await tickerRow(id)).toMatchObject({ appointments: 2 });
  });

  it('leaves out sold, pending and deleted vehicles, however viewed, at once', async () => {
    const sold = await t.createVehicle({ status: 'sold' });
    const pending = await t.createVehicle({ status: 'pending' });
    const deleted = await t.createVehicle();
    const soldNow = await t.createVehicle();
    for (const v of [sold, pending, deleted, soldNow]) await views(v.id, new Date(), 10);
    expect(await tickerRow(deleted.id)).toMatchObject({ views: 10 });
    expect(await tickerRow(soldNow.id)).toMatchObject({ views: 10 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${deleted.id}`, headers: admin.bearer })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/vehicles/${soldNow.id}/mark-sold`, headers: admin.bearer })).statusCode).toBe(200);
    for (const v of [sold, pending, deleted, soldNow]) expect(await tickerRow(v.id)).toBeUndefined();
  });

  it('recounts at most every 10 s (a bounded cost per home-page visit), and at once when the pool changes', async () => {
    const { id } = await t.createVehicle();
    expect(await tickerRow(id)).toMatchObject({ views: 0 });
    await views(id, new Date(), 7);
    expect(await tickerRow(id)).toMatchObject({ views: 0 });
    await t.createVehicle();
    expect(await tickerRow(id)).toMatchObject({ views: 7 });
  });

  it('counts the rolling 7 days: a view exactly 7 days old still counts, one a moment older does not', async () => {
    const now = new Date('2026-03-09T07:30:00Z'); // a Monday, 00:30 in Edmonton: a calendar week would be empty here
    const { id } = await t.createVehicle();
    await views(id, new Date(now.getTime() - VIEW_WINDOW_DAYS * DAY));
    await views(id, new Date(now.getTime() - VIEW_WINDOW_DAYS * DAY - 1));
    await views(id, new Date(now.getTime() - DAY), 2);
    await booking(id, new Date(now.getTime() - VIEW_WINDOW_DAYS * DAY));
    await booking(id, new Date(now.getTime() - VIEW_WINDOW_DAYS * DAY - 1));
    expect((await engagementOf(t.db, [id], now)).get(id)).toEqual({ views: 3, appointments: 1 });
    const top = (await vehicleEngagement(t.db, 50, now)).topVehicles.find((v) => v.id === id);
    expect(top).toMatchObject({ views: 3, appointments: 1 });
    // The vehicle page's figure uses the same window.
    await views(id, new Date(Date.now() - VIEW_WINDOW_DAYS * DAY - 60_000));
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${id}/views` })).json()).toMatchObject({ views: 0, days: VIEW_WINDOW_DAYS });
  });
});

describe('dashboard engagement', () => {
  it('gives admins the week\'s vehicle views and the most viewed vehicles, sold ones too, with their bookings', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.bearer })).json().engagement;
    const hot = await t.createVehicle({ status: 'sold', make: 'Toyota', model: 'Tacoma' });
    await views(hot.id, new Date(), 40);
    await booking(hot.id, new Date());
    await views(hot.id, new Date(Date.now() - 9 * DAY), 100); // last month's interest is not this week's
    await view('/contact');

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const { engagement } = res.json();
    expect(engagement.days).toBe(VIEW_WINDOW_DAYS);
    expect(engagement.totalViews).toBe(before.totalViews + 40);
    expect(engagement.topVehicles[0]).toMatchObject({ id: hot.id, make: 'Toyota', model: 'Tacoma', status: 'sold', views: 40, appointments: 1, stockNumber: expect.any(String) });
    const counts = engagement.topVehicles.map((v: TickerRow) => v.views);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts.every((n: number) => n > 0)).toBe(true);
    expect(engagement.topVehicles.length).toBeLessThanOrEqual(10);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});
