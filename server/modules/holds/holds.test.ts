// Vehicle holds (issue 19): the request (a `hold` lead, validated, refused with the reason when the vehicle cannot be
// held), the confirmation from the leads inbox (one transaction: vehicle on hold, lead contacted, both audited), the
// held vehicle in the public listing, facets and page, the release and the expiry (an injected clock, no waiting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';

import { HOLD_MS, HOLD_NO_PAYMENT_TEXT, HOLD_REFUSALS } from '@domain/holds';
import { auditLog, leads, vehicleHolds, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { JOBS } from '../jobs/scheduler';
import { confirmHold, expireHolds, HOLD_JOB_ACTOR } from './service';
import { albertaDate } from '@domain/alberta-time';

let t: TestContext;
let admin: Session;
let customer: Session;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'holdadmin' }));
  customer = await loginAs(t.app, await t.createUser());
});
afterAll(() => t.close());

const shopper = { name: 'Dana Whitehorse', phone: '(780) 555-0123', email: 'dana@example.ca' };

/** Each request from an address of its own: the per-address lead limit is tested elsewhere (leads.test.ts). */
const ask = (vehicleId: number | string, payload: unknown) => t.app.inject({
  method: 'POST', url: `/api/vehicles/${vehicleId}/hold-requests`, payload: payload as object, remoteAddress: `10.9.0.${++address}`,
});
const post = (url: string, s: Session | null = admin) => t.app.inject({ method: 'POST', url, ...(s ? { headers: s.bearer } : {}) });
const vehicleRow = async (id: number) => (await t.db.select().from(vehicles).where(eq(vehicles.id, id)))[0]!;

async function requested(overrides: Parameters<TestContext['createVehicle']>[0] = {}) {
  const { id } = await t.createVehicle(overrides);
  const res = await ask(id, shopper);
  expect(res.statusCode, res.body).toBe(201);
  return { vehicleId: id, leadId: res.json().id as number };
}

describe('POST /api/vehicles/:id/hold-requests', () => {
  it('stores a hold lead with the shopper, the vehicle and the consent as chosen, and says no payment is taken', async () => {
    const { id } = await t.createVehicle({ make: 'Subaru', model: 'Outback', stockNumber: 'H1001' });
    const res = await ask(id, { ...shopper, marketingConsent: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain(HOLD_NO_PAYMENT_TEXT);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, res.json().id));
    expect(lead).toMatchObject({ source: 'vehicle_hold', leadType: 'hold', name: shopper.name, phone: shopper.phone, email: shopper.email, vehicleId: id, status: 'new' });
    expect(lead!.vehicleInfo).toContain('Subaru Outback');
    expect(lead!.additionalData).toMatchObject({ marketingConsent: true, marketingConsentText: expect.stringContaining('unsubscribe') });
    expect(typeof lead!.additionalData.marketingConsentAt).toBe('string');
    // Nothing is held until staff confirm.
    expect(await vehicleRow(id)).toMatchObject({ status: 'available', heldUntil: null });

    const without = await ask(id, shopper);
    const [other] = await t.db.select().from(leads).where(eq(leads.id, without.json().id));
    expect(other!.additionalData).toEqual({ marketingConsent: false });
  });

  it('400 for missing or malformed fields, naming them', async () => {
    const { id } = await t.createVehicle();
    const cases: [unknown, string][] = [
      [{ phone: shopper.phone, email: shopper.email }, 'name'],
      [{ ...shopper, phone: '12' }, 'phone'],
      [{ ...shopper, email: 'not-an-address' }, 'email'],
      [{ ...shopper, marketingConsent: 'yes' }, 'marketingConsent'],
    ];
    for (const [payload, field] of cases) {
      const res = await ask(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(field);
    }
    expect((await ask('abc', shopper)).statusCode).toBe(400);
  });

  it('404 for an unknown vehicle or a private listing still in review', async () => {
    expect((await ask(999_999, shopper)).statusCode).toBe(404);
    const { id } = await t.createVehicle({ status: 'pending', sellerType: 'private seller' });
    expect((await ask(id, shopper)).statusCode).toBe(404);
  });

  it('409 for a sold vehicle and for a private seller\'s listing, with the reason', async () => {
    const sold = await t.createVehicle({ status: 'sold' });
    const res = await ask(sold.id, shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HOLD_REFUSALS.sold);
    // The dealership cannot hold what it does not own: a private seller decides for their own vehicle.
    const privateListing = await t.createVehicle({ sellerType: 'private seller' });
    const refused = await ask(privateListing.id, shopper);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HOLD_REFUSALS.privateSeller);
  });
});

