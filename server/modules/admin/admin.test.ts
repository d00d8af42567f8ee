// The back office's core API (issue 4) through the real app and a real PGlite database: the authorisation walk over
// the whole route table against the admin scope, create/edit with the one input schema, price history, events, audit,
// bulk actions, dashboard figures and the audit log's filters.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as FastifyModule from 'fastify';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { albertaDate } from '@domain/alberta-time';
import { withCheckDigit } from '@domain/vin';
import type { AdminVehicle } from '@domain/vehicle-input';
import type { AuditPage, Dashboard, InventoryPage } from '@domain/admin';
import { auditLog, priceHistory, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext, type TestUser } from '../../test/helpers';
import type * as Guard from './guard';

// The route table as registered: an onRoute hook on every Fastify instance created in this file, i.e. the app
// buildApp makes. And the admin scope as it is: the routes whose requests the scope's guard (./guard.ts) sees.
// Nothing else changes.
const registered = vi.hoisted(() => [] as RouteOptions[]);
const guarded = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const fastify = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => { registered.push(route); });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: fastify, fastify };
});
vi.mock('./guard', async (importOriginal) => {
  const actual = await importOriginal<typeof Guard>();
  return {
    ...actual,
    adminScopeGuard: async (request: FastifyRequest) => {
      guarded.add(`${request.method} ${request.routeOptions.url}`);
      return actual.adminScopeGuard(request);
    },
  };
});

let t: TestContext;
let admin: Session;
let adminName: string;
let customer: Session;
let noClient: string;
beforeAll(async () => {
  // No built client: the static plugin's one route per built file would make the route table (and the walk below)
  // depend on whether `npm run build` ran; the API's table is the same everywhere.
  noClient = await mkdtemp(path.join(tmpdir(), 'prairie-no-client-'));
  t = await createTestApp({ clientDir: noClient });
  const a = await t.createUser({ role: 'admin' });
  adminName = a.username;
  admin = await loginAs(t.app, a);
  customer = await loginAs(t.app, await t.createUser());
});
afterAll(async () => {
  await t.close();
  await rm(noClient, { recursive: true, force: true });
});

let vinSerial = 0;
const freshVin = () => withCheckDigit(`5YJ3E1EA${'0'}NF${String(++vinSerial).padStart(6, '0')}`);
const input = (over: Record<string, unknown> = {}) => ({
  vin: freshVin(), year: 2022, make: 'Tesla', model: 'Model 3', trim: 'Long Range', price: 45_900, mileage: 31_000,
  bodyType: 'Sedan', transmission: 'Automatic', drivetrain: 'AWD', fuelType: 'Electric', exteriorColor: 'Pearl White',
  interiorColor: 'Black', doors: 4, seats: 5, location: 'Calgary', description: 'One owner, winter tires included.',
  features: ['Heated Seats', 'Autopilot'], ...over,
});
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who: Session | null = admin) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: who ? who.bearer : {} });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await inject('POST', '/api/admin/vehicles', input(over));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { vehicle: AdminVehicle }).vehicle;
};
const auditFor = (id: number) => t.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'vehicle'), eq(auditLog.entityId, String(id))));

/** The admin routes the spec puts outside /api/admin (their URLs are fixed): the inventory's actions, 2FA settings. */
const ADMIN_ROUTES_ELSEWHERE = [
  'DELETE /api/vehicles/:id', 'POST /api/vehicles/:id/mark-sold', 'POST /api/vehicles/:id/mark-available',
  'GET /api/auth/two-factor', 'HEAD /api/auth/two-factor', 'POST /api/auth/two-factor/setup', 'POST /api/auth/two-factor/confirm',
  'POST /api/auth/two-factor/recovery-codes', 'POST /api/auth/two-factor/disable',
];
/** Routes that may answer an admin 401/403 for a reason that has nothing to do with being one. */
const NOT_ABOUT_THE_CALLER: Record<string, string> = {
  'POST /api/appraisals/:id/photos': 'authorised by the estimate\'s photo token (a header), not by a session',
};
const ADMIN_REFUSAL = 'Admin access required';

