// The inventory API through the real app (spec §3, §4, §7, §9; foundation issue): every query parameter, both
// answer shapes, search, sort, visibility by status and role, facets, one vehicle, and the admin mutations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@domain/constants';
import { and, eq } from 'drizzle-orm';
import { auditLog, notifications, priceHistory, savedVehicles, vehiclePhotos, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext, type TestUser } from '../../test/helpers';

let t: TestContext;
let admin: Session;
let customer: Session;
let owner: TestUser;
let ownerSession: Session;
let inactiveAdmin: Session;
type Name = 'f150' | 'rav4' | 'tucson' | 'ram' | 'civic' | 'silverado' | 'sportage';
const id = {} as Record<Name, number>;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
  customer = await loginAs(t.app, await t.createUser());
  owner = await t.createUser();
  ownerSession = await loginAs(t.app, owner);
  inactiveAdmin = await loginAs(t.app, await t.createUser({ role: 'admin', isActive: false }));

  // A small lot where every filter picks out a known set.
  id.f150 = (await t.createVehicle({
    year: 2021, make: 'Ford', model: 'F-150', trim: 'XLT', price: 40_000, originalPrice: 43_000, mileage: 50_000,
    bodyType: 'Truck', transmission: 'Automatic', location: 'Edmonton', exteriorColor: 'Oxford White',
    features: ['Backup Camera', 'Bluetooth'], photos: 3, priceHistory: [45_000, 43_000], createdAt: minutesAgo(50),
  })).id;
  id.rav4 = (await t.createVehicle({
    year: 2019, make: 'Toyota', model: 'RAV4', trim: 'LE', price: 28_000, mileage: 60_000, bodyType: 'SUV',
    transmission: 'CVT', location: 'Calgary', exteriorColor: 'Blueprint', drivetrain: 'AWD',
    features: ['Backup Camera', 'Heated Seats', 'Apple CarPlay'], photos: 1, createdAt: minutesAgo(40),
  })).id;
  id.tucson = (await t.createVehicle({
    year: 2022, make: 'Hyundai', model: 'Tucson', trim: 'Preferred', price: 31_000, mileage: 20_000, bodyType: 'SUV',
    transmission: 'Automatic', location: 'Edmonton', exteriorColor: 'Amazon Grey', sellerType: 'private seller',
    features: ['Heated Seats', 'Bluetooth'], createdAt: minutesAgo(30),
  })).id;
  id.ram = (await t.createVehicle({
    year: 2018, make: 'RAM', model: '1500', trim: 'Big Horn', price: 35_000, mileage: 90_000, bodyType: 'Truck',
    transmission: 'Automatic', location: 'Calgary', exteriorColor: 'Granite Crystal', features: ['Tow Package'], createdAt: minutesAgo(20),
  })).id;
  id.civic = (await t.createVehicle({
    year: 2024, make: 'Honda', model: 'Civic', trim: 'EX', price: 32_000, mileage: 10, bodyType: 'Sedan', condition: 'new',
    transmission: 'Manual', location: 'Edmonton', exteriorColor: 'Crystal Black', drivetrain: 'FWD', features: ['Apple CarPlay'], createdAt: minutesAgo(10),
  })).id;
  id.silverado = (await t.createVehicle({
    year: 2020, make: 'Chevrolet', model: 'Silverado', trim: 'LT', price: 38_000, mileage: 70_000, bodyType: 'Truck',
    status: 'sold', soldAt: minutesAgo(5), features: ['Tow Package'], createdAt: minutesAgo(60),
  })).id;
  id.sportage = (await t.createVehicle({
    year: 2017, make: 'Kia', model: 'Sportage', price: 12_000, mileage: 140_000, bodyType: 'SUV', status: 'pending',
    sellerType: 'private seller', ownerId: owner.id, features: [], createdAt: minutesAgo(1),
  })).id;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/api/vehicles?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json[];
};
const idsOf = async (query: string, headers: Record<string, string> = {}) => (await list(query, headers)).map((v) => v.id);
const asSet = (...names: string[]) => new Set(names.map((n) => id[n as Name]));

