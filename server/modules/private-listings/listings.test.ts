import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withCheckDigit } from '@domain/vin';
import { auditLog, notifications, outboxMessages, privateListings, vehiclePhotos, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext, type TestUser } from '../../test/helpers';
import { decodeSlots } from '../media/pipeline';
import { BUYER_MESSAGES_PER_IP, LISTINGS_PER_USER } from './routes';

let t: TestContext;
let seller: TestUser;
let sellerS: Session;
/** A second seller for the state-change tests: each account may list LISTINGS_PER_USER.max vehicles a day. */
let seller2: Session;
let seller2User: TestUser;
let other: Session;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  t = await createTestApp();
  seller = await t.createUser({ email: 'seller@example.ca' });
  sellerS = await loginAs(t.app, seller);
  seller2User = await t.createUser();
  seller2 = await loginAs(t.app, seller2User);
  other = await loginAs(t.app, await t.createUser());
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
  customer = other;
});
afterAll(() => t.close());

let vinSerial = 0;
const freshVin = () => withCheckDigit(`2HGFC2F5${'0'}KH${String(++vinSerial).padStart(6, '0')}`);
const input = (over: Record<string, unknown> = {}) => ({
  vin: freshVin(),
  year: 2019,
  make: 'Honda',
  model: 'Civic',
  trim: 'LX',
  price: 18_500,
  mileage: 82_000,
  bodyType: 'Sedan',
  transmission: 'CVT',
  drivetrain: 'FWD',
  fuelType: 'Gasoline',
  exteriorColor: 'Lunar Silver',
  location: 'Calgary',
  description: 'One owner, winter tires included, all service records from the dealer.',
  features: ['Heated Seats', 'Backup Camera', 'Heated Seats'],
  ...over,
});

// Same-origin, as the site's pages send it: the Origin check guards cookie-carrying writes.
const as = (s: Session | null) => ({ origin: t.config.publicUrl, ...(s ? { cookie: s.cookie } : {}) });
const api = (method: 'GET' | 'POST' | 'PUT', url: string, s: Session | null, payload?: unknown, remoteAddress?: string) =>
  t.app.inject({ method, url, headers: as(s), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), ...(remoteAddress ? { remoteAddress } : {}) });