describe('the whole route table against the admin scope (issue 4, "Access"; DESIGN.md convention 4)', () => {
  type Route = { name: string; method: string; url: string; path: string; tags: string[] };
  let routes: Route[];
  /** The routes registered in the admin scope (app.ts), by "METHOD url" as registered. */
  let scope: Set<string>;
  let walker: TestUser;
  const withBody = (method: string) => !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  // Minimal requests: ids that match no row, so an authorised call answers 400/404/409 (or reads) and changes nothing.
  const call = (route: Route, headers: Record<string, string>, payload: unknown = {}) => t.app.inject({
    method: route.method as 'GET', url: route.path, headers, remoteAddress: '10.77.0.1',
    ...(withBody(route.method) ? { payload: payload as object } : {}),
  });
  const inScope = () => routes.filter((r) => scope.has(r.name));
  const outOfScope = () => routes.filter((r) => !scope.has(r.name));

  beforeAll(async () => {
    routes = registered.flatMap((r) => [r.method].flat().map((method) => ({
      name: `${method} ${r.url}`,
      method,
      url: r.url,
      path: r.url.replace(/:\w+/g, '999999999').replace(/\*/g, 'x'),
      tags: (r.schema as { tags?: string[] } | undefined)?.tags ?? [],
    })));
    walker = await t.createUser({ role: 'admin' });
    // One visitor request per route: the scope's guard notes every route it stands in front of.
    guarded.clear();
    for (const route of routes) await call(route, {});
    scope = new Set(guarded);
  });

  it('finds the whole table, and this module\'s routes in the scope', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const expected of ['GET /api/admin/dashboard', 'GET /api/admin/vehicles', 'POST /api/admin/vehicles', 'PUT /api/admin/vehicles/:id',
      'PATCH /api/admin/vehicles/:id', 'POST /api/admin/vehicles/bulk', 'GET /api/admin/audit-log']) {
      expect(scope).toContain(expected);
    }
  });

  it('holds exactly the admin routes: every /api/admin route, every route documented admin, the spec\'s others', () => {
    const declared = new Set(routes.filter((r) => r.url === '/api/admin' || r.url.startsWith('/api/admin/') || r.tags.includes('admin')).map((r) => r.name));
    // A new admin route registered outside the scope, or a customer's route inside it, fails here.
    expect({
      adminRoutesOutsideTheScope: [...declared].filter((name) => !scope.has(name)),
      otherRoutesInTheScope: [...scope].filter((name) => !declared.has(name)),
    }).toEqual({ adminRoutesOutsideTheScope: [], otherRoutesInTheScope: [] });
    expect([...scope].filter((name) => !name.split(' ')[1]!.startsWith('/api/admin/')).sort()).toEqual([...ADMIN_ROUTES_ELSEWHERE].sort());
  });

  it('in the scope a visitor gets 401 and a customer 403, whatever the body (even a valid-looking one)', async () => {
    for (const route of inScope()) {
      for (const payload of withBody(route.method) ? [{}, input(), { action: 'delete', ids: [1] }] : [undefined]) {
        expect((await call(route, {}, payload)).statusCode, `${route.name} as visitor`).toBe(401);
        expect((await call(route, customer.bearer, payload)).statusCode, `${route.name} as customer`).toBe(403);
      }
    }
  });

  it('an admin is refused nowhere, and outside the scope nobody is refused for not being an admin', async () => {
    expect(routes.map((r) => r.name)).toEqual(expect.arrayContaining(Object.keys(NOT_ABOUT_THE_CALLER)));
    for (const route of routes) {
      if (NOT_ABOUT_THE_CALLER[route.name]) continue;
      // A fresh session each time: POST /api/auth/logout ends the one it is sent with.
      const asAdmin = await call(route, (await loginAs(t.app, walker)).bearer);
      expect(asAdmin.statusCode, `${route.name} as admin: ${asAdmin.body.slice(0, 200)}`).not.toBeOneOf([401, 403]);
    }
    for (const route of outOfScope().filter((r) => r.method !== 'HEAD')) {
      const asCustomer = await call(route, customer.bearer);
      const message = asCustomer.statusCode === 403 ? (asCustomer.json() as { message?: string }).message : undefined;
      expect(message, `${route.name} as customer`).not.toBe(ADMIN_REFUSAL);
    }
  });
});

