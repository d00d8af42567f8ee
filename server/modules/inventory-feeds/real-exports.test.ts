// Issue 54 §1-2: DMS exports as vendors write them (one rooftop named by a dealer id, Windows-1252 text, tabs,
// options in one cell, miles, blank specifications), and runs that tell the truth (units that come back, adopted
// units, a file with no valid row, a double click, a process killed mid-run). A local HTTP server plays the DMS;
// the database, the image pipeline and the VIN decoder are the real ones.
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { Feed, FeedPreview, FeedRun } from '@domain/inventory-feeds';
import { withCheckDigit } from '@domain/vin';
import { inventoryFeedRuns, inventoryFeeds, inventoryFeedUnits, outboxMessages, vehiclePhotos, vehicles } from '../../db/schema';
import { createRng } from '../../db/seed/prng';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { processImage, storeImage } from '../media/pipeline';
import { addPhotos, mediaContextOf } from '../media/service';
import { failCutOffRuns, feedContextOf, runDueFeeds, STALE_RUN_MS } from './service';

// ---- The DMS: files by path, each with its bytes and content type ----
interface Served { body: Buffer; type: string; etag?: string }
const files = new Map<string, Served>();
/** Photo requests wait here while a test holds them (a run in progress). */
let holdPhotos: Promise<void> | null = null;
let photoArrived: () => void = () => {};

function dms(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://dms').pathname;
  const f = files.get(path);
  if (!f) { res.writeHead(404).end(); return; }
  const send = () => {
    if (f.etag && req.headers['if-none-match'] === f.etag) { res.writeHead(304).end(); return; }
    res.writeHead(200, { 'content-type': f.type, ...(f.etag ? { etag: f.etag } : {}) }).end(f.body);
  };
  if (path.startsWith('/photos/') && holdPhotos) { photoArrived(); void holdPhotos.then(send); return; }
  send();
}
const server = http.createServer(dms);
let base = '';

/** A camera-like JPEG: seeded noise, not a flat colour (flat colours compress to nothing and hide real costs). */
async function photo(seed: number): Promise<Buffer> {
  const rng = createRng(seed);
  const w = 320;
  const h = 240;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.round(rng.next() * 255);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).blur(1.2).jpeg({ quality: 88 }).toBuffer();
}

// ---- A single rooftop's export, as a Windows DMS writes it: tabs, Windows-1252, a dealer id, miles ----
const corolla = withCheckDigit('2T1BURHE0KC100001');
const ram = withCheckDigit('1C6SRFFT0KN500001');
const crv = withCheckDigit('2HKRW2H80KH600001');
const unknownVin = withCheckDigit('WVWZZZ3C0WE123456');
const tesla = withCheckDigit('5YJ3E1EA0LF700001');
const HEADER = ['Dealer ID', 'Stock No', 'VIN', 'Year', 'Make', 'Model', 'Trim', 'Body Style', 'Transmission', 'Engine', 'Exterior Color', 'Interior Color', 'Miles', 'New/Used', 'Certified', 'Internet Price', 'MSRP', 'Options', 'Photo URLs'];
const rooftopRows = () => [
  ['PMH-CGY', 'C7001', corolla, '2019', 'TOYOTA', 'Corolla', 'LE', '', 'Automatic', '', 'Blanc Nacré', 'Black', '28,000', 'U', 'Y', '$19,995', '22,000', '"Heated Seats,Remote Start,Apple CarPlay"', `${base}/photos/c7001-1.jpg`],
  ['PMH-CGY', 'C7002', ram, '2019', 'Ram', '1500', 'Big Horn', 'Pickup', '8-Speed Automatic', '5.7L V8', 'Granite Crystal', 'Black', '41,500 mi', 'Used', 'N', '38,995', '', '"Tow Package;heated seats|Bed Liner"', ''],
  ['PMH-CGY', 'C7003', crv, '2019', 'Honda', 'CR-V', 'EX', '', 'CVT', '', 'Crème', 'Grey', '', 'N', '', '36,450', '36,450', '', ''],
  // A stray tab: one cell too many.
  ['PMH-CGY', 'C7004', tesla, '2020', 'Tesla', 'Model 3', 'Standard Range Plus', 'Sedan', '', '', 'Pearl White', 'Black', '12,000', 'U', 'N', '41,995', '', 'Autopilot', '', 'extra'],
  // A 1998 European VIN the decoder does not know, and no body style: it cannot be completed.
  ['PMH-CGY', 'C7005', unknownVin, '1998', 'Volkswagen', 'Passat', '', '', 'Manual', '', 'Silver', 'Grey', '150,000', 'U', 'N', '2,995', '', '', ''],
];
const rooftopExport = (rows = rooftopRows()) => Buffer.from([HEADER, ...rows].map((r) => r.join('\t')).join('\r\n'), 'latin1');