describe('GET /api/vehicles: shapes and pages (spec §3, §7)', () => {
  it('answers a bare array without format=paginated, of available vehicles only', async () => {
    const res = await get('/api/vehicles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(new Set(body.map((v: Json) => v.id))).toEqual(asSet('f150', 'rav4', 'tucson', 'ram', 'civic'));
    expect(await idsOf('format=array')).toEqual(body.map((v: Json) => v.id));
  });

  it('answers {vehicles, pagination} with format=paginated', async () => {
    const res = await get('/api/vehicles?format=paginated');
    const body = res.json();
    expect(body.vehicles).toHaveLength(5);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalVehicles: 5, hasNext: false, hasPrevious: false });
  });

  it('pages with limit: hasNext and hasPrevious, and an empty page past the end', async () => {
    const page = async (n: number) => (await get(`/api/vehicles?format=paginated&limit=2&page=${n}`)).json();
    const [p1, p2, p3, p4] = [await page(1), await page(2), await page(3), await page(4)];
    expect(p1.pagination).toEqual({ currentPage: 1, totalPages: 3, totalVehicles: 5, hasNext: true, hasPrevious: false });
    expect(p2.pagination).toEqual({ currentPage: 2, totalPages: 3, totalVehicles: 5, hasNext: true, hasPrevious: true });
    expect(p3.pagination).toEqual({ currentPage: 3, totalPages: 3, totalVehicles: 5, hasNext: false, hasPrevious: true });
    expect(p4.pagination).toEqual({ currentPage: 4, totalPages: 3, totalVehicles: 5, hasNext: false, hasPrevious: true });
    expect(p4.vehicles).toEqual([]);
    // Pages never overlap or skip (id breaks every tie).
    const seen = [...p1.vehicles, ...p2.vehicles, ...p3.vehicles].map((v: Json) => v.id);
    expect(new Set(seen).size).toBe(5);
  });

  it.each([
    ['page=0', 'Invalid query: page starts at 1'],
    ['page=-3', 'Invalid query: page starts at 1'],
    ['page=abc', 'Invalid query: page must be a number'],
    ['page=1.5', 'Invalid query: page must be a whole number'],
    ['limit=0', 'Invalid query: limit must be at least 1'],
    // Issue 33 §5: the bound is named, not "limit must be a number".
    ['limit=500', `Invalid query: limit is at most ${MAX_PAGE_SIZE}`],
    ['priceMin=cheap', 'Invalid query: priceMin must be a number'],
    ['priceMin=-1', 'Invalid query: priceMin cannot be negative'],
    ['priceMin=50000&priceMax=10000', 'Invalid query: priceMin must not exceed priceMax'],
    ['yearMin=2024&yearMax=2020', 'Invalid query: yearMin must not exceed yearMax'],
    ['sortBy=cheapest', 'Invalid query: sortBy must be one of recommended, price-asc, price-desc, year-desc, mileage-asc'],
    ['location=Toronto', 'Invalid query: location: '],
    ['format=xml', 'Invalid query: format: '],
  ])('refuses %s with 400 and the failing field', async (query, message) => {
    const res = await get(`/api/vehicles?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message.startsWith(message)).toBe(true);
    expect(Object.keys(body.fields)).toEqual([query.split('=')[0]]);
  });
});

describe('GET /api/vehicles: filters (spec §7)', () => {
  it.each([
    ['make=ford', ['f150']],
    ['make=FORD&make=toyota', ['f150', 'rav4']],
    ['model=f-150', ['f150']],
    ['make=Hyundai&model=TUCSON', ['tucson']],
    ['bodyType=suv', ['rav4', 'tucson']],
    ['bodyType=SUV&bodyType=Sedan', ['rav4', 'tucson', 'civic']],
    ['transmission=cvt', ['rav4']],
    ['feature=Backup Camera', ['f150', 'rav4']],
    ['feature=Backup Camera&feature=Heated Seats', ['rav4']],
    ['feature=Heated Seats&feature=Bluetooth', ['tucson']],
    ['priceMin=32000', ['f150', 'ram', 'civic']],
    ['priceMax=31000', ['rav4', 'tucson']],
    ['priceMin=30000&priceMax=35000', ['tucson', 'ram', 'civic']],
    ['yearMin=2020&yearMax=2022', ['f150', 'tucson']],
    ['yearMin=2023', ['civic']],
    ['mileageMax=20000', ['tucson', 'civic']],
    ['location=Calgary', ['rav4', 'ram']],
    ['condition=new', ['civic']],
    ['condition=used', ['f150', 'rav4', 'tucson', 'ram']],
    ['sellerType=private seller', ['tucson']],
    ['sellerType=dealer&bodyType=Truck', ['f150', 'ram']],
    ['make=Kia', []],
    ['make=Nonexistent', []],
  ])('%s', async (query, expected) => {
    expect(new Set(await idsOf(query))).toEqual(asSet(...expected));
  });

  it('ignores parameters it does not know', async () => {
    expect(await idsOf('minPrice=99999&colour=red')).toHaveLength(5);
  });
});

describe('GET /api/vehicles: search (foundation issue)', () => {
  it.each([
    ['toyo', ['rav4']],
    ['f-15', ['f150']],
    ['F-150', ['f150']],
    ['hyundai', ['tucson']],
    ['HyUnDaI', ['tucson']],
    ['hyndai', ['tucson']],
    ['tucsn', ['tucson']],
    ['tucson hyundai', ['tucson']],
    ['  hyundai   tucson  ', ['tucson']],
    ['hyundai ford', []],
    ['heated', ['rav4', 'tucson']],
    ['2019', ['rav4']],
    ['big horn', ['ram']],
    ['crystal', ['ram', 'civic']],
    ['awd suv', ['rav4']],
    ['silverado', []],
    ['xyzzy', []],
    ['100%', []],
    ['_', []],
    ['%', []],
    ["'; drop table vehicles; --", []],
    // Issue 33 §2: store and condition words are filters, not text no vehicle contains.
    ['Calgary', ['rav4', 'ram']],
    ['used', ['f150', 'rav4', 'tucson', 'ram']],
    ['New', ['civic']],
    ['used trucks in Edmonton', ['f150']],
    ['used suv calgary', ['rav4']],
  ])('search=%j', async (search, expected) => {
    expect(new Set(await idsOf(`search=${encodeURIComponent(search)}`))).toEqual(asSet(...expected));
  });

  it('an empty search is no search', async () => {
    expect(await idsOf('search=')).toHaveLength(5);
    expect(await idsOf('search=%20%20')).toHaveLength(5);
  });

  it('combines with filters and pagination', async () => {
    const body = (await get('/api/vehicles?format=paginated&search=camera&bodyType=SUV')).json();
    expect(body.vehicles.map((v: Json) => v.id)).toEqual([id.rav4]);
    expect(body.pagination.totalVehicles).toBe(1);
  });
});

describe('GET /api/vehicles: sort orders (spec §9)', () => {
  const field = async (query: string, name: string) => (await list(query)).map((v) => v[name] as number);

  it('price-asc and price-desc', async () => {
    expect(await field('sortBy=price-asc', 'price')).toEqual([28_000, 31_000, 32_000, 35_000, 40_000]);
    expect(await field('sortBy=price-desc', 'price')).toEqual([40_000, 35_000, 32_000, 31_000, 28_000]);
  });

  it('year-desc and mileage-asc', async () => {
    expect(await field('sortBy=year-desc', 'year')).toEqual([2024, 2022, 2021, 2019, 2018]);
    expect(await field('sortBy=mileage-asc', 'mileage')).toEqual([10, 20_000, 50_000, 60_000, 90_000]);
  });

  it('recommended (the default): price cuts first, then the newest listings', async () => {
    const expected = [id.f150, id.civic, id.ram, id.tucson, id.rav4];
    expect(await idsOf('')).toEqual(expected);
    expect(await idsOf('sortBy=recommended')).toEqual(expected);
  });

});

describe('a lot of more than one page, from empty', () => {
  let lot: TestContext;
  const made: number[] = [];
  const inLot = (url: string) => lot.app.inject({ method: 'GET', url }).then((r) => r.json());
  beforeAll(async () => { lot = await createTestApp(); });
  afterAll(() => lot.close());

  it('facets of an empty lot are zeros', async () => {
    expect(await inLot('/api/vehicles/facets')).toEqual({
      total: 0, makes: [], bodyTypes: [], transmissions: [], features: [], models: [],
      price: { min: 0, max: 0 }, year: { min: 0, max: 0 }, mileage: { max: 0 },
      locations: [{ value: 'Edmonton', count: 0 }, { value: 'Calgary', count: 0 }],
      conditions: [{ value: 'new', count: 0 }, { value: 'used', count: 0 }],
    });
    expect(await inLot('/api/vehicles?format=paginated')).toEqual({
      vehicles: [], pagination: { currentPage: 1, totalPages: 0, totalVehicles: 0, hasNext: false, hasPrevious: false },
    });
  });

  it('uses the spec page size of 20 by default', async () => {
    // One price for all: the sort tests below rest on the id tiebreaker.
    for (let i = 0; i < MAX_PAGE_SIZE + 3; i++) made.push((await lot.createVehicle({ price: 20_000 })).id);
    const body = await inLot('/api/vehicles?format=paginated');
    expect(body.vehicles).toHaveLength(20);
    expect(body.pagination).toMatchObject({ totalVehicles: MAX_PAGE_SIZE + 3, totalPages: 6, hasNext: true });
  });

  it(`serves a full page at the largest limit, ${MAX_PAGE_SIZE}`, async () => {
    const body = await inLot(`/api/vehicles?format=paginated&limit=${MAX_PAGE_SIZE}`);
    expect(body.vehicles).toHaveLength(MAX_PAGE_SIZE);
    expect(body.pagination).toMatchObject({ totalVehicles: MAX_PAGE_SIZE + 3, totalPages: 2 });
  });

  it('breaks ties by id, so equal prices keep a stable order across pages', async () => {
    const pages = [];
    for (let n = 1; n <= 6; n++) pages.push(...(await inLot(`/api/vehicles?sortBy=price-asc&page=${n}`)).map((v: Json) => v.id));
    expect(pages).toEqual(made);
  });
});

describe('GET /api/vehicles: who sees which status (AMVIC: sold leaves search at once)', () => {
  it('visitors and customers never see sold or pending vehicles', async () => {
    for (const headers of [{}, { cookie: customer.cookie }, ownerSession.bearer] as Record<string, string>[]) {
      const ids = await idsOf('', headers);
      expect(ids).not.toContain(id.silverado);
      expect(ids).not.toContain(id.sportage);
    }
    expect(await idsOf('status=available')).toHaveLength(5);
  });

  it.each(['all', 'sold', 'pending'])('refuses status=%s to visitors and customers with 403', async (status) => {
    for (const headers of [{}, customer.bearer, inactiveAdmin.bearer]) {
      const res = await get(`/api/vehicles?status=${status}`, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: 'Admin access required to list sold or pending vehicles' });
    }
  });

  it('lets an admin list every status, and shows the public view by default', async () => {
    expect(new Set(await idsOf('status=all', admin.bearer))).toEqual(asSet('f150', 'rav4', 'tucson', 'ram', 'civic', 'silverado', 'sportage'));
    expect(await idsOf('status=sold', admin.bearer)).toEqual([id.silverado]);
    expect(await idsOf('status=pending', { cookie: admin.cookie })).toEqual([id.sportage]);
    expect(await idsOf('', admin.bearer)).toHaveLength(5);
    const sold = (await list('status=sold', admin.bearer))[0]!;
    expect(sold).toMatchObject({ status: 'sold', isSold: true });
  });
});

describe('GET /api/vehicles: the vehicle shape (spec §3)', () => {
  it('maps prices, flags, photos and dates, and leaks no internal columns', async () => {
    const [f150] = await list('make=Ford');
    expect(f150).toMatchObject({
      id: id.f150, year: 2021, make: 'Ford', model: 'F-150', trim: 'XLT', price: 40_000, originalPrice: 43_000,
      isOnSale: true, isSold: false, status: 'available', mileage: 50_000, bodyType: 'Truck', condition: 'used',
      sellerType: 'dealer', transmission: 'Automatic', location: 'Edmonton', soldAt: null,
      features: ['Backup Camera', 'Bluetooth'],
    });
    expect(f150!.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(new Date(f150!.createdAt as string).toISOString()).toBe(f150!.createdAt);
    const photos = f150!.photos as { id: number; src: string; alt: string; width: number; height: number; variants: { url: string; width: number; format: string }[] }[];
    expect(photos).toHaveLength(3);
    expect(photos[0]).toMatchObject({ alt: 'Photo 1', width: 1600, height: 1067 });
    // The default source is the WebP closest to 800 px; every variant has its URL under /uploads.
    expect(photos[0]!.src).toBe(`/uploads/vehicles/${id.f150}/0-800.webp`);
    expect(photos[0]!.variants).toContainEqual({ url: `/uploads/vehicles/${id.f150}/0-1600.avif`, width: 1600, format: 'avif' });
    expect(f150!.images).toEqual(photos.map((p) => p.src));
    expect(f150!.images).toEqual([0, 1, 2].map((p) => `/uploads/vehicles/${id.f150}/${p}-800.webp`));
    for (const secret of ['ownerId', 'searchText', 'search_text', 'owner_id']) expect(f150).not.toHaveProperty(secret);

    const [tucson] = await list('make=Hyundai');
    expect(tucson).toMatchObject({ isOnSale: false, originalPrice: null, images: [], photos: [] });
  });
});

describe('GET /api/vehicles/facets', () => {
  it('counts what the sidebar offers over available vehicles only', async () => {
    const res = await get('/api/vehicles/facets');
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f.total).toBe(5);
    expect(f.makes).toEqual([
      { value: 'Ford', count: 1 }, { value: 'Honda', count: 1 }, { value: 'Hyundai', count: 1 }, { value: 'RAM', count: 1 }, { value: 'Toyota', count: 1 },
    ]);
    expect(f.bodyTypes).toEqual([{ value: 'SUV', count: 2 }, { value: 'Truck', count: 2 }, { value: 'Sedan', count: 1 }]);
    expect(f.transmissions).toEqual([{ value: 'Automatic', count: 3 }, { value: 'CVT', count: 1 }, { value: 'Manual', count: 1 }]);
    // Most common first; sold Silverado's and pending Sportage's equipment is not counted.
    expect(f.features).toEqual([
      { value: 'Apple CarPlay', count: 2 }, { value: 'Backup Camera', count: 2 }, { value: 'Bluetooth', count: 2 },
      { value: 'Heated Seats', count: 2 }, { value: 'Tow Package', count: 1 },
    ]);
    expect(f.models).toContainEqual({ make: 'Hyundai', model: 'Tucson', bodyType: 'SUV', count: 1 });
    expect(f.models).toHaveLength(5);
    expect(f.price).toEqual({ min: 28_000, max: 40_000 });
    expect(f.year).toEqual({ min: 2018, max: 2024 });
    expect(f.mileage).toEqual({ max: 90_000 });
    // Issue 33 §2: the store and condition choices, counted like the others.
    expect(f.locations).toEqual([{ value: 'Edmonton', count: 3 }, { value: 'Calgary', count: 2 }]);
    expect(f.conditions).toEqual([{ value: 'new', count: 1 }, { value: 'used', count: 4 }]);
  });

  it('counts each store and condition with every filter but its own (issue 33 §2)', async () => {
    const f = (await get('/api/vehicles/facets?location=Calgary&condition=used&bodyType=Truck')).json();
    expect(f.total).toBe(1); // the RAM
    // Edmonton would give the used F-150; Calgary the RAM.
    expect(f.locations).toEqual([{ value: 'Edmonton', count: 1 }, { value: 'Calgary', count: 1 }]);
    // New in Calgary: no truck.
    expect(f.conditions).toEqual([{ value: 'new', count: 0 }, { value: 'used', count: 1 }]);
    // The words in the search box count as the filters they name.
    const words = (await get('/api/vehicles/facets?search=new')).json();
    expect(words.total).toBe(1);
    expect(words.conditions).toEqual([{ value: 'new', count: 1 }, { value: 'used', count: 4 }]);
  });
});

describe('GET /api/vehicles/:id', () => {
  it('answers the vehicle with its price history, newest first', async () => {
    const res = await get(`/api/vehicles/${id.f150}`);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ id: id.f150, make: 'Ford', isOnSale: true, stockNumber: expect.any(String) });
    expect(v.photos).toHaveLength(3);
    expect(v.priceHistory.map((h: Json) => [h.price, h.previousPrice])).toEqual([[40_000, 43_000], [43_000, 45_000], [45_000, null]]);
    expect(v).not.toHaveProperty('ownerId');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '%00', '1%20OR%201=1'])('refuses a malformed id (%s) with 400', async (bad) => {
    const res = await get(`/api/vehicles/${bad}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid path parameter: id /);
  });

  it('answers 404 JSON for an unknown vehicle', async () => {
    const res = await get('/api/vehicles/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Vehicle not found' });
  });

  it('still answers for a sold vehicle, flagged sold', async () => {
    const v = (await get(`/api/vehicles/${id.silverado}`)).json();
    expect(v).toMatchObject({ id: id.silverado, isSold: true, status: 'sold' });
    expect(v.soldAt).toEqual(expect.any(String));
  });

  it('shows a pending private listing only to its owner and to admins', async () => {
    const as = async (headers: Record<string, string>) => (await get(`/api/vehicles/${id.sportage}`, headers)).statusCode;
    expect(await as({})).toBe(404);
    expect(await as(customer.bearer)).toBe(404);
    expect(await as(inactiveAdmin.bearer)).toBe(404);
    expect(await as(ownerSession.bearer)).toBe(200);
    expect(await as({ cookie: admin.cookie })).toBe(200);
    // The cached answer for the owner must not leak to the next visitor.
    expect(await as({})).toBe(404);
  });
});