describe('create and edit (one schema, issue 4 "Add/edit form")', () => {
  it('creates a dealer vehicle with the next stock number of its store, its first price in history and an audit entry', async () => {
    const v = await create();
    expect(v.sellerType).toBe('dealer');
    expect(v.stockNumber).toMatch(/^C\d+$/);
    expect(v.priceHistory).toHaveLength(1);
    expect(v.priceHistory[0]).toMatchObject({ price: 45_900, previousPrice: null, changedBy: adminName });
    const [entry] = await auditFor(v.id);
    expect(entry).toMatchObject({ action: 'vehicle.create', actorName: adminName, before: null });
    expect((entry!.after as { vin: string }).vin).toBe(v.vin);
    const second = await create({ location: 'Calgary' });
    expect(Number(second.stockNumber.slice(1))).toBe(Number(v.stockNumber.slice(1)) + 1);
  });

  it('accepts a VIN with a wrong check digit (a warning on the form), but not a malformed one', async () => {
    const good = freshVin();
    const wrongDigit = good.slice(0, 8) + (good[8] === '0' ? '1' : '0') + good.slice(9);
    expect((await inject('POST', '/api/admin/vehicles', input({ vin: wrongDigit }))).statusCode).toBe(201);
    const bad = await inject('POST', '/api/admin/vehicles', input({ vin: 'ABC123' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/vin must have exactly 17 characters/);
    const letters = await inject('POST', '/api/admin/vehicles', input({ vin: 'IOQ3E1EA0NF000001' }));
    expect(letters.statusCode).toBe(400);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ price: -1 }, /price must be at least 0/],
      [{ price: '12000' }, /price must be a number/],
      [{ year: 1975 }, /year must be 1980 or later/],
      [{ year: new Date().getFullYear() + 3 }, /year cannot be later than next year/],
      [{ make: '  ' }, /make is required/],
      [{ bodyType: 'Spaceship' }, /bodyType must be one of/],
      [{ originalPrice: 40_000 }, /originalPrice \(the was-price\) must be above the price/],
      [{ stockNumber: 'has spaces!' }, /stockNumber uses letters, digits and dashes/],
      [{ features: Array.from({ length: 61 }, (_, i) => `f${i}`) }, /features has at most 60 entries/],
    ];
    for (const [over, message] of cases) {
      const res = await inject('POST', '/api/admin/vehicles', input(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toMatch(message);
    }
    expect((await inject('POST', '/api/admin/vehicles', input({ make: undefined }))).statusCode).toBe(400);
  });

  it('refuses a duplicate VIN or stock number with 409 and the field', async () => {
    const v = await create({ stockNumber: 'DUP-1' });
    const vin = await inject('POST', '/api/admin/vehicles', input({ vin: v.vin }));
    expect(vin.statusCode).toBe(409);
    expect(vin.json().fields).toHaveProperty('vin');
    const stock = await inject('POST', '/api/admin/vehicles', input({ stockNumber: 'dup-1' }));
    expect(stock.statusCode).toBe(409);
    expect(stock.json().fields).toHaveProperty('stockNumber');
  });

  it('a price change records price history, audits before/after, and reaches the public page at once (cache emptied)', async () => {
    const v = await create({ price: 30_000 });
    // Warm the public cache, then change the price.
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${v.id}` })).json().price).toBe(30_000);
    const res = await inject('PUT', `/api/admin/vehicles/${v.id}`, input({ vin: v.vin, stockNumber: v.stockNumber, price: 28_500, originalPrice: 30_000 }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json() as { vehicle: AdminVehicle }).vehicle;
    expect(saved.price).toBe(28_500);
    expect(saved.isOnSale).toBe(true);
    expect(saved.priceHistory.map((h) => [h.previousPrice, h.price])).toEqual([[30_000, 28_500], [null, 30_000]]);
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${v.id}` })).json().price).toBe(28_500);
    const entries = await auditFor(v.id);
    const update = entries.find((e) => e.action === 'vehicle.update')!;
    expect(update.before).toMatchObject({ price: 30_000, originalPrice: null });
    expect(update.after).toMatchObject({ price: 28_500, originalPrice: 30_000 });
    expect(update.before).not.toHaveProperty('make'); // only what changed
    expect(entries.find((e) => e.action === 'vehicle.price_change')).toMatchObject({ before: { price: 30_000 }, after: { price: 28_500 } });
  });

  it('PATCH changes only the fields sent; a blank stock number keeps the current one', async () => {
    const v = await create({ description: 'Keep me', features: ['A', 'B'] });
    const res = await inject('PATCH', `/api/admin/vehicles/${v.id}`, { mileage: 31_500, stockNumber: '' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json() as { vehicle: AdminVehicle }).vehicle;
    expect(saved).toMatchObject({ mileage: 31_500, description: 'Keep me', features: ['A', 'B'], stockNumber: v.stockNumber, status: 'available' });
    expect(saved.priceHistory).toHaveLength(1);
  });

  it('PATCH checks the was-price against the stored price, and refuses an empty body or an unknown id', async () => {
    const v = await create({ price: 20_000 });
    const res = await inject('PATCH', `/api/admin/vehicles/${v.id}`, { originalPrice: 19_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('originalPrice');
    expect((await inject('PATCH', `/api/admin/vehicles/${v.id}`, {})).statusCode).toBe(400);
    expect((await inject('PATCH', '/api/admin/vehicles/99999999', { price: 1 })).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/vehicles/99999999')).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/vehicles/abc')).statusCode).toBe(400);
  });

  it('marking sold through the form sets the sale time and audits the status; available clears it', async () => {
    const v = await create();
    const sold = (await inject('PATCH', `/api/admin/vehicles/${v.id}`, { status: 'sold' })).json().vehicle as AdminVehicle;
    expect(sold.isSold).toBe(true);
    expect(sold.soldAt).not.toBeNull();
    const back = (await inject('PATCH', `/api/admin/vehicles/${v.id}`, { status: 'available' })).json().vehicle as AdminVehicle;
    expect(back.soldAt).toBeNull();
    const actions = (await auditFor(v.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['vehicle.sold', 'vehicle.available']));
    expect((await inject('PATCH', `/api/admin/vehicles/${v.id}`, { status: 'pending' })).statusCode).toBe(400);
  });
});