let t: TestContext;
let admin: Session;
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  files.set('/photos/c7001-1.jpg', { body: await photo(1), type: 'image/jpeg' });
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie, origin: t.config.publicUrl }, ...(payload === undefined ? {} : { payload: payload as object }) });
const run = async (feedId: number) => {
  const res = await api('POST', `/api/admin/inventory-feeds/${feedId}/run`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedRun;
};
const byStock = async (stock: string) => (await t.db.select().from(vehicles).where(eq(vehicles.stockNumber, stock)))[0];
const unitOf = async (vehicleId: number) => (await t.db.select().from(inventoryFeedUnits).where(eq(inventoryFeedUnits.vehicleId, vehicleId)))[0];

describe('a single rooftop\'s export, mapped through the page without editing the file (issue 54 §1)', () => {
  let feed: Feed;

  it('previews the file as it is read: Windows-1252, tabs, miles, every value of the closed-list columns and what each becomes', async () => {
    files.set('/rooftop.txt', { body: rooftopExport(), type: 'text/plain; charset=utf-8', etag: '"r1"' });
    const res = await api('POST', '/api/admin/inventory-feeds/preview', { url: `${base}/rooftop.txt` });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as FeedPreview;
    expect(p).toMatchObject({ encoding: 'windows-1252', delimiter: 'tab', odometerUnit: 'mi', rowCount: 5 });
    expect(p.suggested).toMatchObject({ location: 'Dealer ID', stock_number: 'Stock No', odometer_km: 'Miles', condition: 'New/Used', certified: 'Certified', price: 'Internet Price', features: 'Options', photo_urls: 'Photo URLs' });
    expect(p.suggested.price).not.toBe('MSRP');
    expect(p.ignoredColumns).toEqual([expect.objectContaining({ header: 'MSRP', reason: expect.stringMatching(/not the all-in price/) })]);
    // The dealer id is not a store we know: the page asks for its translation.
    expect(p.values).toContainEqual({ field: 'location', value: 'PMH-CGY', rows: 5, becomes: null });
    expect(p.values).toContainEqual({ field: 'condition', value: 'U', rows: 3, becomes: 'used' });
    expect(p.warnings).toEqual([expect.objectContaining({ line: 5, message: expect.stringMatching(/20 cells where the header has 19/) })]);
    expect(p.translated[0]!.values.exterior_color).toBe('Blanc Nacré');
    expect(p.translated[0]!.errors).toContain('Store must be one of Edmonton, Calgary (got "PMH-CGY")');
  });

  it('refuses a translation or default that is not a value of its field, naming it', async () => {
    const bad = [
      [{ translations: { location: { 'PMH-CGY': 'Red Deer' } } }, /Translation of "PMH-CGY" for Store: .*Edmonton, Calgary/],
      [{ defaults: { condition: 'maybe' } }, /Default for New or used: .*"maybe"/],
      [{ defaults: { odometer_km: 'lots' } }, /Default for Odometer \(km\): "lots" is not a number/],
      [{ defaults: { stock_number: 'X' } }, /defaults: .*stock_number/],
      [{ encoding: 'latin-9' }, /Text encoding must be one of auto, utf-8, windows-1252/],
    ] as const;
    for (const [settings, message] of bad) {
      const res = await api('POST', '/api/admin/inventory-feeds', { name: 'Rooftop', url: `${base}/rooftop.txt`, ...settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
      expect(res.json().message, JSON.stringify(settings)).toMatch(message);
    }
  });

  it('with one translation, the preview shows the rows as they will be published: store, km, split options, decoded specifications', async () => {
    const res = await api('POST', '/api/admin/inventory-feeds/preview', { url: `${base}/rooftop.txt`, translations: { location: { 'pmh-cgy': 'Calgary' } } });
    const p = res.json() as FeedPreview;
    expect(p.values).toContainEqual({ field: 'location', value: 'PMH-CGY', rows: 5, becomes: 'Calgary' });
    const [first, second, third] = p.translated;
    expect(first).toMatchObject({
      values: { location: 'Calgary', make: 'Toyota', odometer_km: '45062', body_style: 'Sedan', condition: 'used', certified: 'yes', features: 'Heated Seats, Remote Start, Apple CarPlay, Certified Pre-Owned' },
      sources: { location: 'translated', body_style: 'decoded', engine: 'decoded', fuel_type: 'decoded', odometer_km: 'feed' },
      errors: [],
    });
    expect(second!.values).toMatchObject({ make: 'RAM', odometer_km: '66788', features: 'Tow Package, Heated Seats, Bed Liner' });
    // A new unit with a blank odometer has none: 0 km.
    expect(third!.values).toMatchObject({ condition: 'new', odometer_km: '0', body_style: 'SUV' });
    expect(third!.sources.odometer_km).toBe('default');
  });

  it('runs: creates the units as the preview showed, names the row it could not complete, and warns of the stray cell', async () => {
    const created = await api('POST', '/api/admin/inventory-feeds', {
      name: 'Calgary DMS', url: `${base}/rooftop.txt`, translations: { location: { 'PMH-CGY': 'Calgary' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    feed = created.json();
    expect(feed.translations).toEqual({ location: { 'PMH-CGY': 'Calgary' } });
    const r = await run(feed.id);
    expect(r.errors).toEqual([
      { line: 6, message: 'Body style is required: the feed does not give it, and the VIN decoder could not' },
      { line: 6, message: 'Fuel type is required: the feed does not give it, and the VIN decoder could not' },
    ]);
    expect(r).toMatchObject({ status: 'succeeded', created: 4, adopted: 0, returned: 0 });
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/20 cells where the header has 19/);

    const c1 = (await byStock('C7001'))!;
    expect(c1).toMatchObject({ location: 'Calgary', make: 'Toyota', exteriorColor: 'Blanc Nacré', mileage: 45062, condition: 'used', bodyType: 'Sedan', engine: '1.8L I4', fuelType: 'Gasoline' });
    expect(c1.features).toEqual(['Heated Seats', 'Remote Start', 'Apple CarPlay', 'Certified Pre-Owned']);
    expect((await unitOf(c1.id))!.decodedFields.sort()).toEqual(['body_style', 'doors', 'engine', 'fuel_type']);
    // The vehicle's feed panel says so.
    const lock = await api('GET', `/api/admin/inventory-feed-locks/${c1.id}`);
    expect(lock.json()).toMatchObject({ feedId: feed.id, locked: [], decoded: expect.arrayContaining(['body_style', 'engine']) });
    expect((await t.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, c1.id)))).toHaveLength(1);
    const c2 = (await byStock('C7002'))!;
    expect(c2).toMatchObject({ make: 'RAM', bodyType: 'Truck', mileage: 66788 });
    expect(c2.features).toEqual(['Tow Package', 'Heated Seats', 'Bed Liner']);
    expect(await byStock('C7003')).toMatchObject({ condition: 'new', mileage: 0 });
    // An electric car's missing transmission is its single-speed automatic.
    expect(await byStock('C7004')).toMatchObject({ transmission: 'Automatic', fuelType: 'Electric' });

    // The public filter offers the options one by one, and one spelling of each.
    const facets = await t.app.inject({ method: 'GET', url: '/api/vehicles/facets?location=Calgary' });
    expect(facets.statusCode, facets.body).toBe(200);
    const features = (facets.json() as { features: { value: string }[] }).features.map((f) => f.value);
    expect(features).toEqual(expect.arrayContaining(['Heated Seats', 'Remote Start', 'Apple CarPlay', 'Certified Pre-Owned']));
    expect(features.filter((f) => f.toLowerCase() === 'heated seats')).toEqual(['Heated Seats']);
    expect(features.some((f) => f.includes(','))).toBe(false);
  });

  it('a published field with a lost character is a run warning, not a silent success', async () => {
    // The same export, read as UTF-8 by a wrong setting: "Blanc Nacré" would be published as "Blanc Nacr�".
    const res = await api('PUT', `/api/admin/inventory-feeds/${feed.id}`, { name: 'Calgary DMS', url: `${base}/rooftop.txt`, translations: feed.translations, encoding: 'utf-8' });
    expect(res.statusCode, res.body).toBe(200);
    const r = await run(feed.id);
    expect(r.status).toBe('succeeded');
    expect(r.warnings).toContainEqual({ line: 2, message: expect.stringMatching(/Exterior colour reads "Blanc Nacr\uFFFD": a character was lost/) });
    // Back to detection: the next run puts the right text back.
    await api('PUT', `/api/admin/inventory-feeds/${feed.id}`, { name: 'Calgary DMS', url: `${base}/rooftop.txt`, translations: feed.translations });
    expect((await run(feed.id)).updated).toBeGreaterThanOrEqual(1);
    expect((await byStock('C7001'))!.exteriorColor).toBe('Blanc Nacré');
  });

  it('a default stands in for a column the export does not have, and a semicolon file is read like a comma one', async () => {
    files.set('/edmonton.csv', {
      type: 'text/csv',
      body: Buffer.from(`\uFEFFStock;VIN;Year;Make;Model;Body;Trans;Fuel;Colour;Kms;Price\r\nE8001;${withCheckDigit('2T1BURHE0KC100099')};2019;Toyota;Corolla;Sedan;Auto;Gas;Blue;"52 000";18 995\r\n`, 'utf8'),
    });
    const created = await api('POST', '/api/admin/inventory-feeds', { name: 'Edmonton lot', url: `${base}/edmonton.csv`, defaults: { location: 'Edmonton', condition: 'used' } });
    expect(created.statusCode, created.body).toBe(201);
    const r = await run(created.json().id);
    expect(r).toMatchObject({ status: 'succeeded', created: 1 });
    expect(await byStock('E8001')).toMatchObject({ location: 'Edmonton', condition: 'used', mileage: 52000, price: 18995 });
  });
});

describe('a run tells the truth (issue 54 §2)', () => {
  const CSV_HEADER = 'Stock,VIN,Year,Make,Model,Body,Transmission,Fuel,Colour,Kilometres,Price,Store';
  const line = (n: number) => `R${100 + n},${withCheckDigit(`2T1BURHE0KC2${String(n).padStart(5, '0')}`)},2019,Toyota,Corolla,Sedan,Automatic,Gasoline,White,40000,${15_000 + n},Edmonton`;
  const csv = (ns: number[]) => [CSV_HEADER, ...ns.map(line)].join('\n');
  let feed: Feed;

  it('a file whose every row lacks required fields fails, and says nothing was applied', async () => {
    // 30 rows, each without model, body style and price: 90 messages, 30 rows.
    const rows = Array.from({ length: 30 }, (_, i) => `N${i},${withCheckDigit(`2T1BURHE0KC3${String(i).padStart(5, '0')}`)},2019,Toyota,,,Automatic,Gasoline,White,40000,,Edmonton`);
    files.set('/invalid.csv', { type: 'text/csv', body: Buffer.from([CSV_HEADER, ...rows].join('\n')) });
    const created = await api('POST', '/api/admin/inventory-feeds', { name: 'Broken export', url: `${base}/invalid.csv` });
    const r = await run(created.json().id);
    expect(r.status).toBe('failed');
    expect(r.errors[0]!.message).toMatch(/^No row of the feed is valid: nothing was applied/);
    expect(r.created).toBe(0);
  });

  it('a unit the feed removed and lists again is re-listed and counted "returned"; one sold by hand stays sold and is reported', async () => {
    files.set('/lot.csv', { type: 'text/csv', body: Buffer.from(csv([1, 2, 3, 4, 5, 6])), etag: '"l1"' });
    const created = await api('POST', '/api/admin/inventory-feeds', { name: 'Lot', url: `${base}/lot.csv` });
    feed = created.json();
    expect(await run(feed.id)).toMatchObject({ status: 'succeeded', created: 6 });
    // The DMS drops four units: held (over 30%), approved, and they are sold.
    files.set('/lot.csv', { type: 'text/csv', body: Buffer.from(csv([1, 2])), etag: '"l2"' });
    const held = await run(feed.id);
    expect(held).toMatchObject({ status: 'held', removed: 4 });
    // A second "Run now" while it waits does not replace it unseen.
    const again = await api('POST', `/api/admin/inventory-feeds/${feed.id}/run`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/waiting for your approval/);
    expect((await api('POST', `/api/admin/inventory-feeds/${feed.id}/runs/${held.id}/approve`)).json()).toMatchObject({ status: 'approved', removed: 4 });
    expect((await byStock('R103'))!.status).toBe('sold');
    // Meanwhile an admin sells R102 by hand.
    const r102 = (await byStock('R102'))!;
    const sold = await api('PATCH', `/api/admin/vehicles/${r102.id}`, { status: 'sold' });
    expect(sold.statusCode, sold.body).toBe(200);

    // The file comes back whole.
    files.set('/lot.csv', { type: 'text/csv', body: Buffer.from(csv([1, 2, 3, 4, 5, 6])), etag: '"l3"' });
    const back = await run(feed.id);
    expect(back).toMatchObject({ status: 'succeeded', returned: 4, created: 0, unchanged: 2 });
    expect(back.diff!.returned!.map((u) => u.stockNumber).sort()).toEqual(['R103', 'R104', 'R105', 'R106']);
    expect(back.warnings).toContainEqual({ line: 3, message: 'Stock R102 is in the feed but sold on the site (marked sold by hand): it stays sold' });
    for (const s of ['R103', 'R104', 'R105', 'R106']) expect((await byStock(s))!.status).toBe('available');
    expect((await byStock('R102'))!.status).toBe('sold');
    // Listed again: the public listing and the vehicle's page have them.
    const listing = await t.app.inject({ method: 'GET', url: '/api/vehicles?make=Toyota&model=Corolla&location=Edmonton&limit=100' });
    expect(listing.statusCode, listing.body).toBe(200);
    const listed = (listing.json() as { stockNumber: string }[]).map((v) => v.stockNumber);
    expect(listed).toEqual(expect.arrayContaining(['R103', 'R104', 'R105', 'R106']));
    expect(listed).not.toContain('R102');
    const page = await t.app.inject({ method: 'GET', url: `/api/vehicles/${(await byStock('R103'))!.id}` });
    expect(page.json().status).toBe('available');
    // And the next run of the same file finds nothing to do.
    files.set('/lot.csv', { type: 'text/csv', body: Buffer.from(csv([1, 2, 3, 4, 5, 6])), etag: '"l4"' });
    expect(await run(feed.id)).toMatchObject({ returned: 0, updated: 0, unchanged: 6 });
  });

  it('a 304 is an unchanged file, not a warning', async () => {
    const r = await run(feed.id);
    expect(r).toMatchObject({ status: 'succeeded', notModified: true, warnings: [] });
  });

  it('a run started by hand that fails neither counts towards nor sends the "failed twice" notice', async () => {
    files.set('/gone.csv', { type: 'text/html', body: Buffer.from('<!doctype html><p>Maintenance</p>') });
    const created = await api('POST', '/api/admin/inventory-feeds', { name: 'Flaky', url: `${base}/lot.csv` });
    const flaky = created.json() as Feed;
    await api('PUT', `/api/admin/inventory-feeds/${flaky.id}`, { name: 'Flaky', url: `${base}/gone.csv`, mapping: flaky.mapping });
    expect((await run(flaky.id)).status).toBe('failed');
    expect((await run(flaky.id)).status).toBe('failed');
    expect(await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.category, 'feed_failure'), eq(outboxMessages.subject, 'Inventory feed "Flaky" failed 2 times in a row')))).toHaveLength(0);
    expect((await api('GET', `/api/admin/inventory-feeds/${flaky.id}`)).json().consecutiveFailures).toBe(0);
  });

  it('a double click starts one run: the second request is refused while the first runs, which shows its progress', async () => {
    files.set('/slow.csv', { type: 'text/csv', body: Buffer.from([CSV_HEADER + ',Photos', `S1,${withCheckDigit('2T1BURHE0KC400001')},2019,Toyota,Corolla,Sedan,Automatic,Gasoline,White,40000,15000,Edmonton,${base}/photos/slow.jpg`].join('\n')) });
    files.set('/photos/slow.jpg', { body: await photo(7), type: 'image/jpeg' });
    const slow = (await api('POST', '/api/admin/inventory-feeds', { name: 'Slow photos', url: `${base}/slow.csv` })).json() as Feed;
    let release: () => void = () => {};
    holdPhotos = new Promise((r) => { release = r; });
    const arrived = new Promise<void>((r) => { photoArrived = r; });
    const first = api('POST', `/api/admin/inventory-feeds/${slow.id}/run`);
    await arrived;
    const second = await api('POST', `/api/admin/inventory-feeds/${slow.id}/run`);
    expect(second.statusCode).toBe(409);
    const runs = (await api('GET', `/api/admin/inventory-feeds/${slow.id}/runs`)).json().runs as FeedRun[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'running', progress: { phase: 'photos', rowsRead: 1, photosTotal: 1 } });
    holdPhotos = null;
    release();
    expect((await first).json()).toMatchObject({ status: 'succeeded', created: 1, photosDownloaded: 1, progress: null });
  });

  it('a run whose process died (kill -9) is failed once its heartbeat is older than the lease, and the feed can run again', async () => {
    // What a killed process leaves behind: a run marked running whose heartbeat stopped.
    const [dead] = await t.db.insert(inventoryFeedRuns).values({ feedId: feed.id, status: 'running', trigger: 'manual', heartbeatAt: new Date(Date.now() - STALE_RUN_MS - 5_000) }).returning();
    // Ten seconds earlier its heartbeat was still within the lease: the sweep leaves a live run alone.
    expect(await failCutOffRuns({ db: t.db }, feed.id, new Date(Date.now() - 10_000))).toBe(0);
    // The page's next read of the runs (every 15 s) shows it failed.
    const seen = (await api('GET', `/api/admin/inventory-feeds/${feed.id}/runs`)).json().runs as FeedRun[];
    expect(seen.find((r) => r.id === dead!.id)).toMatchObject({ status: 'failed', progress: null });
    const [after] = await t.db.select().from(inventoryFeedRuns).where(eq(inventoryFeedRuns.id, dead!.id));
    expect(after).toMatchObject({ status: 'failed' });
    expect(after!.errors[0]!.message).toMatch(/cut off/);
    files.set('/lot.csv', { type: 'text/csv', body: Buffer.from(csv([1, 2, 3, 4, 5, 6])), etag: '"l5"' });
    expect((await run(feed.id)).status).toBe('succeeded');
    // The scheduler's tick sweeps too, without anyone reading the page.
    const [again] = await t.db.insert(inventoryFeedRuns).values({ feedId: feed.id, status: 'running', trigger: 'schedule', heartbeatAt: new Date(Date.now() - STALE_RUN_MS - 1_000) }).returning();
    await t.db.update(inventoryFeeds).set({ enabled: false }).where(eq(inventoryFeeds.id, feed.id));
    await runDueFeeds(feedContextOf(t.app));
    expect((await t.db.select().from(inventoryFeedRuns).where(eq(inventoryFeedRuns.id, again!.id)))[0]!.status).toBe('failed');
  });
});

