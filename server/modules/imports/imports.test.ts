// Inventory imports through the real app and a real database: CSV preview and commit (both modes), the failures an
// admin can cause (each a clear 4xx that leaves the database unchanged), fast/VIN import with the real decoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { CsvPreview, ImportProgressLine } from '@domain/imports';
import { withCheckDigit } from '@domain/vin';
import { auditLog, priceHistory, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { commitCsvImport, planCsvImport, previewToken, rowsToCommit } from './service';

let t: TestContext;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
  customer = await loginAs(t.app, await t.createUser());
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, s: Session | null = admin) =>
  t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl, ...(s ? { cookie: s.cookie } : {}) }, payload: payload as Record<string, unknown> });
const preview = (csv: string, mapping?: Record<string, string>) => post('/api/admin/imports/csv/preview', { csv, ...(mapping ? { mapping } : {}) });
const lines = (body: string) => body.trim().split('\n').map((l) => JSON.parse(l) as ImportProgressLine);
const vehicleCount = async () => (await t.db.select({ n: count() }).from(vehicles))[0]!.n;

let serial = 0;
const vin = () => withCheckDigit(`2T3P1RFV0LW${String(++serial).padStart(6, '0')}`);

/** A dealer export with its own header names (mapped automatically). */
function dealerCsv(rows: string[][]) {
  const header = 'Stock #,VIN,Year,Make,Model,Trim,Internet Price,Odometer,Body Style,Trans,Fuel,Ext Color,Location,Options';
  return [header, ...rows.map((r) => r.join(','))].join('\n');
}
const goodRow = (over: Partial<Record<'stock' | 'vin' | 'price' | 'km' | 'year', string>> = {}) =>
  [over.stock ?? '', over.vin ?? vin(), over.year ?? '2020', 'Toyota', 'RAV4', 'XLE', over.price ?? '"$31,995"', over.km ?? '54000 km', 'SUV', 'Auto', 'Gas', 'Blueprint', 'Calgary', '"Heated Seats; AWD"'];

describe('CSV template', () => {
  it('downloads our headers and an example row', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/imports/template.csv', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    expect(res.body.split('\r\n')[0]).toMatch(/^VIN,Stock Number,Year,Make,Model/);
  });
  it('the template imports as it is', async () => {
    const csv = (await t.app.inject({ method: 'GET', url: '/api/admin/imports/template.csv', headers: { cookie: admin.cookie } })).body;
    const p = (await preview(csv)).json() as CsvPreview;
    expect(p.counts, JSON.stringify(p.rows)).toMatchObject({ total: 1, valid: 1, invalid: 0 });
    expect(p.unmappedHeaders).toEqual([]);
  });
});