describe('bulk actions (issue 4, "Inventory table")', () => {
  it('marks sold and available, all audited, and says how many', async () => {
    const a = await create();
    const b = await create();
    const sold = await inject('POST', '/api/admin/vehicles/bulk', { action: 'mark-sold', ids: [a.id, b.id] });
    expect(sold.json()).toEqual({ message: '2 vehicles marked as sold', affected: 2 });
    const rows = await t.db.select({ status: vehicles.status, soldAt: vehicles.soldAt }).from(vehicles).where(eq(vehicles.id, a.id));
    expect(rows[0]!.status).toBe('sold');
    expect(rows[0]!.soldAt).not.toBeNull();
    const one = await inject('POST', '/api/admin/vehicles/bulk', { action: 'mark-available', ids: [a.id] });
    expect(one.json().message).toBe('Vehicle marked as available');
    expect((await auditFor(a.id)).map((e) => e.action)).toEqual(expect.arrayContaining(['vehicle.sold', 'vehicle.available']));
  });

  it('changes prices by amount or percent with history, ending a sale the new price reaches', async () => {
    const a = await create({ price: 20_000 });
    const b = await create({ price: 10_000, originalPrice: 10_400 });
    const pct = await inject('POST', '/api/admin/vehicles/bulk', { action: 'price', ids: [a.id, b.id], mode: 'percent', value: -5 });
    expect(pct.statusCode, pct.body).toBe(200);
    expect(pct.json().affected).toBe(2);
    const amount = await inject('POST', '/api/admin/vehicles/bulk', { action: 'price', ids: [b.id], mode: 'amount', value: 1_000 });
    expect(amount.statusCode, amount.body).toBe(200);
    const [ra] = await t.db.select().from(vehicles).where(eq(vehicles.id, a.id));
    const [rb] = await t.db.select().from(vehicles).where(eq(vehicles.id, b.id));
    expect(ra!.price).toBe(19_000);
    expect(rb!.price).toBe(10_500);
    expect(rb!.originalPrice).toBeNull();
    const history = await t.db.select().from(priceHistory).where(eq(priceHistory.vehicleId, b.id));
    expect(history.map((h) => h.price).sort()).toEqual([10_000, 10_500, 9_500].sort());
  });

  it('is all or nothing: one unknown id changes nothing', async () => {
    const a = await create();
    const res = await inject('POST', '/api/admin/vehicles/bulk', { action: 'delete', ids: [a.id, 99_999_999] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/99999999/);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, a.id))).toHaveLength(1);
  });

  it('deletes with the vehicle kept in the audit log', async () => {
    const a = await create();
    const res = await inject('POST', '/api/admin/vehicles/bulk', { action: 'delete', ids: [a.id] });
    expect(res.json()).toEqual({ message: 'Vehicle deleted', affected: 1 });
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, a.id))).toHaveLength(0);
    const [entry] = (await auditFor(a.id)).filter((e) => e.action === 'vehicle.delete');
    expect((entry!.before as { vin: string }).vin).toBe(a.vin);
  });

  it('refuses private listings under review and bad bodies', async () => {
    const { id } = await t.createVehicle({ status: 'pending', sellerType: 'private seller' });
    expect((await inject('POST', '/api/admin/vehicles/bulk', { action: 'mark-available', ids: [id] })).statusCode).toBe(409);
    const cases: [unknown, RegExp][] = [
      [{ action: 'explode', ids: [1] }, /action/],
      [{ action: 'delete', ids: [] }, /Select at least one vehicle/],
      [{ action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) }, /At most 500 vehicles/],
      [{ action: 'price', ids: [1], mode: 'percent', value: -100 }, /between -99.99 and 100 percent/],
      [{ action: 'price', ids: [1], mode: 'amount', value: 10.5 }, /whole number of dollars/],
      [{ action: 'price', ids: [1], mode: 'amount', value: 0 }, /cannot be 0/],
      [{ action: 'price', ids: [1], mode: 'fraction', value: 3 }, /mode must be amount or percent/],
    ];
    for (const [body, message] of cases) {
      const res = await inject('POST', '/api/admin/vehicles/bulk', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
  });
});