describe('re-reading our own inventory export (issue 54 §2)', () => {
  it('adopts the units kept by hand, keeps one copy of each photo by its content, and counts them as adopted', async () => {
    const vin = withCheckDigit('2HKRW2H80KH690001');
    const { id } = await t.createVehicle({ stockNumber: 'H9001', vin, make: 'Honda', model: 'CR-V', location: 'Calgary', status: 'available' });
    const ctx = mediaContextOf(t.app);
    const images = [];
    for (const seed of [11, 12, 13, 14]) images.push({ ...(await storeImage(t.app.storage, await processImage(await photo(seed), { kind: 'vehicle' }), `vehicles/${id}`)), alt: 'CR-V', name: `${seed}.jpg` });
    await addPhotos(ctx, { id: null, name: 'test' }, id, images);
    await t.vehiclesChanged([id]);

    // Our export, served by the DMS with the photo files it points at.
    const exported = await t.app.inject({ method: 'GET', url: '/feeds/inventory.csv' });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = parse(exported.body, { bom: true }) as string[][];
    const row = rows.find((r) => r[0] === 'H9001')!;
    const photoCol = header!.indexOf('photo_urls');
    const urls = row[photoCol]!.split('|');
    expect(urls).toHaveLength(4);
    const rehosted = [];
    for (const url of urls) {
      const key = url.split('/uploads/')[1]!;
      files.set(`/photos/own/${key}`, { body: (await t.app.storage.get(key))!, type: key.endsWith('.webp') ? 'image/webp' : 'image/jpeg' });
      rehosted.push(`${base}/photos/own/${key}`);
    }
    row[photoCol] = rehosted.join('|');
    const ownCsv = stringify([header!, row]);
    files.set('/own.csv', { type: 'text/csv; charset=utf-8', body: Buffer.from(ownCsv) });
    const feed = (await api('POST', '/api/admin/inventory-feeds', { name: 'Our own export', url: `${base}/own.csv` })).json() as Feed;
    const r = await run(feed.id);
    expect(r).toMatchObject({ status: 'succeeded', created: 0, adopted: 1, photosDownloaded: 0 });
    expect(await t.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, id))).toHaveLength(4);
    // The next run knows those photos by their address: nothing is fetched or added.
    expect(await run(feed.id)).toMatchObject({ unchanged: 1, photosDownloaded: 0 });
    expect(await t.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, id))).toHaveLength(4);
  });
});