async function submit(s: Session = sellerS, over: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/my-listings', s, input(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().listing as { id: number; vehicleId: number; state: string };
}
const search = async (text: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/vehicles?format=paginated&search=${encodeURIComponent(text)}` })).json().vehicles as { id: number; sellerType: string }[];
const approve = (id: number, s: Session | null = admin) => api('POST', `/api/admin/listings/${id}/approve`, s);
const reject = (id: number, payload: unknown, s: Session | null = admin) => api('POST', `/api/admin/listings/${id}/reject`, s, payload);

describe('submitting a listing', () => {
  it('401 without a session', async () => {
    expect((await api('POST', '/api/my-listings', null, input())).statusCode).toBe(401);
    expect((await api('GET', '/api/my-listings', null)).statusCode).toBe(401);
  });

  it('400 names each bad field', async () => {
    const bad = await api('POST', '/api/my-listings', sellerS, input({ vin: '2HGFC2F50KH000001'.replace(/.$/, 'X'), price: 10, bodyType: 'Spaceship', description: 'short' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['vin', 'price', 'bodyType', 'description']));
    const missing = await api('POST', '/api/my-listings', sellerS, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('make');
    const year = await api('POST', '/api/my-listings', sellerS, input({ year: new Date().getFullYear() + 2 }));
    expect(year.statusCode).toBe(400);
  });

  it('stores a pending private-seller vehicle that search does not show', async () => {
    const listing = await submit(sellerS, { make: 'Pendingmake' });
    expect(listing.state).toBe('pending');
    const [v] = await t.db.select().from(vehicles).where(eq(vehicles.id, listing.vehicleId));
    expect(v).toMatchObject({ status: 'pending', sellerType: 'private seller', ownerId: seller.id, condition: 'used', stockNumber: `P${String(listing.vehicleId).padStart(6, '0')}` });
    expect(v!.features).toEqual(['Heated Seats', 'Backup Camera']);
    expect(await search('Pendingmake')).toEqual([]);
    // The owner may preview it; anyone else gets a 404.
    expect((await api('GET', `/api/vehicles/${listing.vehicleId}`, sellerS)).statusCode).toBe(200);
    expect((await api('GET', `/api/vehicles/${listing.vehicleId}`, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${listing.vehicleId}/private-seller` })).statusCode).toBe(404);
  });

  it('409 for a VIN already listed', async () => {
    const vin = freshVin();
    await submit(sellerS, { vin });
    const res = await api('POST', '/api/my-listings', sellerS, input({ vin: vin.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('vin');
  });
});

describe('a user never reads or changes another user\'s listings', () => {
  it('answers 404 to every read and change of someone else\'s listing, and lists only one\'s own', async () => {
    const mine = await submit();
    const before = (await api('GET', `/api/my-listings/${mine.id}`, sellerS)).json();
    expect((await api('GET', `/api/my-listings/${mine.id}`, other)).statusCode).toBe(404);
    expect((await api('PUT', `/api/my-listings/${mine.id}`, other, input({ price: 1000 }))).statusCode).toBe(404);
    expect((await api('POST', `/api/my-listings/${mine.id}/withdraw`, other)).statusCode).toBe(404);
    expect((await api('POST', `/api/my-listings/${mine.id}/mark-sold`, other)).statusCode).toBe(404);
    const theirs = (await api('GET', '/api/my-listings', other)).json().listings as { id: number }[];
    expect(theirs.map((l) => l.id)).not.toContain(mine.id);
    expect((await api('GET', `/api/my-listings/${mine.id}`, sellerS)).json()).toEqual(before);
  });

  it('400 for a malformed id', async () => {
    expect((await api('GET', '/api/my-listings/abc', sellerS)).statusCode).toBe(400);
  });
});

describe('moderation', () => {
  it('401 for a visitor and 403 for a customer on every moderation route', async () => {
    const l = await submit(seller2);
    for (const [s, code] of [[null, 401], [customer, 403]] as const) {
      expect((await api('GET', '/api/admin/listings', s)).statusCode).toBe(code);
      expect((await approve(l.id, s)).statusCode).toBe(code);
      expect((await reject(l.id, { reason: 'Photos are missing, please add some.' }, s)).statusCode).toBe(code);
    }
    const [row] = await t.db.select().from(privateListings).where(eq(privateListings.id, l.id));
    expect(row!.state).toBe('pending');
  });

  it('the queue lists pending listings oldest first, with the seller for the admin', async () => {
    const l = await submit();
    const res = await api('GET', '/api/admin/listings', admin);
    expect(res.statusCode).toBe(200);
    const item = res.json().listings.find((x: { id: number }) => x.id === l.id);
    expect(item).toMatchObject({ state: 'pending', seller: { id: seller.id, email: 'seller@example.ca' } });
    expect(res.json().counts.pending).toBeGreaterThanOrEqual(1);
    expect((await api('GET', '/api/admin/listings?state=nonsense', admin)).statusCode).toBe(400);
  });

  it('approval puts it in search as a private seller, audited, and tells the seller', async () => {
    const l = await submit(seller2, { make: 'Approvedmake' });
    const res = await approve(l.id);
    expect(res.statusCode).toBe(200);
    const found = await search('Approvedmake');
    expect(found.map((v) => v.id)).toEqual([l.vehicleId]);
    expect(found[0]!.sellerType).toBe('private seller');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'listing.approve'), eq(auditLog.entityId, String(l.id))));
    expect(audit).toHaveLength(1);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, seller2User.id), eq(notifications.event, 'listing.approved'), eq(notifications.vehicleId, l.vehicleId)));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe('success');
    // Only pending listings are moderated.
    expect((await approve(l.id)).statusCode).toBe(409);
    expect((await approve(999_999)).statusCode).toBe(404);
  });

  it('rejection needs a reason (400), then stores it, stays out of search, audited, and tells the seller', async () => {
    const l = await submit(seller2, { make: 'Rejectedmake' });
    const none = await reject(l.id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('reason');
    expect((await reject(l.id, { reason: 'no' })).statusCode).toBe(400);
    const res = await reject(l.id, { reason: 'Please add a photo of the odometer.' });
    expect(res.statusCode).toBe(200);
    const mine = (await api('GET', `/api/my-listings/${l.id}`, seller2)).json();
    expect(mine).toMatchObject({ state: 'rejected', rejectionReason: 'Please add a photo of the odometer.' });
    expect(await search('Rejectedmake')).toEqual([]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'listing.reject'), eq(auditLog.entityId, String(l.id))))).toHaveLength(1);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, seller2User.id), eq(notifications.event, 'listing.rejected')));
    expect(notes.some((n) => n.message.includes('odometer'))).toBe(true);
  });
});