describe('inventory table, dashboard and audit log', () => {
  it('lists every status with search, filters, sort and counts', async () => {
    const v = await create({ make: 'Rivian', model: 'R1S', bodyType: 'SUV', price: 99_000 });
    await inject('POST', '/api/admin/vehicles/bulk', { action: 'mark-sold', ids: [v.id] });
    const page = (await inject('GET', '/api/admin/vehicles?search=rivian&status=sold')).json() as InventoryPage;
    expect(page.rows.map((r) => r.id)).toEqual([v.id]);
    expect(page.rows[0]).toMatchObject({ status: 'sold', photoCount: 0, coverUrl: null });
    expect(page.counts.sold).toBeGreaterThanOrEqual(1);
    const byStock = (await inject('GET', `/api/admin/vehicles?search=${v.stockNumber}`)).json() as InventoryPage;
    expect(byStock.rows[0]!.id).toBe(v.id);
    const sorted = (await inject('GET', '/api/admin/vehicles?sort=price&dir=desc&limit=2')).json() as InventoryPage;
    expect(sorted.rows[0]!.price).toBeGreaterThanOrEqual(sorted.rows[1]!.price);
    const multi = await inject('GET', '/api/admin/vehicles?status=sold&status=available&noPhotos=true');
    expect(multi.statusCode).toBe(200);
    for (const bad of ['sort=color', 'status=lost', 'limit=1000', 'page=0', 'aged=maybe']) {
      expect((await inject('GET', `/api/admin/vehicles?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('dashboard figures come from the data', async () => {
    await t.createVehicle({ createdAt: new Date(Date.now() - 90 * 86_400_000), price: 12_345, photos: 1 });
    const d = (await inject('GET', '/api/admin/dashboard')).json() as Dashboard;
    const n = await t.db.$count(vehicles, and(eq(vehicles.status, 'available'), eq(vehicles.sellerType, 'dealer')));
    expect(d.inStock).toBe(n);
    expect(d.agedUnits).toBeGreaterThanOrEqual(1);
    expect(d.soldThisMonth).toBeGreaterThanOrEqual(1);
    expect(d.inventoryValue).toBeGreaterThan(12_345);
    expect(d.monthly).toHaveLength(6);
    expect(d.byAge.reduce((s, b) => s + b.count, 0)).toBe(d.inStock);
    expect(d.byBodyType.reduce((s, b) => s + b.count, 0)).toBe(d.inStock);
    expect(d.recentActivity.length).toBeGreaterThan(0);
    expect(d.averageDaysOnLot).not.toBeNull();
  });

  it('audit log filters by actor, entity, action prefix and dates, and pages', async () => {
    const v = await create();
    const byEntity = (await inject('GET', `/api/admin/audit-log?entityType=vehicle&entityId=${v.id}`)).json() as AuditPage;
    expect(byEntity.entries.map((e) => e.action)).toEqual(['vehicle.create']);
    const byPrefix = (await inject('GET', '/api/admin/audit-log?action=vehicle.&limit=2')).json() as AuditPage;
    expect(byPrefix.entries).toHaveLength(2);
    expect(byPrefix.pageCount).toBeGreaterThan(1);
    expect(byPrefix.actions).toContain('vehicle.create');
    const byActor = (await inject('GET', `/api/admin/audit-log?actor=${adminName.toUpperCase()}`)).json() as AuditPage;
    expect(byActor.total).toBe(byPrefix.total);
    const nobody = (await inject('GET', '/api/admin/audit-log?actor=nobody')).json() as AuditPage;
    expect(nobody.total).toBe(0);
    // The Alberta days the entries themselves fall on, so a run that crosses midnight still asks for the right days.
    const all = (await inject('GET', `/api/admin/audit-log?action=vehicle.&limit=100`)).json() as AuditPage;
    const days = all.entries.map((e) => albertaDate(new Date(e.createdAt))).sort();
    const dated = (await inject('GET', `/api/admin/audit-log?action=vehicle.&from=${days[0]}&to=${days.at(-1)}`)).json() as AuditPage;
    expect(dated.total).toBe(byPrefix.total);
    const past = (await inject('GET', '/api/admin/audit-log?from=2020-01-01&to=2020-01-31')).json() as AuditPage;
    expect(past.total).toBe(0);
    for (const bad of ['from=yesterday', 'from=2026-02-30', 'from=2026-03-02&to=2026-03-01', 'limit=0']) {
      expect((await inject('GET', `/api/admin/audit-log?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
