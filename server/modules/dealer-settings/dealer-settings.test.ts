// Dealer settings through the API: the closed days that booking and the assistant follow (issue 33 §6), and AMVIC's
// used-sale disclosures on the vehicle, the dashboard and the feeds (issue 34 §5).
import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, albertaDate, albertaInstant } from '@domain/alberta-time';
import { AMVIC_DISCLOSURE_KEYS, type AmvicDisclosures } from '@domain/amvic-disclosures';
import type { Dashboard } from '@domain/admin';
import { DEFAULT_CLOSED_HOLIDAYS, type ClosedDaysResponse, type DealerSettingsResponse } from '@domain/dealer-settings';
import { FEED_PATHS, type FeedStatus } from '@domain/feeds';
import type { VehicleDetail } from '@domain/vehicle';
import type { AdminVehicle } from '@domain/vehicle-input';
import { withCheckDigit } from '@domain/vin';
import { appointments, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';

let t: TestContext;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.ca' } });
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
});
afterAll(async () => { await t.close(); });

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, who: Session | null = admin) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: who ? who.bearer : {} });

const putSettings = (body: Record<string, unknown>) => inject('PUT', '/api/admin/dealer-settings', {
  closedHolidays: [...DEFAULT_CLOSED_HOLIDAYS], closedDates: [], feedsRequireDisclosures: false, ...body,
});

let vinSerial = 0;
const input = (over: Record<string, unknown> = {}) => ({
  vin: withCheckDigit(`1HGCV1F3XPA${String(++vinSerial).padStart(6, '0')}`), year: 2021, make: 'Honda', model: 'Accord', trim: 'EX', price: 27_900,
  mileage: 48_000, bodyType: 'Sedan', transmission: 'Automatic', drivetrain: 'FWD', fuelType: 'Gasoline', exteriorColor: 'Blue',
  interiorColor: 'Black', doors: 4, seats: 5, location: 'Edmonton', description: 'A sedan.', features: [], ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await inject('POST', '/api/admin/vehicles', input(over));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { vehicle: AdminVehicle }).vehicle;
};
/** Every item answered: mostly "no", one "unknown", one "yes". */
const allAnswered = (): AmvicDisclosures => ({
  ...Object.fromEntries(AMVIC_DISCLOSURE_KEYS.map((k) => [k, 'no'])), outOfProvince: 'yes', rental: 'unknown',
});

