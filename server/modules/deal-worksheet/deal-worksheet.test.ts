// The deal worksheet's API (issue 34 §3-4): quotes with Alberta's maths, 400s naming the field, 404 and the three
// 409s, the dealer's settings, keeping and sharing, and "send this deal" as a `deal` lead whose ADF carries
// <finance> and the trade-in and is valid against the ADF 1.0 DTD.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_ESTIMATE_DISCLOSURE, DEAL_REFUSALS } from '@domain/deal-worksheet';
import { dealWorksheets, leads } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';

let t: TestContext;
let admin: Session;
let customer: Session;
let address = 0;
// The ADF 1.0 DTD, kept with the tests so a clone anywhere can validate against it.
const DTD = join(import.meta.dirname, '../../test/fixtures/adf-1.0.dtd');

const SETTINGS = {
  products: [
    { id: 'rust', name: 'Rust protection', price: 500, description: 'Undercoating, five years' },
    { id: 'tires', name: 'Winter tires', price: 1_200, description: 'On steel rims' },
  ],
  incentives: [
    { id: 'ev', name: 'Federal EV incentive', amounts: { Electric: 5_000 }, priceCap: 55_000, startsOn: '2026-01-01', endsOn: '2099-12-31', description: '' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'dealadmin' }));
  customer = await loginAs(t.app, await t.createUser());
  const res = await t.app.inject({ method: 'PUT', url: '/api/admin/deal-settings', headers: admin.bearer, payload: SETTINGS });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const post = (url: string, payload: object, s?: Session) => t.app.inject({
  method: 'POST', url, payload, remoteAddress: `10.34.0.${++address}`, ...(s ? { headers: s.bearer } : {}),
});