describe('confirming from the leads inbox', () => {
  it('admin only: 401 for a visitor, 403 for a customer', async () => {
    for (const url of ['/api/admin/leads/1/hold/confirm', '/api/admin/leads/1/hold/release', '/api/admin/vehicles/1/release-hold']) {
      expect((await post(url, null)).statusCode).toBe(401);
      expect((await post(url, customer)).statusCode).toBe(403);
    }
  });

  it('puts the vehicle on hold for 48 hours in one transaction: vehicle pending and held, lead contacted, both audited', async () => {
    const { vehicleId, leadId } = await requested({ make: 'Honda', model: 'Pilot' });
    const before = Date.now();
    const res = await post(`/api/admin/leads/${leadId}/hold/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    const { hold } = res.json();
    expect(hold.state).toBe('active');
    const until = new Date(hold.heldUntil).getTime();
    expect(until - new Date(hold.confirmedAt).getTime()).toBe(HOLD_MS);
    expect(until).toBeGreaterThanOrEqual(before + HOLD_MS);

    expect(await vehicleRow(vehicleId)).toMatchObject({ status: 'pending', heldUntil: new Date(hold.heldUntil) });
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.status).toBe('contacted');
    expect(lead!.firstResponseAt).not.toBeNull();
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'vehicle.hold'), eq(auditLog.entityId, String(vehicleId))));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorName).toBe('holdadmin');
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.hold_confirm'), eq(auditLog.entityId, String(leadId))))).toHaveLength(1);

    // The inbox shows where the hold stands.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/leads/${leadId}`, headers: admin.bearer });
    expect(detail.json().hold).toMatchObject({ state: 'active', heldUntil: hold.heldUntil });
  });

  it('the held vehicle stays in the public listing, its facets and its page, marked with its held-until time', async () => {
    const { vehicleId, leadId } = await requested({ make: 'Polestar', model: 'Two', stockNumber: 'HOLD42' });
    await post(`/api/admin/leads/${leadId}/hold/confirm`);
    const { heldUntil } = await vehicleRow(vehicleId);
    const page = await t.app.inject({ method: 'GET', url: '/api/vehicles?make=Polestar&format=paginated' });
    expect(page.json().vehicles.map((v: { id: number }) => v.id)).toEqual([vehicleId]);
    expect(page.json().vehicles[0]).toMatchObject({ status: 'pending', heldUntil: heldUntil!.toISOString(), isSold: false });
    const facets = await t.app.inject({ method: 'GET', url: '/api/vehicles/facets?make=Polestar' });
    expect(facets.json().makes).toContainEqual({ value: 'Polestar', count: 1 });
    const detail = await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().heldUntil).toBe(heldUntil!.toISOString());
    // A visitor may still ask for similar vehicles and book a test drive of it (the date relative to the dealership's today).
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}/similar` })).statusCode).toBe(200);
    const day = new Date(`${albertaDate()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 2);
    const booking = await t.app.inject({
      method: 'POST', url: '/api/book-appointment', remoteAddress: '10.9.2.1',
      payload: {
        customerName: shopper.name, customerPhone: shopper.phone, customerEmail: shopper.email, appointmentType: 'test_drive',
        preferredDate: day.toISOString().slice(0, 10), preferredTime: '11:00 AM', message: '', vehicleId, vehicleInfo: 'General Consultation',
      },
    });
    expect(booking.statusCode, booking.body).toBe(201);
  });

  it('cannot be held twice: a second request and a second confirmation are 409s that say why', async () => {
    const { vehicleId, leadId } = await requested();
    const second = await ask(vehicleId, { ...shopper, name: 'Second Shopper' });
    expect(second.statusCode).toBe(201); // asked before the first was confirmed: staff see both
    expect((await post(`/api/admin/leads/${leadId}/hold/confirm`)).statusCode).toBe(200);

    const again = await post(`/api/admin/leads/${leadId}/hold/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HOLD_REFUSALS.alreadyConfirmed);
    const other = await post(`/api/admin/leads/${second.json().id}/hold/confirm`);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(HOLD_REFUSALS.held);
    const third = await ask(vehicleId, shopper);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(HOLD_REFUSALS.held);
    // The refusal changed nothing.
    expect(await t.db.select().from(vehicleHolds).where(eq(vehicleHolds.vehicleId, vehicleId))).toHaveLength(1);
  });

  it('409 for a lead that is not a hold request, a vehicle sold or deleted meanwhile; 404 for an unknown lead, 400 for a bad id', async () => {
    const contact = await t.app.inject({ method: 'POST', url: '/api/leads', remoteAddress: '10.9.1.1', payload: { source: 'contact', leadType: 'contact', email: 'x@example.ca', message: 'hi' } });
    const notHold = await post(`/api/admin/leads/${contact.json().id}/hold/confirm`);
    expect(notHold.statusCode).toBe(409);
    expect(notHold.json().message).toBe(HOLD_REFUSALS.notAHold);

    const sold = await requested();
    expect((await post(`/api/vehicles/${sold.vehicleId}/mark-sold`)).statusCode).toBe(200);
    const soldRes = await post(`/api/admin/leads/${sold.leadId}/hold/confirm`);
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json().message).toBe(HOLD_REFUSALS.sold);

    const gone = await requested();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${gone.vehicleId}`, headers: admin.bearer })).statusCode).toBe(200);
    const goneRes = await post(`/api/admin/leads/${gone.leadId}/hold/confirm`);
    expect(goneRes.statusCode).toBe(409);
    expect(goneRes.json().message).toBe(HOLD_REFUSALS.noVehicle);

    expect((await post('/api/admin/leads/999999/hold/confirm')).statusCode).toBe(404);
    expect((await post('/api/admin/leads/abc/hold/confirm')).statusCode).toBe(400);
  });
});