describe('admin mutations (spec §4, §7, §8)', () => {
  const mutations = [
    ['DELETE', (n: number) => `/api/vehicles/${n}`],
    ['POST', (n: number) => `/api/vehicles/${n}/mark-sold`],
    ['POST', (n: number) => `/api/vehicles/${n}/mark-available`],
  ] as const;
  const send = (method: 'DELETE' | 'POST', url: string, headers: Record<string, string> = {}) => t.app.inject({ method, url, headers });

  it.each(mutations)('%s %s: 401 without a session, 403 for a customer or an inactive admin', async (method, url) => {
    const target = url(id.rav4);
    const anon = await send(method, target);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 'unauthorized', message: 'Authentication required' });
    for (const session of [customer, ownerSession, inactiveAdmin]) {
      const res = await send(method, target, session.bearer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: 'Admin access required' });
    }
    const [row] = await t.db.select({ status: vehicles.status }).from(vehicles).where(eq(vehicles.id, id.rav4));
    expect(row).toEqual({ status: 'available' });
  });

  it.each(mutations)('%s %s: 404 for an unknown vehicle, 400 for a malformed id', async (method, url) => {
    const missing = await send(method, url(987_654), admin.bearer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: 'Vehicle not found' });
    expect((await send(method, url(0).replace('/0', '/zero'), admin.bearer)).statusCode).toBe(400);
  });

  it('marks a vehicle sold: gone from search at once, its page flagged sold', async () => {
    // Warm the cache first, so the test proves the mutation invalidates it.
    expect(await idsOf('make=Toyota')).toEqual([id.rav4]);
    expect((await get(`/api/vehicles/${id.rav4}`)).json().isSold).toBe(false);
    const before = (await get('/api/vehicles/facets')).json().total;

    const res = await send('POST', `/api/vehicles/${id.rav4}/mark-sold`, admin.bearer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Vehicle marked as sold');
    expect(body.vehicle).toMatchObject({ id: id.rav4, status: 'sold', isSold: true });
    expect(body.vehicle.soldAt).toEqual(expect.any(String));

    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, id.rav4));
    expect(row!.status).toBe('sold');
    expect(row!.soldAt).toBeInstanceOf(Date);
    expect(await idsOf('make=Toyota')).toEqual([]);
    expect((await get(`/api/vehicles/${id.rav4}`)).json()).toMatchObject({ isSold: true });
    expect((await get('/api/vehicles/facets')).json().total).toBe(before - 1);

    // Again: still sold, and the original sale time is kept.
    const again = (await send('POST', `/api/vehicles/${id.rav4}/mark-sold`, admin.bearer)).json();
    expect(again.vehicle.soldAt).toBe(body.vehicle.soldAt);
  });

  it('marks it available again: back in search, sale time cleared', async () => {
    const res = await send('POST', `/api/vehicles/${id.rav4}/mark-available`, { cookie: admin.cookie, origin: t.config.publicUrl });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Vehicle marked as available', vehicle: { id: id.rav4, status: 'available', isSold: false, soldAt: null } });
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, id.rav4));
    expect(row).toMatchObject({ status: 'available', soldAt: null });
    expect(await idsOf('make=Toyota')).toEqual([id.rav4]);
  });

  it('accepts the spec client\'s body-less JSON POST (content type set, no body)', async () => {
    const res = await t.app.inject({
      method: 'POST', url: `/api/vehicles/${id.ram}/mark-sold`, headers: { ...admin.bearer, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    await send('POST', `/api/vehicles/${id.ram}/mark-available`, admin.bearer);
  });

  it('approves a pending private listing with mark-available', async () => {
    const made = await t.createVehicle({ status: 'pending', sellerType: 'private seller', ownerId: owner.id });
    expect((await get(`/api/vehicles/${made.id}`)).statusCode).toBe(404);
    await send('POST', `/api/vehicles/${made.id}/mark-available`, admin.bearer);
    expect((await get(`/api/vehicles/${made.id}`)).statusCode).toBe(200);
    await send('DELETE', `/api/vehicles/${made.id}`, admin.bearer);
  });

  it('audits the card actions and tells users who saved the vehicle that it sold', async () => {
    const saver = await t.createUser();
    const made = await t.createVehicle({ year: 2018, make: 'Mazda', model: 'CX-5' });
    await t.db.insert(savedVehicles).values({ userId: saver.id, vehicleId: made.id });
    await send('POST', `/api/vehicles/${made.id}/mark-sold`, admin.bearer);
    await send('POST', `/api/vehicles/${made.id}/mark-sold`, admin.bearer); // no change: no second entry or notice
    await send('POST', `/api/vehicles/${made.id}/mark-available`, admin.bearer);
    await send('DELETE', `/api/vehicles/${made.id}`, admin.bearer);

    const entries = await t.db.select().from(auditLog)
      .where(and(eq(auditLog.entityType, 'vehicle'), eq(auditLog.entityId, String(made.id))));
    expect(entries.map((e) => e.action)).toEqual(['vehicle.sold', 'vehicle.available', 'vehicle.delete']);
    expect(entries[0]).toMatchObject({ before: { status: 'available' }, after: { status: 'sold' }, actorName: expect.any(String) });
    expect(entries[2]!.before).toMatchObject({ make: 'Mazda', model: 'CX-5' });
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, saver.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('2018 Mazda CX-5');
  });

  it('deletes a vehicle permanently, with its photos and price history', async () => {
    const made = await t.createVehicle({ photos: 2, priceHistory: [30_000] });
    expect((await get(`/api/vehicles/${made.id}`)).statusCode).toBe(200);
    const res = await send('DELETE', `/api/vehicles/${made.id}`, admin.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Vehicle deleted' });
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, made.id))).toEqual([]);
    expect(await t.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, made.id))).toEqual([]);
    expect(await t.db.select().from(priceHistory).where(eq(priceHistory.vehicleId, made.id))).toEqual([]);
    expect((await get(`/api/vehicles/${made.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/vehicles/${made.id}`, admin.bearer)).statusCode).toBe(404);
  });
});