describe('CSV preview', () => {
  // Issue 33 §4: a VIN with a wrong check digit showed as "Create" without a warning.
  it('warns about a VIN whose check digit is wrong, and still lets the admin import it', async () => {
    const good = vin();
    const wrongDigit = good.slice(0, 8) + (good[8] === '0' ? '1' : '0') + good.slice(9);
    const csv = dealerCsv([goodRow({ vin: wrongDigit }), goodRow()]);
    const p = (await preview(csv)).json() as CsvPreview;
    expect(p.counts).toMatchObject({ total: 2, valid: 2, invalid: 0, create: 2, warned: 1 });
    expect(p.rows[0]).toMatchObject({ action: 'create', vin: wrongDigit, errors: [] });
    expect(p.rows[0]!.warnings).toEqual([`VIN ${wrongDigit}: check digit (9th character) should be ${good[8]}, so it may be mistyped`]);
    expect(p.rows[1]!.warnings).toEqual([]);
    const commit = await post('/api/admin/imports/csv/commit', { csv, mode: 'all-or-nothing', token: p.token });
    expect(commit.statusCode, commit.body).toBe(200);
    expect((await t.db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.vin, wrongDigit)))).toHaveLength(1);
  });

  it('maps dealer headers, validates every row and tells create from update', async () => {
    const existing = await t.createVehicle({ vin: vin(), stockNumber: 'C90001', location: 'Calgary', bodyType: 'SUV', make: 'Toyota', model: 'RAV4' });
    const [stored] = await t.db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, existing.id));
    const csv = dealerCsv([
      goodRow(),
      goodRow({ vin: stored!.vin, price: '29995' }),
      goodRow({ price: 'call us' }),
      goodRow({ vin: 'NOTAVIN' }),
    ]);
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as CsvPreview;
    expect(p.mapping).toMatchObject({ 'Stock #': 'stockNumber', 'Internet Price': 'price', Odometer: 'mileage', 'Body Style': 'bodyType', 'Ext Color': 'exteriorColor', Options: 'features' });
    expect(p.missingFields).toEqual([]);
    expect(p.counts).toEqual({ total: 4, valid: 2, invalid: 2, create: 1, update: 1, warned: 0 });
    expect(p.rows[0]).toMatchObject({ line: 2, action: 'create', title: '2020 Toyota RAV4 XLE', price: 31995, mileage: 54000 });
    expect(p.rows[1]).toMatchObject({ line: 3, action: 'update', vehicleId: existing.id, stockNumber: 'C90001', price: 29995 });
    expect(p.rows[2]!.errors.join()).toMatch(/price must be a number \(got "call us"\)/);
    expect(p.rows[3]!.errors.join()).toMatch(/17 characters/);
  });

  it('asks for a mapping of unknown headers and uses it', async () => {
    const csv = `Serial,Yr,Make,Model,Asking,Kms,Shape,Gearbox,Fuel,Paint,Store\n${vin()},2019,Honda,Civic,18500,82000,Sedan,CVT,Gasoline,Silver,Edmonton`;
    const first = (await preview(csv)).json() as CsvPreview;
    // "Serial" is not a header we know, so no column holds the VIN yet.
    expect(first).toBeDefined();
    const noVin = await preview(csv);
    expect(noVin.statusCode).toBe(400);
    expect(noVin.json().message).toMatch(/No column holds the VIN/);
    const mapped = await preview(csv, { Serial: 'vin', Asking: 'price', Shape: 'bodyType', Paint: 'exteriorColor' });
    const p = mapped.json() as CsvPreview;
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(p.counts).toMatchObject({ valid: 1, create: 1 });
    expect(p.unmappedHeaders).toEqual([]);
  });

  it('reports repeated VINs and stock numbers within the file', async () => {
    const v = vin();
    const p = (await preview(dealerCsv([goodRow({ vin: v, stock: 'X1' }), goodRow({ vin: v }), goodRow({ stock: 'X1' })]))).json() as CsvPreview;
    expect(p.rows[1]!.errors.join()).toMatch(/also on line 2/);
    expect(p.rows[2]!.errors.join()).toMatch(/Stock number X1 is also on line 2/);
  });
});