describe('ending a hold', () => {
  it('staff release it from the inbox: available again, audited; releasing twice is a 409', async () => {
    const { vehicleId, leadId } = await requested();
    await post(`/api/admin/leads/${leadId}/hold/confirm`);
    const res = await post(`/api/admin/leads/${leadId}/hold/release`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hold.state).toBe('released');
    expect(await vehicleRow(vehicleId)).toMatchObject({ status: 'available', heldUntil: null });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'vehicle.hold_released'), eq(auditLog.entityId, String(vehicleId))))).toHaveLength(1);
    const twice = await post(`/api/admin/leads/${leadId}/hold/release`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(HOLD_REFUSALS.ended);
    // A released request cannot be confirmed again: the shopper asks anew.
    const reconfirm = await post(`/api/admin/leads/${leadId}/hold/confirm`);
    expect(reconfirm.statusCode).toBe(409);
    expect(reconfirm.json().message).toBe(HOLD_REFUSALS.ended);
  });

  it('releasing before confirming is a 409; a vehicle\'s release from the back office: 404 unknown, 409 not held, 200 held', async () => {
    const { vehicleId, leadId } = await requested();
    expect((await post(`/api/admin/leads/${leadId}/hold/release`)).statusCode).toBe(409);
    expect((await post('/api/admin/vehicles/999999/release-hold')).statusCode).toBe(404);
    const notHeld = await post(`/api/admin/vehicles/${vehicleId}/release-hold`);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().message).toBe(HOLD_REFUSALS.notHeld);
    await post(`/api/admin/leads/${leadId}/hold/confirm`);
    expect((await post(`/api/admin/vehicles/${vehicleId}/release-hold`)).statusCode).toBe(200);
    expect(await vehicleRow(vehicleId)).toMatchObject({ status: 'available', heldUntil: null });
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/leads/${leadId}`, headers: admin.bearer });
    expect(detail.json().hold.state).toBe('released');
  });

  it('a held vehicle sold from the card ends its hold', async () => {
    const { vehicleId, leadId } = await requested();
    await post(`/api/admin/leads/${leadId}/hold/confirm`);
    expect((await post(`/api/vehicles/${vehicleId}/mark-sold`)).statusCode).toBe(200);
    expect(await vehicleRow(vehicleId)).toMatchObject({ status: 'sold', heldUntil: null });
    const [hold] = await t.db.select().from(vehicleHolds).where(eq(vehicleHolds.leadId, leadId));
    expect(hold!.endReason).toBe('sold');
    const page = await t.app.inject({ method: 'GET', url: `/api/vehicles?format=paginated&limit=100` });
    expect(page.json().vehicles.map((v: { id: number }) => v.id)).not.toContain(vehicleId);
  });

  it('expires by itself 48 hours after the confirmation (the job, with an injected clock)', async () => {
    const { vehicleId, leadId } = await requested({ make: 'Genesis', model: 'GV70' });
    // Long before any other hold of this file (confirmed at the real time): only this one is due at these times.
    const confirmedAt = new Date('2001-03-01T17:00:00Z');
    const hold = await confirmHold(t.app, { id: null, name: 'holdadmin' }, leadId, confirmedAt);
    expect(hold.heldUntil).toBe('2001-03-03T17:00:00.000Z');

    // A minute early: nothing happens.
    expect(await expireHolds(t.app, new Date('2001-03-03T16:59:00Z'))).toBe(0);
    expect((await vehicleRow(vehicleId)).status).toBe('pending');
    // On time: available again, audited as the job, and the inbox says it expired.
    expect(await expireHolds(t.app, new Date('2001-03-03T17:00:00Z'))).toBe(1);
    expect(await vehicleRow(vehicleId)).toMatchObject({ status: 'available', heldUntil: null });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'vehicle.hold_expired'), eq(auditLog.entityId, String(vehicleId))));
    expect(entry!.actorName).toBe(HOLD_JOB_ACTOR.name);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/leads/${leadId}`, headers: admin.bearer });
    expect(detail.json().hold).toMatchObject({ state: 'expired', endedAt: '2001-03-03T17:00:00.000Z' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/vehicles?make=Genesis&format=paginated' });
    expect(listed.json().vehicles[0]).toMatchObject({ id: vehicleId, status: 'available', heldUntil: null });
    // Running again changes nothing.
    expect(await expireHolds(t.app, new Date('2001-03-04T00:00:00Z'))).toBe(0);
  });

  it('the hold-expiry job is scheduled', () => {
    expect(JOBS.map((j) => j.name)).toContain('vehicle-hold-expiry');
  });
});
