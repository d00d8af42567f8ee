import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { APPRAISAL_MAX_PHOTOS, APPRAISAL_PHOTO_TOKEN_HEADER } from '@domain/appraisal';
import { leadPhotos, leads, outboxMessages } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { decodeSlots } from '../media/pipeline';
import { APPRAISALS_PER_IP, PHOTO_UPLOADS_PER_IP, TRADE_ESTIMATES_PER_IP } from './routes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Our history of comparable Civics: two on the lot, one sold; a private seller's Civic must not count.
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2019, mileage: 70_000, price: 21_000, bodyType: 'Sedan' });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2020, mileage: 50_000, price: 23_500, bodyType: 'Sedan' });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2018, mileage: 95_000, price: 17_900, bodyType: 'Sedan', status: 'sold', soldAt: new Date() });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2019, mileage: 60_000, price: 90_000, bodyType: 'Sedan', sellerType: 'private seller' });
  await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2010, mileage: 60_000, price: 6_000, bodyType: 'Sedan' });
});
afterAll(() => t.close());

const body = (o: Record<string, unknown> = {}) => ({
  purpose: 'trade-in',
  vehicle: { vin: '', year: 2019, make: 'honda', model: 'civic', trim: 'LX', mileage: 82_000, condition: 'good' },
  contact: { name: 'Sam Okafor', phone: '403-555-0177', email: 'sam@example.ca' },
  ...o,
});
let ip = 0;
const post = (payload: unknown, addr = `10.8.0.${++ip}`) => t.app.inject({ method: 'POST', url: '/api/appraisals', payload: payload as Record<string, unknown>, remoteAddress: addr });

describe('POST /api/appraisals', () => {
  it('estimates from our own comparables (dealer stock and sold history, ±3 years) and creates a trade-in lead', async () => {
    const res = await post(body());
    expect(res.statusCode).toBe(201);
    const { estimate, leadId } = res.json();
    expect(estimate.comparableCount).toBe(3);
    expect(estimate.comparables.some((c: { sold: boolean }) => c.sold)).toBe(true);
    expect(estimate.comparables.every((c: { price: number }) => c.price < 90_000)).toBe(true);
    expect(estimate.low).toBeGreaterThan(8_000);
    expect(estimate.high).toBeLessThan(25_000);
    expect(estimate.low).toBeLessThan(estimate.high);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ source: 'trade_appraiser', leadType: 'trade_in', name: 'Sam Okafor' });
    expect(lead!.tradeIn).toMatchObject({ year: 2019, make: 'honda', model: 'civic', mileage: 82_000, condition: 'good' });
  });

  it('gives no estimate without comparables, and still creates a sell lead', async () => {
    const res = await post(body({ purpose: 'sell', vehicle: { ...body().vehicle, make: 'Lada', model: 'Niva' } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().estimate).toMatchObject({ low: null, high: null, confidence: 'none', comparableCount: 0 });
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, res.json().leadId));
    expect(lead).toMatchObject({ source: 'sell_my_vehicle', leadType: 'sell' });
    expect(lead!.message).toMatch(/no comparable vehicles/);
  });

  it.each([
    ['no phone', { contact: { name: 'A', phone: '' } }, /phone/],
    ['a future year', { vehicle: { ...body().vehicle, year: 2999 } }, /Year cannot be in the future/],
    ['a bad condition', { vehicle: { ...body().vehicle, condition: 'mint' } }, /Choose the vehicle's condition/],
    ['a bad VIN', { vehicle: { ...body().vehicle, vin: 'ABC' } }, /VIN must be 17/],
    ['a bad purpose', { purpose: 'lease' }, /purpose must be sell or trade-in/],
  ])('answers 400 for %s', async (_l, over, message) => {
    const res = await post(body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it(`is rate limited to ${APPRAISALS_PER_IP.max} per address`, async () => {
    for (let i = 0; i < APPRAISALS_PER_IP.max; i++) expect((await post(body(), '10.88.0.1')).statusCode).toBe(201);
    expect((await post(body(), '10.88.0.1')).statusCode).toBe(429);
  });

  it('answers 400 for a malformed VIN lookup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/appraisals/vin/123' });
    expect(res.statusCode).toBe(400);
  });
});

