import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';

import { appointments } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { BOOKINGS_PER_IP } from './routes';
import { albertaDate } from '@domain/alberta-time';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const today = () => albertaDate();
const daysFromToday = (n: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const valid = () => ({
  customerName: 'Priya Sharma',
  customerPhone: '(780) 555-0199',
  customerEmail: 'priya@example.ca',
  appointmentType: 'test_drive',
  preferredDate: daysFromToday(2),
  preferredTime: '10:00 AM',
  message: 'Can I bring my own mechanic?',
  vehicleId: null,
  vehicleInfo: 'General Consultation',
});

// Every test gets its own address, so the per-IP limit of one test never spills into another.
let ipCounter = 0;
const book = (payload: unknown, extra: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/book-appointment',
    payload: payload as Record<string, unknown>,
    remoteAddress: extra.ip ?? `10.0.0.${++ipCounter}`,
    ...(extra.headers ? { headers: extra.headers } : {}),
  });

describe('POST /api/book-appointment', () => {
  it('stores a general consultation and answers 201 with it', async () => {
    const res = await book(valid());
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json();
    expect(appointment).toMatchObject({
      customerName: 'Priya Sharma', customerPhone: '(780) 555-0199', customerEmail: 'priya@example.ca',
      appointmentType: 'test_drive', preferredTime: '10:00 AM', vehicleId: null, vehicleInfo: 'General Consultation', status: 'requested',
    });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ customerName: 'Priya Sharma', preferredDate: valid().preferredDate, userId: null });
  });

  it('accepts today, no e-mail and no message; defaults vehicleInfo', async () => {
    // A fixed clock (only Date is faked): Tuesday 12 January 2027, 8:00 AM in Edmonton, so 10 AM today is ahead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-12T15:00:00Z'));
    try {
      const { customerEmail: _e, message: _m, vehicleInfo: _v, ...rest } = valid();
      const res = await book({ ...rest, preferredDate: '2027-01-12', customerEmail: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json().appointment).toMatchObject({ customerEmail: null, message: '', vehicleInfo: 'General Consultation' });
    } finally {
      vi.useRealTimers();
    }
  });

  describe('issue 21: refuses a slot the store cannot keep, saying why', () => {
    // Friday 8 January 2027, 5:09 PM in Alberta (UTC-6 all year since 2026): the clock the server's contract reads.
    beforeAll(() => { vi.useFakeTimers({ toFake: ['Date'] }); vi.setSystemTime(new Date('2027-01-08T23:09:00Z')); });
    afterAll(() => { vi.useRealTimers(); });

    it('a slot earlier today: 400, it has passed', async () => {
      const res = await book({ ...valid(), preferredDate: '2027-01-08', preferredTime: '9:00 AM' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.preferredTime).toBe('That time has already passed. Please choose a later time.');
      expect(res.json().message).toMatch(/already passed/);
    });

    it('Sunday at 9 AM, before the store opens: 400, with the day\'s hours', async () => {
      const res = await book({ ...valid(), preferredDate: '2027-01-10', preferredTime: '9:00 AM' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.preferredTime).toBe('Our Edmonton store is open 10:00 AM to 5:00 PM on Sundays. Please choose a time when we are open.');
    });

    it('the same Sunday at 10 AM, and the same evening at 5 PM tomorrow, are accepted', async () => {
      expect((await book({ ...valid(), preferredDate: '2027-01-10', preferredTime: '10:00 AM' })).statusCode).toBe(201);
      expect((await book({ ...valid(), preferredDate: '2027-01-09', preferredTime: '5:00 PM', location: 'Calgary' })).statusCode).toBe(201);
    });
  });

  it('links the vehicle, names it for staff, and records the signed-in user', async () => {
    const user = await t.createUser();
    const session = await loginAs(t.app, user);
    const { id } = await t.createVehicle({ year: 2022, make: 'Toyota', model: 'RAV4', trim: 'XLE', stockNumber: 'E2201' });
    const res = await book({ ...valid(), vehicleId: id }, { headers: session.bearer });
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json();
    expect(appointment.vehicleId).toBe(id);
    expect(appointment.vehicleInfo).toBe('2022 Toyota RAV4 XLE (Stock # E2201)');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.userId).toBe(user.id);
  });

  it('keeps the vehicle label the client sent', async () => {
    const { id } = await t.createVehicle();
    const res = await book({ ...valid(), vehicleId: id, vehicleInfo: '2021 Ford F-150 XLT' });
    expect(res.json().appointment.vehicleInfo).toBe('2021 Ford F-150 XLT');
  });

  it('answers 404 for an unknown vehicle and 409 for a sold one', async () => {
    expect((await book({ ...valid(), vehicleId: 999_999 })).statusCode).toBe(404);
    const { id } = await t.createVehicle({ status: 'sold', soldAt: new Date() });
    const res = await book({ ...valid(), vehicleId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/sold/);
  });

  it('hides a pending private listing from others (404)', async () => {
    const owner = await t.createUser();
    const { id } = await t.createVehicle({ status: 'pending', sellerType: 'private seller', ownerId: owner.id });
    expect((await book({ ...valid(), vehicleId: id })).statusCode).toBe(404);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a past date', { preferredDate: daysFromToday(-1) }, 'preferredDate'],
    ['a date that does not exist', { preferredDate: '2031-02-30' }, 'preferredDate'],
    ['a date in another format', { preferredDate: '05/06/2031' }, 'preferredDate'],
    ['a slot off the hour', { preferredTime: '9:30 AM' }, 'preferredTime'],
    ['a slot after 5 PM', { preferredTime: '6:00 PM' }, 'preferredTime'],
    ['an unknown appointment type', { appointmentType: 'oil_change' }, 'appointmentType'],
    ['a missing name', { customerName: undefined }, 'customerName'],
    ['a blank name', { customerName: '   ' }, 'customerName'],
    ['a missing phone', { customerPhone: undefined }, 'customerPhone'],
    ['a phone with too few digits', { customerPhone: '555-0199' }, 'customerPhone'],
    ['a phone with letters', { customerPhone: '780-555-CARS' }, 'customerPhone'],
    ['a malformed e-mail', { customerEmail: 'priya@' }, 'customerEmail'],
    ['a number as the name', { customerName: 42 }, 'customerName'],
    ['a string vehicle id', { vehicleId: '12' }, 'vehicleId'],
    ['a negative vehicle id', { vehicleId: -3 }, 'vehicleId'],
    ['a missing type', { appointmentType: undefined }, 'appointmentType'],
    ['a missing date', { preferredDate: undefined }, 'preferredDate'],
    ['a missing time', { preferredTime: undefined }, 'preferredTime'],
  ];
  it.each(cases)('answers 400 for %s', async (_name, patch, field) => {
    const payload: Record<string, unknown> = { ...valid(), ...patch };
    for (const k of Object.keys(patch)) if (patch[k] === undefined) delete payload[k];
    const res = await book(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/book-appointment', payload: '[]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });

  it(`limits an address to ${BOOKINGS_PER_IP.max} bookings per window: 429 with Retry-After`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < BOOKINGS_PER_IP.max; i++) expect((await book(valid(), { ip })).statusCode).toBe(201);
    const res = await book(valid(), { ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Too many booking requests/);
    // Another address is not affected.
    expect((await book(valid(), { ip: '10.9.9.10' })).statusCode).toBe(201);
  });
});