describe('CSV commit', () => {
  it('all or nothing: a bad row refuses the whole file and writes nothing', async () => {
    const csv = dealerCsv([goodRow(), goodRow({ km: 'lots' })]);
    const p = (await preview(csv)).json() as CsvPreview;
    const before = await vehicleCount();
    const res = await post('/api/admin/imports/csv/commit', { csv, mode: 'all-or-nothing', token: p.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/1 of 2 rows have errors, so nothing was imported.*line 3: mileage must be a number/);
    expect(await vehicleCount()).toBe(before);
  });

  it('valid rows only: imports the rest in one transaction, with progress, audit and price history', async () => {
    const good1 = vin();
    const csv = dealerCsv([goodRow({ vin: good1 }), goodRow({ km: 'lots' }), goodRow({ stock: 'C77777' })]);
    const p = (await preview(csv)).json() as CsvPreview;
    const before = await vehicleCount();
    // As a browser sends it: the progress stream must still come uncompressed, line by line.
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/imports/csv/commit',
      headers: { origin: t.config.publicUrl, cookie: admin.cookie, 'accept-encoding': 'gzip, deflate, br' },
      payload: { csv, mode: 'valid-only', token: p.token, fileName: 'lot.csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/ndjson/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const out = lines(res.body);
    expect(out[0]).toEqual({ type: 'progress', done: 0, total: 2 });
    const done = out.at(-1)!;
    expect(done).toMatchObject({ type: 'done', created: 2, updated: 0, skipped: 1 });
    expect(await vehicleCount()).toBe(before + 2);
    const [created] = await t.db.select().from(vehicles).where(eq(vehicles.vin, good1));
    expect(created).toMatchObject({ price: 31995, mileage: 54000, transmission: 'Automatic', fuelType: 'Gasoline', status: 'available', features: ['Heated Seats', 'AWD'] });
    // A blank stock number gets the store's next one (C… Calgary).
    expect(created!.stockNumber).toMatch(/^C\d+$/);
    expect(await t.db.select().from(priceHistory).where(eq(priceHistory.vehicleId, created!.id))).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import.commit')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.summary).toBe('Imported lot.csv: 2 created, 0 updated, 1 row with errors skipped');
    // Search sees the new vehicles at once (the inventory cache was dropped).
    const list = await t.app.inject({ method: 'GET', url: `/api/vehicles?search=${good1.slice(-6)}` });
    expect(list.statusCode).toBe(200);
  });

  it('updates a matched vehicle: price change recorded in its history', async () => {
    const { id } = await t.createVehicle({ vin: vin(), stockNumber: 'U90002', location: 'Calgary', bodyType: 'SUV', price: 33_000 });
    const [stored] = await t.db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, id));
    // Only VIN and price: blank fields keep their stored values.
    const csv = `VIN,Price\n${stored!.vin},30500`;
    const p = (await preview(csv)).json() as CsvPreview;
    expect(p.rows[0]).toMatchObject({ action: 'update', vehicleId: id });
    const res = await post('/api/admin/imports/csv/commit', { csv, mode: 'all-or-nothing', token: p.token });
    expect(lines(res.body).at(-1)).toMatchObject({ type: 'done', updated: 1 });
    const [after] = await t.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(after).toMatchObject({ price: 30_500, stockNumber: 'U90002', bodyType: 'SUV' });
    const history = await t.db.select().from(priceHistory).where(eq(priceHistory.vehicleId, id)).orderBy(desc(priceHistory.id));
    expect(history[0]).toMatchObject({ price: 30_500, previousPrice: 33_000 });
  });

  it('refuses a file or mapping other than the previewed one', async () => {
    const csv = dealerCsv([goodRow()]);
    const p = (await preview(csv)).json() as CsvPreview;
    const res = await post('/api/admin/imports/csv/commit', { csv: `${csv}\n`.replace('RAV4', 'Corolla'), mode: 'valid-only', token: p.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/preview it again/);
  });
});

describe('bad uploads get a clear 4xx and change nothing', () => {
  const cases: [string, string, number, RegExp][] = [
    ['a 0-byte file', '', 400, /file is empty/],
    ['a header without rows', 'VIN,Price\n', 400, /no vehicles/],
    ['malformed CSV (an unclosed quote)', 'VIN,Price\n"1FTFW1E53MFA00001,100\nabc,"d"e', 400, /not valid CSV/],
    ['a binary file named .csv', 'PK\u0003\u0004\u0000\u0000binary', 400, /not a CSV text file/],
    ['a single column', 'just one column\nvalue', 400, /single column/],
  ];
  for (const [name, csv, status, message] of cases) {
    it(name, async () => {
      const before = await vehicleCount();
      const res = await preview(csv);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      const commit = await post('/api/admin/imports/csv/commit', { csv, mode: 'valid-only', token: 'a'.repeat(64) });
      expect(commit.statusCode).toBe(status);
      expect(await vehicleCount()).toBe(before);
    });
  }
  it('wrong types in every row: nothing to import', async () => {
    const csv = dealerCsv([goodRow({ year: 'twenty', price: 'x' })]);
    const p = (await preview(csv)).json() as CsvPreview;
    expect(p.rows[0]!.errors).toEqual(expect.arrayContaining([expect.stringMatching(/year must be a number/), expect.stringMatching(/price must be a number/)]));
    const res = await post('/api/admin/imports/csv/commit', { csv, mode: 'valid-only', token: p.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/No row is valid/);
  });
  it('a file over the size limit', async () => {
    const res = await preview(`VIN,Price\n${'x'.repeat(5 * 1024 * 1024 + 10)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/larger than 5 MB/);
    const huge = await t.app.inject({
      method: 'POST', url: '/api/admin/imports/csv/preview',
      headers: { origin: t.config.publicUrl, cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ csv: '"'.repeat(6 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });
  it('a missing mode or token is a 400 naming the field', async () => {
    const res = await post('/api/admin/imports/csv/commit', { csv: 'a,b\n1,2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/mode|token/);
  });
});

describe('access', () => {
  it('401 for visitors and 403 for customers on every import route', async () => {
    for (const s of [null, customer]) {
      const expected = s ? 403 : 401;
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/imports/template.csv', headers: s ? { cookie: s.cookie } : {} })).statusCode).toBe(expected);
      expect((await post('/api/admin/imports/csv/preview', { csv: 'a,b\n1,2' }, s)).statusCode).toBe(expected);
      expect((await post('/api/admin/imports/csv/commit', { csv: 'a,b\n1,2', mode: 'valid-only', token: 'a'.repeat(64) }, s)).statusCode).toBe(expected);
      expect((await post('/api/admin/imports/decode', { vins: ['1FTFW1E53MFA00001'] }, s)).statusCode).toBe(expected);
      expect((await post('/api/admin/imports/publish', { source: 'fast-import', vehicles: [{}] }, s)).statusCode).toBe(expected);
    }
  });
});

describe('fast import and VIN import', () => {
  it('decodes a list: new, repeated, invalid and already in inventory', async () => {
    const { id } = await t.createVehicle({ vin: vin() });
    const [stored] = await t.db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, id));
    const res = await post('/api/admin/imports/decode', { vins: ['1ftfw1e53mfa00001', '1FTFW1E53MFA00001', 'SHORT', stored!.vin, '1FTFW1E50MFA00001'] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows[0]).toMatchObject({ vin: '1FTFW1E53MFA00001', state: 'new', decoded: { make: 'Ford', model: 'F-150', year: 2021, bodyStyle: 'Truck' } });
    expect(rows[1]).toMatchObject({ state: 'duplicate', message: 'Repeats entry 1 of the list' });
    expect(rows[2]).toMatchObject({ state: 'invalid', message: 'VIN must have exactly 17 characters' });
    expect(rows[3]).toMatchObject({ state: 'in-inventory', vehicleId: id });
    // A wrong check digit still decodes, with the warning shown.
    expect(rows[4]).toMatchObject({ state: 'new', decoded: { checkDigitValid: false } });
  });

  const complete = (v: string, over: Record<string, unknown> = {}) => ({
    vin: v, year: 2021, make: 'Ford', model: 'F-150', price: 41_995, mileage: 48_000, bodyType: 'Truck', transmission: 'Automatic',
    fuelType: 'Gasoline', exteriorColor: 'Oxford White', location: 'Edmonton', ...over,
  });

  it('publishes complete rows in one go, and refuses the lot when one is incomplete', async () => {
    const a = withCheckDigit('1FTFW1E50MFB00001');
    const b = withCheckDigit('1FTFW1E50MFB00002');
    const before = await vehicleCount();
    const bad = await post('/api/admin/imports/publish', { source: 'fast-import', vehicles: [complete(a), complete(b, { exteriorColor: '' })] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/1 of 2 vehicles are incomplete.*row 2: exteriorColor is required/);
    expect(await vehicleCount()).toBe(before);
    const ok = await post('/api/admin/imports/publish', { source: 'fast-import', vehicles: [complete(a), complete(b)] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ created: 2 });
    const again = await post('/api/admin/imports/publish', { source: 'fast-import', vehicles: [complete(a)] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Already in inventory/);
  });

  it('VIN import saves vehicles as pending: in the back office, not in search', async () => {
    const v = withCheckDigit('1FTFW1E50MFB00003');
    const res = await post('/api/admin/imports/publish', { source: 'vin-import', vehicles: [complete(v, { status: 'pending' })] });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.vin, v));
    expect(row!.status).toBe('pending');
    const listed = await post('/api/admin/imports/publish', { source: 'vin-import', vehicles: [complete(withCheckDigit('1FTFW1E50MFB00004'))] });
    expect(listed.statusCode).toBe(400);
  });
});

// Issue 30: on the embedded database an import's work runs on the server's own thread. Between batches it lets the
// event loop run (other requests, the progress lines already written). Checked by state, not time: a task queued
// on the event loop at one progress report has run by the next one.
describe('a large import yields to the event loop between batches', () => {
  it('runs what was queued at each progress report before the next batch', async () => {
    const csv = dealerCsv(Array.from({ length: 350 }, () => goodRow()));
    const plan = await planCsvImport(t.db, csv);
    const good = rowsToCommit(plan, previewToken(csv, plan.mapping), 'all-or-nothing');
    const reports: number[] = [];
    const ranBefore: boolean[] = [];
    let queuedRan = true;
    await commitCsvImport({ db: t.db, actor: { id: null, name: 'test' }, vehicles: t.app.vehicleCommands }, plan, good, 'yield.csv', 'all-or-nothing', (done) => {
      ranBefore.push(queuedRan);
      reports.push(done);
      queuedRan = false;
      setImmediate(() => { queuedRan = true; });
    });
    expect(reports).toEqual([100, 200, 300, 350]);
    expect(ranBefore).toEqual([true, true, true, true]);
  });
});