describe('AMVIC disclosures on the vehicle (issue 34 §5)', () => {
  beforeEach(async () => { await putSettings({}); });

  it('stores yes, no and unknown per item, keeps unanswered apart from unknown, and shows them on the vehicle page', async () => {
    const v = await create({ amvicDisclosures: { police: 'no', flood: 'yes', rental: 'unknown' } });
    expect(v.amvicDisclosures).toEqual({ police: 'no', rental: 'unknown', flood: 'yes' });
    const page = (await inject('GET', `/api/vehicles/${v.id}`, undefined, null)).json() as VehicleDetail;
    expect(page.amvicDisclosures).toEqual({ police: 'no', rental: 'unknown', flood: 'yes' });
    expect(page.amvicDisclosures.taxi).toBeUndefined();
    // PATCH answers the rest; an edit that leaves the field out keeps the answers.
    const patched = await inject('PATCH', `/api/admin/vehicles/${v.id}`, { amvicDisclosures: allAnswered() });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(Object.keys((patched.json() as { vehicle: AdminVehicle }).vehicle.amvicDisclosures)).toHaveLength(AMVIC_DISCLOSURE_KEYS.length);
    await inject('PATCH', `/api/admin/vehicles/${v.id}`, { price: 26_900 });
    expect(((await inject('GET', `/api/admin/vehicles/${v.id}`)).json() as AdminVehicle).amvicDisclosures).toEqual(allAnswered());
  });

  it('a vehicle added without them, by the form or an import, has every item unanswered', async () => {
    const v = await create();
    expect(v.amvicDisclosures).toEqual({});
    const csv = `VIN,Year,Make,Model,Price,Mileage,Body Type,Transmission,Fuel Type,Exterior Color,Location\n${withCheckDigit('1HGCV1F3XPA900001')},2020,Honda,Civic,19900,60000,Sedan,Automatic,Gasoline,Red,Calgary`;
    const preview = await inject('POST', '/api/admin/imports/csv/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const commit = await inject('POST', '/api/admin/imports/csv/commit', { csv, mode: 'all-or-nothing', token: preview.json().token });
    expect(commit.statusCode, commit.body).toBe(200);
    const [row] = await t.db.select({ d: vehicles.amvicDisclosures }).from(vehicles).where(eq(vehicles.vin, withCheckDigit('1HGCV1F3XPA900001')));
    expect(row!.d).toEqual({});
  });

  it('refuses an answer other than yes, no or unknown, and an item not on the list, naming the field', async () => {
    const bad = await inject('POST', '/api/admin/vehicles', input({ amvicDisclosures: { flood: 'maybe' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/amvicDisclosures\.flood must be yes, no or unknown/);
    const unknownKey = await inject('POST', '/api/admin/vehicles', input({ amvicDisclosures: { lemon: 'no' } }));
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().message).toMatch(/amvicDisclosures has unknown items: lemon/);
  });

  it('the dashboard flags used dealer vehicles in stock with incomplete disclosures, not new or complete ones', async () => {
    const before = ((await inject('GET', '/api/admin/dashboard')).json() as Dashboard).disclosuresIncomplete.count;
    const open = await create({ amvicDisclosures: { police: 'no' } });
    await create({ amvicDisclosures: allAnswered() });
    await create({ condition: 'new', mileage: 20 });
    const res = await inject('GET', '/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const flag = (res.json() as Dashboard).disclosuresIncomplete;
    expect(flag.count).toBe(before + 1);
    await inject('PATCH', `/api/admin/vehicles/${open.id}`, { amvicDisclosures: allAnswered() });
    expect(((await inject('GET', '/api/admin/dashboard')).json() as Dashboard).disclosuresIncomplete.count).toBe(before);
  });

  it('keeps used vehicles with unanswered disclosures out of the Google feed and the inventory CSV only when the dealer turns the rule on', async () => {
    const open = await create({ amvicDisclosures: { police: 'no' } });
    const done = await create({ amvicDisclosures: allAnswered() });
    const fresh = await create({ condition: 'new', mileage: 15 });
    // The CSV's cells, and why Google's feed leaves each vehicle out (these have no photos, which Google needs too).
    const feeds = async () => {
      const csv = parseCsv((await inject('GET', FEED_PATHS.inventoryCsv, undefined, null)).body, { columns: true }) as Record<string, string>[];
      const status = (await inject('GET', '/api/admin/feeds')).json() as FeedStatus;
      const xml = (await inject('GET', FEED_PATHS.google, undefined, null)).body;
      const amvicOut = (id: number) => /AMVIC/.test(status.google.excluded.find((e) => e.id === id)?.reasons.join() ?? '');
      return { csv: csv.map((r) => Object.values(r)).flat(), amvicOut, rows: status.inventoryCsv.rowCount, csvRows: csv.length, xml };
    };
    // Off by default: every vehicle is in the CSV, and none is kept out of Google's feed for its disclosures.
    let f = await feeds();
    expect(f.rows).toBe(f.csvRows);
    for (const v of [open, done, fresh]) {
      expect(f.csv).toContain(v.stockNumber);
      expect(f.amvicOut(v.id)).toBe(false);
    }
    const on = await putSettings({ feedsRequireDisclosures: true });
    expect(on.statusCode, on.body).toBe(200);
    f = await feeds();
    expect(f.csv).not.toContain(open.stockNumber);
    // The back office's count is the file's.
    expect(f.rows).toBe(f.csvRows);
    expect(f.amvicOut(open.id)).toBe(true);
    expect(f.xml).not.toContain(open.vin);
    for (const v of [done, fresh]) {
      expect(f.csv).toContain(v.stockNumber);
      expect(f.amvicOut(v.id)).toBe(false);
    }
    const status = (await inject('GET', '/api/admin/feeds')).json() as FeedStatus;
    expect(status.google.excluded.find((e) => e.id === open.id)?.reasons).toEqual([
      'AMVIC disclosures not answered (14): the dealer settings keep such used vehicles out of the feeds',
    ]);
    await putSettings({ feedsRequireDisclosures: false });
    expect((await feeds()).csv).toContain(open.stockNumber);
  });
});

describe('closed days (issue 33 §6)', () => {
  beforeEach(async () => {
    await putSettings({});
    await t.db.delete(appointments);
  });

  const today = () => albertaDate();
  /** The next 25 December after today (Alberta). */
  const nextChristmas = () => {
    const y = Number(today().slice(0, 4));
    const thisYear = `${y}-12-25`;
    return thisYear > today() ? thisYear : `${y + 1}-12-25`;
  };
  let ip = 0;
  const book = (preferredDate: string) => t.app.inject({
    method: 'POST', url: '/api/book-appointment', remoteAddress: `10.9.0.${++ip}`,
    payload: { customerName: 'Priya Sharma', customerPhone: '(780) 555-0199', appointmentType: 'consultation', preferredDate, preferredTime: '11:00 AM' },
  });

  it('lists the default closed holidays, Christmas and New Year\'s Day among them, for the booking form', async () => {
    const res = await inject('GET', '/api/closed-days', undefined, null);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ClosedDaysResponse;
    expect(body.closedHolidays).toEqual(expect.arrayContaining(['christmasDay', 'newYearsDay']));
    expect(body.upcoming).toContainEqual({ date: nextChristmas(), reason: 'Christmas Day' });
  });

  it('refuses a booking on 25 December, and takes it once the dealer opens that day', async () => {
    const refused = await book(nextChristmas());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.preferredTime).toBe('Our Edmonton store is closed on Christmas Day. Please choose another day.');
    expect(await t.db.select().from(appointments)).toHaveLength(0);
    await putSettings({ closedHolidays: DEFAULT_CLOSED_HOLIDAYS.filter((h) => h !== 'christmasDay') });
    expect((await book(nextChristmas())).statusCode).toBe(201);
  });

  it('an extra closed date set in the back office closes booking that day', async () => {
    const day = addDays(today(), 3);
    expect((await book(day)).statusCode).toBe(201);
    const saved = await putSettings({ closedDates: [day] });
    expect((saved.json() as DealerSettingsResponse).closedDates).toEqual([day]);
    const refused = await book(day);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.preferredTime).toMatch(/closed on a day the stores are closed/);
  });

  it('refuses malformed settings, naming the field, and only an admin may change them', async () => {
    const bad = await putSettings({ closedDates: ['25 December'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/closedDates: each is MM-DD/);
    const badHoliday = await putSettings({ closedHolidays: ['festivus'] });
    expect(badHoliday.statusCode).toBe(400);
    expect(badHoliday.json().message).toMatch(/closedHolidays may list only/);
    const customer = await loginAs(t.app, await t.createUser());
    expect((await inject('PUT', '/api/admin/dealer-settings', { closedHolidays: [], closedDates: [], feedsRequireDisclosures: false }, customer)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/dealer-settings', undefined, null)).statusCode).toBe(401);
  });

  it('the assistant says the stores are closed on Christmas Day, and open once the dealer says so', async () => {
    const christmasEve = albertaInstant('2026-12-24', 14 * 60);
    const ask = () => t.app.services.assistant.answer({ question: 'Are you open tomorrow?', conversationHistory: [] }, fetch, christmasEve);
    expect((await ask()).message).toMatch(/both stores are closed tomorrow, Friday \(Friday, December 25\): Christmas Day/);
    await putSettings({ closedHolidays: [] });
    expect((await ask()).message).toMatch(/^Yes, we're open tomorrow, Friday/);
  });
});