// Issue 34 §1: the deal worksheet's trade-in value comes from the appraiser's range, without a lead.
describe('POST /api/trade-estimates', () => {
  const estimateOf = (payload: unknown, addr = `10.9.0.${++ip}`) => t.app.inject({ method: 'POST', url: '/api/trade-estimates', payload: payload as Record<string, unknown>, remoteAddress: addr });

  it('answers the same range as an appraisal of the same vehicle, and creates no lead', async () => {
    const leadsBefore = (await t.db.select({ id: leads.id }).from(leads)).length;
    const res = await estimateOf(body().vehicle);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select({ id: leads.id }).from(leads)).length).toBe(leadsBefore);
    const appraisal = (await post(body())).json().estimate;
    expect(res.json().estimate).toEqual(appraisal);
    expect(res.json().estimate.low).toBeGreaterThan(8_000);
  });

  it('names the field that is wrong, and is limited per address', async () => {
    const bad = await estimateOf({ ...body().vehicle, mileage: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Kilometres cannot be negative/);
    const addr = '10.9.9.9';
    for (let i = 0; i < TRADE_ESTIMATES_PER_IP.max; i++) expect((await estimateOf(body().vehicle, addr)).statusCode).toBe(200);
    expect((await estimateOf(body().vehicle, addr)).statusCode).toBe(429);
  });
});