describe('POST /api/deal-quotes', () => {
  it('answers the worksheet: trade before GST, lien after, down payment off, the cost of credit', async () => {
    const { id } = await t.createVehicle({ price: 30_000, year: 2021 });
    const res = await post('/api/deal-quotes', {
      vehicleId: id, purchase: 'finance', downPayment: 2_000, termMonths: 72, creditBand: 'good',
      tradeIn: { value: 8_000, lienPayout: 3_000, source: 'estimate' }, productIds: ['rust'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      price: 30_000, tradeInValue: 8_000, lienPayout: 3_000, taxableAmount: 22_500, gst: 1_125, total: 26_625,
      downPayment: 2_000, amountFinanced: 24_625, apr: 8.99, termMonths: 72, payment: 443.76, paymentCount: 72,
    });
    expect(q.products).toEqual([{ id: 'rust', name: 'Rust protection', price: 500, paymentEffect: expect.any(Number) }]);
    expect(q.products[0].paymentEffect).toBeGreaterThan(8);
    expect(q.tradeIn.label).toBe('your estimate');
    expect(q.costOfBorrowing).toBeCloseTo(q.totalOfPayments - q.amountFinanced, 2);
    expect(q.disclosures.estimate).toBe(DEAL_ESTIMATE_DISCLOSURE);
    expect(q.incentives).toEqual([]);
  });

  it('applies an incentive only where its rules allow, after the all-in price, saying eligibility is confirmed at signing', async () => {
    const { id } = await t.createVehicle({ price: 50_000, fuelType: 'Electric', year: 2024 });
    const options = await t.app.inject({ url: `/api/vehicles/${id}/deal-options` });
    expect(options.json().incentives).toEqual([expect.objectContaining({ id: 'ev', amount: 5_000 })]);
    const res = await post('/api/deal-quotes', { vehicleId: id, purchase: 'cash', incentiveIds: ['ev'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gst: 2_500, incentivesTotal: 5_000, total: 47_500, amountFinanced: 0, costOfBorrowing: 0 });
    expect(res.json().disclosures.incentives).toMatch(/confirmed at signing/);
    const gas = await t.createVehicle({ price: 30_000 });
    expect((await t.app.inject({ url: `/api/vehicles/${gas.id}/deal-options` })).json().incentives).toEqual([]);
    const refused = await post('/api/deal-quotes', { vehicleId: gas.id, purchase: 'cash', incentiveIds: ['ev'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty(['incentiveIds[0]']);
  });

  it('400 names the field: negative down payment, term not offered for the year, down payment above the total, unknown product', async () => {
    const { id } = await t.createVehicle({ price: 20_000, year: 2016 });
    const cases: [object, string][] = [
      [{ downPayment: -1 }, 'downPayment'],
      [{ termMonths: 84 }, 'termMonths'],
      [{ downPayment: 25_000 }, 'downPayment'],
      [{ productIds: ['gold-plating'] }, 'productIds[0]'],
      [{ creditBand: 'superb' }, 'creditBand'],
      [{ purchase: 'lease' }, 'purchase'],
    ];
    for (const [extra, field] of cases) {
      const res = await post('/api/deal-quotes', { vehicleId: id, purchase: 'finance', termMonths: 72, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join(' ') + res.json().message, JSON.stringify(extra)).toContain(field);
    }
  });

  it('404 for an unknown vehicle; 409 saying why for a sold vehicle, a private listing and a held vehicle', async () => {
    expect((await post('/api/deal-quotes', { vehicleId: 999_999, purchase: 'cash' })).statusCode).toBe(404);
    const sold = await t.createVehicle({ status: 'sold' });
    const privateListing = await t.createVehicle({ sellerType: 'private seller' });
    const held = await t.createVehicle({ status: 'pending', heldUntil: new Date(Date.now() + 86_400_000) });
    for (const [v, why] of [[sold, DEAL_REFUSALS.sold], [privateListing, DEAL_REFUSALS.privateSeller], [held, DEAL_REFUSALS.held]] as const) {
      const res = await post('/api/deal-quotes', { vehicleId: v.id, purchase: 'cash' });
      expect(res.statusCode, why).toBe(409);
      expect(res.json().message).toBe(why);
    }
  });
});

describe('settings', () => {
  it('admin only, validated, and read back', async () => {
    expect((await t.app.inject({ url: '/api/admin/deal-settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/deal-settings', headers: customer.bearer })).statusCode).toBe(403);
    const got = await t.app.inject({ url: '/api/admin/deal-settings', headers: admin.bearer });
    expect(got.json().products.map((p: { id: string }) => p.id)).toEqual(['rust', 'tires']);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/deal-settings', headers: admin.bearer, payload: { ...SETTINGS, products: [{ ...SETTINGS.products[0], price: -5 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('price');
  });
});

describe('keep, share and send', () => {
  it('a signed-in shopper keeps a worksheet: saved to their account, read-only by its link', async () => {
    const { id } = await t.createVehicle({ price: 25_000 });
    const kept = await post('/api/deal-worksheets', { vehicleId: id, purchase: 'finance', downPayment: 1_000, termMonths: 60 }, customer);
    expect(kept.statusCode, kept.body).toBe(200);
    const { shareToken, sharePath } = kept.json();
    expect(sharePath).toBe(`/deal-worksheets/${shareToken}`);
    const shared = await t.app.inject({ url: `/api/deal-worksheets/${shareToken}` });
    expect(shared.json().quote).toMatchObject({ vehicleId: id, downPayment: 1_000, termMonths: 60 });
    const mine = await t.app.inject({ url: '/api/account/deal-worksheets', headers: customer.bearer });
    expect(mine.json().worksheets.map((w: { shareToken: string }) => w.shareToken)).toContain(shareToken);
    expect((await t.app.inject({ url: '/api/account/deal-worksheets' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/deal-worksheets/nosuchtokenatall' })).statusCode).toBe(404);
  });

  it('sending creates a `deal` lead, delivered like every lead, whose ADF has <finance>, the options and the trade-in, valid against the DTD', async () => {
    const { id } = await t.createVehicle({ price: 32_000, make: 'Toyota', model: 'RAV4' });
    const res = await post('/api/deal-leads', {
      name: 'Sam Okafor', email: 'sam@example.ca', phone: '(780) 555-0199',
      worksheet: {
        vehicleId: id, purchase: 'finance', downPayment: 3_000, termMonths: 84, creditBand: 'excellent',
        tradeIn: { value: 9_500, lienPayout: 2_000, source: 'appraisal', description: '2015 Honda Civic' }, productIds: ['tires'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ws] = await t.db.select().from(dealWorksheets).where(eq(dealWorksheets.shareToken, res.json().shareToken));
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, ws!.leadId!));
    expect(lead).toMatchObject({ leadType: 'deal', source: 'deal_worksheet', vehicleId: id, name: 'Sam Okafor', refType: 'deal_worksheet' });
    expect(lead!.tradeIn).toMatchObject({ year: 2015, make: 'Honda', model: 'Civic' });
    expect(lead!.message).toContain('Winter tires');

    const adf = await t.app.inject({ url: `/api/admin/leads/${lead!.id}/adf`, headers: admin.bearer });
    expect(adf.statusCode).toBe(200);
    expect(adf.body).toContain('<vehicle interest="trade-in" status="used">');
    expect(adf.body).toMatch(/<finance>\s*<method>finance<\/method>\s*<amount type="downpayment" limit="exact" currency="CAD">3000<\/amount>/);
    expect(adf.body).toContain(`<balance type="finance" currency="CAD">${res.json().quote.amountFinanced}</balance>`);
    expect(adf.body).toContain('<optionname>Winter tires</optionname>');
    expect(adf.body).toContain('<price type="appraisal" currency="CAD">9500</price>');
    const dir = mkdtempSync(join(tmpdir(), 'adf-'));
    writeFileSync(join(dir, 'lead.xml'), adf.body);
    // xmllint exits non-zero (and execFileSync throws) when the document does not follow the DTD.
    execFileSync('xmllint', ['--noout', '--dtdvalid', DTD, join(dir, 'lead.xml')], { stdio: 'pipe' });
  });

  it('sending needs a way to reply, naming the field', async () => {
    const { id } = await t.createVehicle();
    const res = await post('/api/deal-leads', { name: 'No Contact', worksheet: { vehicleId: id, purchase: 'cash' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('email');
  });
});

describe('the assistant (issue 34 §6)', () => {
  it('answers "what would it cost with my 2015 Civic as a trade?" with the same worksheet, kept behind a link', async () => {
    // Comparables for the appraiser's range: dealer Civics of nearby years in stock or sold.
    for (const [year, price] of [[2014, 9_000], [2015, 10_000], [2016, 11_500]] as const) {
      await t.createVehicle({ make: 'Honda', model: 'Civic', year, price, mileage: 160_000, bodyType: 'Sedan', status: 'sold' });
    }
    await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2017, price: 13_000, mileage: 120_000, bodyType: 'Sedan' });
    const { id } = await t.createVehicle({ make: 'Mazda', model: 'CX-5', year: 2023, price: 31_000 });
    // Rows written straight to the database: the assistant's lot and vocabulary are read again (as after a vehicle write).
    t.app.inventoryCache.invalidate();
    const res = await post('/api/car-assistant', { question: 'what would it cost with my 2015 Civic as a trade?', conversationHistory: [], vehicleId: id });
    expect(res.statusCode, res.body).toBe(200);
    const message: string = res.json().message;
    const link = /\/deal-worksheets\/([\w-]+)/.exec(message);
    expect(link, message).not.toBeNull();
    const kept = (await t.app.inject({ url: `/api/deal-worksheets/${link![1]}` })).json();
    expect(kept.quote).toMatchObject({ vehicleId: id, purchase: 'finance', tradeIn: { source: 'appraisal', description: '2015 Honda Civic' } });
    // The answer's figures are the worksheet's.
    const cents = (n: number) => `$${n.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(message).toContain(cents(kept.quote.payment));
    expect(message).toContain(cents(kept.quote.costOfBorrowing));
    expect(message).toContain(DEAL_ESTIMATE_DISCLOSURE);
  });
});