describe('the seller\'s changes', () => {
  it('an edit of a live listing takes it out of search until approved again', async () => {
    const l = await submit(seller2, { make: 'Editmake' });
    await approve(l.id);
    expect(await search('Editmake')).toHaveLength(1);
    const res = await api('PUT', `/api/my-listings/${l.id}`, seller2, input({ make: 'Editmake', price: 17_900 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toMatchObject({ state: 'pending', price: 17_900 });
    expect(await search('Editmake')).toEqual([]);
    await approve(l.id);
    expect(await search('Editmake')).toHaveLength(1);
  });

  it('mark sold only while live; then out of search and no longer editable', async () => {
    const l = await submit(seller2, { make: 'Soldmake' });
    expect((await api('POST', `/api/my-listings/${l.id}/mark-sold`, seller2)).statusCode).toBe(409);
    await approve(l.id);
    const res = await api('POST', `/api/my-listings/${l.id}/mark-sold`, seller2);
    expect(res.statusCode).toBe(200);
    expect(res.json().listing.state).toBe('sold');
    const [v] = await t.db.select().from(vehicles).where(eq(vehicles.id, l.vehicleId));
    expect(v!.status).toBe('sold');
    expect(v!.soldAt).not.toBeNull();
    expect(await search('Soldmake')).toEqual([]);
    expect((await api('PUT', `/api/my-listings/${l.id}`, seller2, input())).statusCode).toBe(409);
    expect((await api('POST', `/api/my-listings/${l.id}/withdraw`, seller2)).statusCode).toBe(409);
  });

  it('withdraw takes a live listing out of search; an edit resubmits it', async () => {
    const l = await submit(seller2, { make: 'Withdrawmake' });
    await approve(l.id);
    const res = await api('POST', `/api/my-listings/${l.id}/withdraw`, seller2);
    expect(res.statusCode).toBe(200);
    expect(res.json().listing.state).toBe('withdrawn');
    expect(await search('Withdrawmake')).toEqual([]);
    expect((await api('POST', `/api/my-listings/${l.id}/withdraw`, seller2)).statusCode).toBe(409);
    const again = await api('PUT', `/api/my-listings/${l.id}`, seller2, input({ make: 'Withdrawmake' }));
    expect(again.json().listing.state).toBe('pending');
  });

  it(`429 after ${LISTINGS_PER_USER.max} listings a day from one account`, async () => {
    const busy = await loginAs(t.app, await t.createUser());
    for (let i = 0; i < LISTINGS_PER_USER.max; i++) await submit(busy);
    expect((await api('POST', '/api/my-listings', busy, input())).statusCode).toBe(429);
  });
});

describe('contacting a private seller', () => {
  let live: { id: number; vehicleId: number };
  let ip = 0;
  const nextIp = () => `10.7.0.${++ip}`;
  const message = { name: 'Alex Buyer', email: 'alex@example.ca', phone: '403-555-0100', message: 'Is the car still available this weekend?' };
  beforeAll(async () => {
    live = await submit(sellerS, { make: 'Contactmake' });
    await approve(live.id);
  });

  it('shows the seller by first name only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${live.vehicleId}/private-seller` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstName: 'Test', canMessage: true });
    const vehicle = (await t.app.inject({ method: 'GET', url: `/api/vehicles/${live.vehicleId}` })).body;
    expect(vehicle).not.toContain('seller@example.ca');
    expect(vehicle).not.toContain('ownerId');
  });

  it('answers a private unit listed without a seller account with nobody to message, not a 404 (its page would log one per visit)', async () => {
    const { id } = await t.createVehicle({ sellerType: 'private seller' });
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${id}/private-seller` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstName: null, canMessage: false });
    expect((await t.app.inject({ method: 'POST', url: `/api/vehicles/${id}/private-seller/messages`, headers: { origin: t.config.publicUrl }, payload: { name: 'Buyer', email: 'b@example.ca', message: 'Is it still available?' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/99999999/private-seller' })).statusCode).toBe(404);
  });

  it('delivers the message to the seller\'s outbox with the buyer\'s contact, and never answers with the seller\'s', async () => {
    const res = await api('POST', `/api/vehicles/${live.vehicleId}/private-seller/messages`, null, message, nextIp());
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('seller@example.ca');
    const mail = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.category, 'listing_message'), eq(outboxMessages.userId, seller.id)));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.toAddress).toBe('seller@example.ca');
    expect(mail[0]!.text).toContain('Is the car still available this weekend?');
    expect(mail[0]!.text).toContain('alex@example.ca');
  });

  it('400 for a bad message, 404 for a vehicle that is not a live private listing, 400 for one\'s own', async () => {
    const bad = await api('POST', `/api/vehicles/${live.vehicleId}/private-seller/messages`, null, { ...message, email: 'nope', message: 'hi' }, nextIp());
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['email', 'message']));
    const dealer = await t.createVehicle();
    expect((await api('POST', `/api/vehicles/${dealer.id}/private-seller/messages`, null, message, nextIp())).statusCode).toBe(404);
    const pending = await submit();
    expect((await api('POST', `/api/vehicles/${pending.vehicleId}/private-seller/messages`, null, message, nextIp())).statusCode).toBe(404);
    expect((await api('POST', `/api/vehicles/${live.vehicleId}/private-seller/messages`, sellerS, message, nextIp())).statusCode).toBe(400);
  });

  it(`429 after ${BUYER_MESSAGES_PER_IP.max} messages from one address`, async () => {
    const addr = nextIp();
    for (let i = 0; i < BUYER_MESSAGES_PER_IP.max; i++) {
      expect((await api('POST', `/api/vehicles/${live.vehicleId}/private-seller/messages`, null, message, addr)).statusCode).toBe(201);
    }
    expect((await api('POST', `/api/vehicles/${live.vehicleId}/private-seller/messages`, null, message, addr)).statusCode).toBe(429);
  });
});

describe('seller photos (through the image pipeline)', () => {
  const jpeg = () => sharp({ create: { width: 1000, height: 750, channels: 3, background: '#8b0000' } }).jpeg({ quality: 70 }).toBuffer();
  async function uploadTo(id: number, files: { name: string; data: Buffer }[], s: Session | null) {
    const form = new FormData();
    for (const f of files) form.append('photos', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name);
    const res = new Response(form);
    return t.app.inject({
      method: 'POST', url: `/api/my-listings/${id}/photos`,
      headers: { ...as(s), 'content-type': res.headers.get('content-type')! }, payload: Buffer.from(await res.arrayBuffer()),
    });
  }
  const stateOf = async (id: number) => (await t.db.select({ state: privateListings.state }).from(privateListings).where(eq(privateListings.id, id)))[0]!.state;

  it('adds re-encoded photos to the owner\'s listing and sends it back to review; removing one does too', async () => {
    const l = await submit(seller2);
    expect((await approve(l.id)).statusCode).toBe(200);
    expect(await stateOf(l.id)).toBe('approved');

    const res = await uploadTo(l.id, [{ name: 'front.jpg', data: await jpeg() }, { name: 'rear.jpg', data: await jpeg() }], seller2);
    expect(res.statusCode, res.body).toBe(201);
    const listing = res.json().listing;
    expect(listing.photos).toHaveLength(2);
    expect(listing.photos[0].variants.map((v: { format: string }) => v.format)).toEqual(expect.arrayContaining(['webp', 'avif']));
    expect(listing.state).toBe('pending');
    expect(await stateOf(l.id)).toBe('pending');

    expect((await approve(l.id)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/my-listings/${l.id}/photos/${listing.photos[0].id}`, headers: as(seller2) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().listing.photos).toHaveLength(1);
    expect(await stateOf(l.id)).toBe('pending');
  });

  it('refuses an upload past 20 photos with a 409 and leaves no file of it on disk', async () => {
    const l = await submit(seller2);
    await t.db.insert(vehiclePhotos).values(Array.from({ length: 19 }, (_, position) => ({
      vehicleId: l.vehicleId, position, alt: '', storageKey: `vehicles/${l.vehicleId}/seeded-${position}`, width: 1000, height: 750,
      variants: [{ width: 480, format: 'webp' as const }],
    })));
    const folder = path.join(t.config.uploadsDir, 'vehicles', String(l.vehicleId));
    const filesBefore = await readdir(folder).catch(() => []);
    const decodes = decodeSlots.runs;
    const res = await uploadTo(l.id, [{ name: 'a.jpg', data: await jpeg() }, { name: 'b.jpg', data: await jpeg() }], seller2);
    expect(res.statusCode, res.body).toBe(409);
    // Refused as the second photo arrives, before either is decoded (issue 31 §2).
    expect(res.json().message).toBe("A listing can have 20 photos; it has 19 and this upload adds 2 or more.");
    expect(decodeSlots.runs - decodes).toBe(0);
    expect(await readdir(folder).catch(() => [])).toEqual(filesBefore);
  });

  it('refuses another user (404), a visitor (401) and a file that is not an image, changing nothing', async () => {
    const l = await submit(seller2);
    const photo = [{ name: 'front.jpg', data: await jpeg() }];
    expect((await uploadTo(l.id, photo, other)).statusCode).toBe(404);
    expect((await uploadTo(l.id, photo, null)).statusCode).toBe(401);
    const fake = await uploadTo(l.id, [{ name: 'notes.jpg', data: Buffer.from('not a photo at all') }], seller2);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toContain('notes.jpg');
    const after = (await api('GET', `/api/my-listings/${l.id}`, seller2)).json();
    expect((after.listing ?? after).photos).toEqual([]);
    const delOther = await t.app.inject({ method: 'DELETE', url: `/api/my-listings/${l.id}/photos/1`, headers: as(other) });
    expect(delOther.statusCode).toBe(404);
  });
});