describe('POST /api/appraisals/:id/photos', () => {
  const jpeg = (background = '#8b0000', width = 1200) => sharp({ create: { width, height: (width * 3) / 4, channels: 3, background } })
    .withExif({ IFD0: { Artist: 'Sam Okafor', Copyright: 'home address here' } }).jpeg({ quality: 70 }).toBuffer();
  type File = { name: string; data: Buffer };
  let uploadIp = 0;
  async function upload(id: number, token: string | null, files: File[], addr = `10.9.0.${++uploadIp}`) {
    const form = new FormData();
    for (const f of files) form.append('photos', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name);
    const res = new Response(form);
    return t.app.inject({
      method: 'POST', url: `/api/appraisals/${id}/photos`, remoteAddress: addr,
      headers: { ...(token === null ? {} : { [APPRAISAL_PHOTO_TOKEN_HEADER]: token }), 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
  }
  /** A fresh estimate: its lead id and photo token. */
  async function estimate() {
    const res = await post(body({ purpose: 'sell' }));
    expect(res.statusCode).toBe(201);
    const { leadId, photoToken } = res.json() as { leadId: number; photoToken: string };
    return { leadId, photoToken };
  }
  const rowsOf = async (leadId: number) => t.db.select().from(leadPhotos).where(eq(leadPhotos.leadId, leadId));
  const filesOf = async (leadId: number) => readdir(path.join(t.config.uploadsDir, 'leads', String(leadId))).catch(() => [] as string[]);
  /** The dealership's e-mails about one lead, oldest first. */
  const leadMails = async (leadId: number) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'lead_notification')).orderBy(outboxMessages.id))
    .filter((m) => new RegExp(`/admin/leads\\?lead=${leadId}(\\D|$)`).test(m.text));
  /** The refusal stored nothing: no row, no file and no photo e-mail for the lead. */
  async function expectNothingStored(leadId: number) {
    expect(await rowsOf(leadId)).toEqual([]);
    expect(await filesOf(leadId)).toEqual([]);
    expect((await leadMails(leadId)).map((m) => m.subject)).toEqual([expect.stringMatching(/^New lead: /)]);
  }

  it('stores re-encoded photos without their metadata and shows them to staff on the lead', async () => {
    const { leadId, photoToken } = await estimate();
    const res = await upload(leadId, photoToken, [{ name: 'front.jpg', data: await jpeg() }, { name: 'odometer.jpg', data: await jpeg('#004080') }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ photoCount: 2 });
    expect(await rowsOf(leadId)).toHaveLength(2);
    const files = await filesOf(leadId);
    expect(files.some((f) => f.endsWith('.webp')) && files.some((f) => f.endsWith('.avif'))).toBe(true);
    const stored = await sharp(path.join(t.config.uploadsDir, 'leads', String(leadId), files.find((f) => f.endsWith('.webp'))!)).metadata();
    expect(stored.exif).toBeUndefined();

    const admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'appraiser' }));
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/leads/${leadId}`, headers: admin.bearer });
    expect(detail.statusCode).toBe(200);
    const photos = detail.json().photos as { src: string; alt: string }[];
    expect(photos).toHaveLength(2);
    expect(photos[0]!.src).toMatch(new RegExp(`^/uploads/leads/${leadId}/.+\\.webp$`));
    expect(photos[0]!.alt).toBe("Seller's photo 1 of 2");

    // The dealership hears of the photos: the lead's first e-mail went out before they arrived.
    const mails = await leadMails(leadId);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^New lead: /), expect.stringMatching(/^Photos added: /)]);
    expect(mails[1]!.text).toContain('added 2 photos');
  });

  it('refuses a 0-byte file, and keeps none of the good photos sent with it', async () => {
    const { leadId, photoToken } = await estimate();
    const res = await upload(leadId, photoToken, [{ name: 'front.jpg', data: await jpeg() }, { name: 'empty.jpg', data: Buffer.alloc(0) }]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toContain('empty.jpg');
    await expectNothingStored(leadId);
  });

  it('refuses a text file named .jpg (checked by content, not by name)', async () => {
    const { leadId, photoToken } = await estimate();
    const res = await upload(leadId, photoToken, [{ name: 'car.jpg', data: Buffer.from('This is not a photo, just text.') }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('car.jpg');
    await expectNothingStored(leadId);
  });

  it(`refuses more than ${APPRAISAL_MAX_PHOTOS} photos in one upload (413) or in total (409)`, async () => {
    const { leadId, photoToken } = await estimate();
    // Small photos: this test is about counts, and each one is re-encoded.
    const photo = { name: 'side.jpg', data: await jpeg('#333333', 400) };
    // Both refusals come from the part headers, before any photo of the request is decoded (issue 31 §2).
    const decodes = decodeSlots.runs;
    const many = await upload(leadId, photoToken, Array.from({ length: APPRAISAL_MAX_PHOTOS + 1 }, () => photo));
    expect(many.statusCode).toBe(413);
    expect(decodeSlots.runs - decodes).toBe(0);
    expect(many.json().message).toContain(`At most ${APPRAISAL_MAX_PHOTOS} photos`);
    await expectNothingStored(leadId);

    expect((await upload(leadId, photoToken, Array.from({ length: APPRAISAL_MAX_PHOTOS - 2 }, () => photo))).statusCode).toBe(201);
    const decodesBefore = decodeSlots.runs;
    const over = await upload(leadId, photoToken, [photo, photo, photo]);
    expect(over.statusCode).toBe(409);
    expect(decodeSlots.runs - decodesBefore).toBe(0);
    expect(over.json().message).toContain(`it has ${APPRAISAL_MAX_PHOTOS - 2} and this upload adds 3`);
    expect(await rowsOf(leadId)).toHaveLength(APPRAISAL_MAX_PHOTOS - 2);
    expect((await filesOf(leadId)).length).toBe((APPRAISAL_MAX_PHOTOS - 2) * (await rowsOf(leadId))[0]!.variants.length);
  });

  it('refuses a missing token (401), a wrong one, another lead\'s or an expired one (403), storing nothing', async () => {
    const { leadId, photoToken } = await estimate();
    const other = await estimate();
    const photo = [{ name: 'front.jpg', data: await jpeg() }];
    const missing = await upload(leadId, null, photo);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toContain(APPRAISAL_PHOTO_TOKEN_HEADER);
    for (const token of ['not-the-token', other.photoToken]) {
      const res = await upload(leadId, token, photo);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/not valid or has expired/);
    }
    // An unknown lead answers exactly like a wrong token: lead ids cannot be probed.
    expect((await upload(999_999, photoToken, photo)).statusCode).toBe(403);
    await t.db.update(leads).set({ createdAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(leads.id, leadId));
    expect((await upload(leadId, photoToken, photo)).statusCode).toBe(403);
    await expectNothingStored(leadId);
    await expectNothingStored(other.leadId);
  });

  it(`is rate limited to ${PHOTO_UPLOADS_PER_IP.max} uploads per address`, async () => {
    const photo = [{ name: 'front.jpg', data: Buffer.from('x') }];
    for (let i = 0; i < PHOTO_UPLOADS_PER_IP.max; i++) expect((await upload(1, 'wrong', photo, '10.99.0.1')).statusCode).toBe(403);
    expect((await upload(1, 'wrong', photo, '10.99.0.1')).statusCode).toBe(429);
  });
});
