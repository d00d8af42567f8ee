// Lead delivery to the CRM (issue 32 part 2, issue 54 §4), with real peers: a node:http server plays the CRM's webhook
// (it fails, times out, refuses connections, then succeeds) and checks signatures with the standardwebhooks package's
// own verifier; smtp-server plays its ADF intake address; xmllint checks each ADF against the DTD. The dispatcher is
// driven pass by pass at chosen times: no test waits on the wall clock for a retry.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { addDays, albertaDate } from '@domain/alberta-time';
import { DELIVERY_ID_HEADER, NO_MAIL_SERVER, RETRY_WINDOW_MS, SIGNATURE_HEADER, type LeadWebhookBody } from '@domain/lead-delivery';
import { appointments, auditLog, leadDeliveries, leadDeliverySettings, leadNotes, leads, outboxMessages } from '../../db/schema';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createTestApp, loginAs, startSmtpSink, type Session, type TestContext } from '../../test/helpers';
import { createLead } from '../leads/service';
import { dispatchLeadDeliveries } from './dispatcher';
import { PAYLOAD_RETENTION_DAYS, purgeDeliveryPayloads } from './service';
import { SECRET_CONTEXT } from './settings';

/** A Standard Webhooks secret as the page generates it: whsec_ and the base64 of 32 bytes (fixed here). */
const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
/** A secret set before issue 54: plain printable characters. */
const LEGACY_SECRET = 'plain_secret_0123456789abcdef';
const TIMEOUT_MS = 300;

type Behaviour = 'ok' | 'fail' | 'hang';
interface Received { headers: http.IncomingHttpHeaders; raw: string }

/** The CRM's webhook: answers each request with the next behaviour queued (then `ok`), and keeps what it got. */
async function startCrm() {
  const received: Received[] = [];
  const queue: Behaviour[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      const b = queue.shift() ?? 'ok';
      if (b === 'hang') return; // never answers: the sender's time limit must end it
      res.writeHead(b === 'ok' ? 202 : 503, { 'content-type': 'text/plain' }).end(b === 'ok' ? 'queued' : 'CRM is down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/adf`,
    received,
    queue,
    close: () => { server.closeAllConnections(); return new Promise<void>((resolve) => server.close(() => resolve())); },
  };
}

/**
 * A Standard Webhooks receiver, with the reference library: the parsed body, or the library's error. `at` is the
 * receiver's clock (a pass driven at a chosen time sends that time); a plain secret is given as a raw key.
 */
function standardVerify(r: Received, at: Date, secret = SECRET): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(at);
    return new Webhook(secret, secret.startsWith('whsec_') ? undefined : { format: 'raw' }).verify(r.raw, r.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

/** xmllint against the ADF 1.0 DTD: throws (non-zero exit) when the document does not follow it. */
function validAdf(xml: string): true {
  const dir = mkdtempSync(path.join(tmpdir(), 'adf-'));
  writeFileSync(path.join(dir, 'lead.xml'), xml);
  execFileSync('xmllint', ['--noout', '--dtdvalid', path.join(import.meta.dirname, '../../test/fixtures/adf-1.0.dtd'), path.join(dir, 'lead.xml')], { stdio: 'pipe' });
  return true;
}

/** What a receiver does: recompute the HMAC of the raw body with the shared secret, compare in constant time. */
function verifies(r: Received, secret = SECRET): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(r.raw).digest('hex')}`);
  const got = Buffer.from(String(r.headers[SIGNATURE_HEADER.toLowerCase()] ?? ''));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

let t: TestContext;
let admin: Session;
let crm: Awaited<ReturnType<typeof startCrm>>;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'crmadmin' }));
  crm = await startCrm();
});
afterAll(async () => { await crm.close(); await t.close(); });

const put = (payload: unknown, s: Session = admin, ctx: TestContext = t) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/lead-delivery', headers: s.bearer, payload: payload as object });
const contactLead = (name: string) => t.app.inject({
  method: 'POST', url: '/api/leads', remoteAddress: `10.32.0.${++ip}`,
  payload: { source: 'contact', leadType: 'contact', name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.ca`, message: 'Is the truck still there?' },
});
const deliveriesOf = (leadId: number) => t.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId)).orderBy(asc(leadDeliveries.id));
const row = async (id: number) => (await t.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, id)))[0]!;
/** A pass of the dispatcher at `at`. */
const pass = (at: Date, ctx: TestContext = t) => dispatchLeadDeliveries(ctx.app, { now: () => at, timeoutMs: TIMEOUT_MS });
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** Leaves only the webhook set, and marks earlier deliveries done so each test sees only its own. */
async function webhookOnly(url = crm.url) {
  expect((await put({ adfEmail: null, webhookUrl: url, webhookSecret: SECRET })).statusCode).toBe(200);
  await t.db.update(leadDeliveries).set({ status: 'delivered', claimedUntil: null }).where(sql`${leadDeliveries.status} in ('pending', 'sending')`);
  crm.received.length = 0;
  crm.queue.length = 0;
}

describe('settings', () => {
  it('start empty, take an ADF e-mail and a webhook with its secret, seal the secret and never return it', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin/lead-delivery', headers: admin.bearer });
    expect(empty.json()).toEqual({ adfEmail: null, webhookUrl: null, webhookSecretSet: false, updatedAt: null });

    const res = await put({ adfEmail: 'leads@crm.example.com', webhookUrl: crm.url, webhookSecret: SECRET });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ adfEmail: 'leads@crm.example.com', webhookUrl: crm.url, webhookSecretSet: true });
    expect(res.body).not.toContain(SECRET);
    const got = await t.app.inject({ method: 'GET', url: '/api/admin/lead-delivery', headers: admin.bearer });
    expect(got.body).not.toContain(SECRET);
    expect(got.headers['cache-control']).toBe('private, no-store');

    // At rest: a PII envelope bound to its column, not the secret.
    const [stored] = await t.db.select().from(leadDeliverySettings);
    expect(stored!.webhookSecret).toMatch(/^v1\./);
    expect(stored!.webhookSecret).not.toContain(SECRET);
    const { decryptPii } = await import('../crypto/pii');
    expect(decryptPii(t.config.pii, stored!.webhookSecret!, SECRET_CONTEXT)).toBe(SECRET);

    // Left out, the secret is kept; the change is audited without it.
    expect((await put({ adfEmail: '', webhookUrl: crm.url })).json()).toMatchObject({ adfEmail: null, webhookSecretSet: true });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lead_delivery.settings'));
    expect(audits.length).toBe(2);
    expect(JSON.stringify(audits)).not.toContain(SECRET);

    // No webhook, no secret left behind.
    expect((await put({ adfEmail: null, webhookUrl: null })).json()).toMatchObject({ webhookUrl: null, webhookSecretSet: false });
    const [cleared] = await t.db.select().from(leadDeliverySettings);
    expect(cleared!.webhookSecret).toBeNull();
  });

  it('refuse bad input with a clear 400 in the page\'s words, never the API\'s field names', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ adfEmail: 'not-an-address', webhookUrl: null }, 'adfEmail', /^ADF e-mail address must be an e-mail address such as/],
      [{ adfEmail: null, webhookUrl: 'ftp://crm.example.com/in', webhookSecret: SECRET }, 'webhookUrl', /^Webhook URL must start with http:\/\/ or https:\/\//],
      [{ adfEmail: null, webhookUrl: 'file:///etc/passwd', webhookSecret: SECRET }, 'webhookUrl', /^Webhook URL must start with http:\/\/ or https:\/\//],
      [{ adfEmail: null, webhookUrl: 'https://user:pw@crm.example.com/in', webhookSecret: SECRET }, 'webhookUrl', /^Webhook URL must not carry a user name or password/],
      [{ adfEmail: null, webhookUrl: 'https://crm.example.com/in', webhookSecret: 'short' }, 'webhookSecret', /^Signing secret needs at least 16 characters/],
      [{ adfEmail: null, webhookUrl: 'https://crm.example.com/in', webhookSecret: 'whsec_not base64 at all!' }, 'webhookSecret', /^Signing secret may contain only printable characters/],
      [{ adfEmail: null, webhookUrl: 'https://crm.example.com/in', webhookSecret: `whsec_${Buffer.alloc(12).toString('base64')}` }, 'webhookSecret', /^Signing secret: after whsec_ comes the base64 of 24 to 64 random bytes/],
      [{ adfEmail: 42, webhookUrl: null }, 'adfEmail', /^ADF e-mail address/],
      [{ adfEmail: null, webhookUrl: 'https://crm.example.com/in' }, 'webhookSecret', /^Signing secret: generate one/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(payload)).toMatch(message);
      expect(res.json().message, JSON.stringify(payload)).not.toMatch(/adfEmail|webhookUrl|webhookSecret/);
    }
  });

  it('are for admins only', async () => {
    const customer = await loginAs(t.app, await t.createUser());
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/lead-delivery' })).statusCode).toBe(401);
    expect((await put({ adfEmail: null, webhookUrl: null }, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/lead-delivery/deliveries', headers: customer.bearer })).statusCode).toBe(403);
  });
});

describe('SSRF rules (production: private hosts refused unless LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS)', () => {
  let prod: TestContext;
  let prodAdmin: Session;
  beforeAll(async () => {
    prod = await createTestApp({ config: { outbound: { refusePrivateHosts: true } } });
    prodAdmin = await loginAs(prod.app, await prod.createUser({ role: 'admin', username: 'prodadmin' }));
  });
  afterAll(() => prod.close());

  it('refuse loopback, private, link-local and metadata addresses, and names that resolve to them, at save time', async () => {
    for (const url of ['http://127.0.0.1:8080/in', 'http://10.1.2.3/in', 'http://192.168.1.10/in', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/in', 'http://[fd00:ec2::254]/', 'http://localhost:3000/in', 'http://0.0.0.0/']) {
      const res = await put({ adfEmail: null, webhookUrl: url, webhookSecret: SECRET }, prodAdmin, prod);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/is not a public address .*; set LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS=true/);
    }
  });

  it('refuse them at send time too, so a setting that now points inward (DNS rebinding, a direct edit) reaches nothing', async () => {
    await prod.db.insert(leadDeliverySettings).values({ id: 1, webhookUrl: crm.url }).onConflictDoUpdate({ target: leadDeliverySettings.id, set: { webhookUrl: crm.url } });
    // The secret through the API would be refused with this URL, so it is sealed here as the API would.
    const { encryptPii } = await import('../crypto/pii');
    await prod.db.update(leadDeliverySettings).set({ webhookSecret: encryptPii(prod.config.pii, SECRET, SECRET_CONTEXT) });
    crm.received.length = 0;
    const lead = await createLead(prod.db, { source: 'contact', leadType: 'contact', name: 'Inward Bound', email: 'in@example.ca' });
    const [d] = await prod.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id));
    await pass(plus(d!.createdAt, 1000), prod);
    const after = (await prod.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, d!.id)))[0]!;
    expect(after.status).toBe('pending');
    expect(after.lastError).toMatch(/^127\.0\.0\.1 is not a public address \(loopback\)/);
    expect(crm.received).toHaveLength(0);
  });
});

describe('every kind of lead is recorded for delivery in its own transaction', () => {
  beforeAll(async () => {
    expect((await put({ adfEmail: 'leads@crm.example.com', webhookUrl: crm.url, webhookSecret: SECRET })).statusCode).toBe(200);
  });

  /** The lead and its deliveries were written by one transaction: PostgreSQL's xmin is the writing transaction's id. */
  async function expectSameTransaction(leadId: number) {
    const [lead] = (await t.db.execute(sql`select xmin::text as x from leads where id = ${leadId}`)).rows as { x: string }[];
    const ds = (await t.db.execute(sql`select xmin::text as x, channel from lead_deliveries where lead_id = ${leadId} order by channel`)).rows as { x: string; channel: string }[];
    expect(ds.map((d) => d.channel)).toEqual(['email', 'webhook']);
    for (const d of ds) expect(d.x).toBe(lead!.x);
  }

  it('contact, chat, booking, hold, trade-in appraisal, sell and pre-approval', async () => {
    const { id: vehicleId } = await t.createVehicle({ year: 2021, make: 'Ford', model: 'F-150', stockNumber: 'CRM021', price: 41_000 });
    const created: number[] = [];
    created.push((await contactLead('Casey Contact')).json().id);
    const chat = await t.app.inject({ method: 'POST', url: '/api/leads', remoteAddress: `10.32.0.${++ip}`, payload: { source: 'carbro_chat', leadType: 'chat', phone: '(780) 555-0142', email: '7805550142@chat.carbro.invalid', additionalData: { name: 'Chet Chat' } } });
    created.push(chat.json().id);
    const booking = await t.app.inject({ method: 'POST', url: '/api/book-appointment', remoteAddress: `10.32.0.${++ip}`, payload: {
      customerName: 'Bo Booking', customerPhone: '(780) 555-0100', customerEmail: 'bo@example.ca', appointmentType: 'test_drive',
      preferredDate: addDays(albertaDate(), 3), preferredTime: '10:00 AM', message: '', vehicleId, vehicleInfo: '',
    } });
    expect(booking.statusCode, booking.body).toBe(201);
    created.push((await t.db.select({ id: leads.id }).from(leads).where(eq(leads.name, 'Bo Booking')))[0]!.id);
    const hold = await t.app.inject({ method: 'POST', url: `/api/vehicles/${vehicleId}/hold-requests`, remoteAddress: `10.32.0.${++ip}`, payload: { name: 'Hal Hold', phone: '(780) 555-0101', email: 'hal@example.ca' } });
    expect(hold.statusCode, hold.body).toBe(201);
    created.push(hold.json().id);
    for (const purpose of ['trade-in', 'sell']) {
      const appraisal = await t.app.inject({ method: 'POST', url: '/api/appraisals', remoteAddress: `10.32.0.${++ip}`, payload: {
        purpose, vehicle: { vin: '', year: 2016, make: 'honda', model: 'civic', trim: 'LX', mileage: 120_000, condition: 'good' },
        contact: { name: `Tia ${purpose}`, phone: '403-555-0177', email: 'tia@example.ca' },
      } });
      expect(appraisal.statusCode, appraisal.body).toBe(201);
      created.push(appraisal.json().leadId);
    }
    const pre = await t.app.inject({ method: 'POST', url: '/api/pre-approvals', remoteAddress: `10.32.0.${++ip}`, payload: {
      vehicle: { vehicleId, vehicleInterest: '' },
      employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: 'Welder', monthsAtJob: 38, monthlyIncome: 6125 },
      housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 't6e1z4', yearsAtAddress: 3 },
      downPayment: { downPayment: 3000, hasTradeIn: true, tradeIn: { year: 2012, make: 'Honda', model: 'Civic', mileage: 187000, amountOwing: 4321 } },
      contact: { firstName: 'Dana', lastName: 'Kowalczyk', email: 'dana.k@example.ca', phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
      consent: { creditCheckConsent: true, marketingConsent: false },
    } });
    expect(pre.statusCode, pre.body).toBe(201);
    created.push((await t.db.select({ id: leads.id }).from(leads).where(eq(leads.name, 'Dana Kowalczyk')))[0]!.id);

    const types = await t.db.select({ id: leads.id, type: leads.leadType }).from(leads).where(sql`${leads.id} in ${created}`);
    expect(new Set(types.map((l) => l.type))).toEqual(new Set(['contact', 'chat', 'appointment', 'hold', 'trade_in', 'sell', 'pre_approval']));
    for (const id of created) await expectSameTransaction(id);
  });

  it('none when the lead\'s transaction rolls back', async () => {
    await expect(t.db.transaction(async (tx) => {
      await createLead(tx, { source: 'contact', leadType: 'contact', name: 'Rolled Back', email: 'rb@example.ca' });
      throw new Error('the rest of the write failed');
    })).rejects.toThrow('the rest of the write failed');
    const n = await t.db.execute(sql`select count(*)::int as n from lead_deliveries d left join leads l on l.id = d.lead_id where l.id is null or l.name = 'Rolled Back'`);
    expect((n.rows[0] as { n: number }).n).toBe(0);
  });

  it('none when no endpoint is set', async () => {
    await put({ adfEmail: null, webhookUrl: null });
    const id = (await contactLead('Nobody Listening')).json().id;
    expect(await deliveriesOf(id)).toEqual([]);
  });
});

describe('the webhook', () => {
  beforeEach(() => webhookOnly());

  it('is POSTed as signed JSON with the ADF inside; 5xx, a time-out and a refused connection are retried on the schedule, and it is delivered once', async () => {
    crm.queue.push('fail', 'hang');
    const leadId = (await contactLead('Robin Retry')).json().id;
    const [d] = await deliveriesOf(leadId);
    const t0 = plus(d!.createdAt, 500);

    expect(await pass(t0)).toMatchObject({ delivered: 0, failed: 1 });
    let r = await row(d!.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.lastError).toBe('HTTP 503: CRM is down for maintenance');
    // First retry within a minute (15 s), not before.
    expect(r.nextAttemptAt.getTime() - t0.getTime()).toBe(15_000);
    expect(await pass(plus(t0, 14_999))).toMatchObject({ delivered: 0, failed: 0 });

    const t1 = plus(t0, 15_000);
    expect(await pass(t1)).toMatchObject({ failed: 1 });
    r = await row(d!.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 2, lastError: `no answer within ${TIMEOUT_MS / 1000} s` });
    expect(r.nextAttemptAt.getTime() - t1.getTime()).toBe(30_000);

    // The CRM's host refuses connections for one attempt (a closed port of our own).
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/in`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await t.db.update(leadDeliveries).set({ target: closedUrl }).where(eq(leadDeliveries.id, d!.id));
    const t2 = plus(t1, 30_000);
    expect(await pass(t2)).toMatchObject({ failed: 1 });
    r = await row(d!.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 3, lastError: 'connection failed: the connection was refused' });
    expect(r.nextAttemptAt.getTime() - t2.getTime()).toBe(60_000);
    await t.db.update(leadDeliveries).set({ target: crm.url }).where(eq(leadDeliveries.id, d!.id));

    const t3 = plus(t2, 60_000);
    expect(await pass(t3)).toMatchObject({ delivered: 1 });
    r = await row(d!.id);
    expect(r).toMatchObject({ status: 'delivered', attempts: 4, lastResponse: 'HTTP 202', lastError: null });
    // Nothing is sent again, now or later.
    await pass(plus(t3, 3_600_000));
    expect(crm.received).toHaveLength(3);

    // Every attempt: the same delivery id, the same bytes, a signature that verifies with the secret (and not another).
    for (const got of crm.received) {
      expect(got.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(d!.deliveryId);
      expect(got.raw).toBe(crm.received[0]!.raw);
      expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(verifies(got)).toBe(true);
      expect(verifies(got, 'whsec_some_other_secret_value')).toBe(false);
    }
    const body = JSON.parse(crm.received[0]!.raw) as LeadWebhookBody;
    expect(body).toMatchObject({ id: d!.deliveryId, event: 'lead.created', type: 'contact', lead: { id: leadId, name: 'Robin Retry', email: 'robin.retry@example.ca', message: 'Is the truck still there?' } });
    expect(body.adf).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<\?adf version="1.0"\?>/);
    expect(body.adf).toContain(`>${leadId}</id>`);
    expect(body.adf).toContain('<name part="full">Robin Retry</name>');
  });

  it('is dead-lettered after 24 hours of retries, and the dealer is e-mailed once', async () => {
    const leadId = (await contactLead('Dee Dead')).json().id;
    const [d] = await deliveriesOf(leadId);
    crm.queue.push(...Array<Behaviour>(200).fill('fail'));
    let at = plus(d!.createdAt, 500);
    const gaps: number[] = [];
    let r = await row(d!.id);
    for (let i = 0; i < 200 && r.status !== 'dead'; i++) {
      await pass(at);
      r = await row(d!.id);
      if (r.status === 'pending') { gaps.push(r.nextAttemptAt.getTime() - at.getTime()); at = r.nextAttemptAt; }
    }
    expect(r.status).toBe('dead');
    // Retries went on for at least 24 hours, and never waited more than an hour.
    expect(r.deadAt!.getTime() - d!.createdAt.getTime()).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(gaps[0]).toBe(15_000);
    expect(Math.max(...gaps)).toBe(3_600_000);
    expect(r.attempts).toBe(crm.received.length);
    expect(r.attempts).toBeGreaterThan(50);
    expect(r.attempts).toBeLessThan(100);

    const alerts = await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'lead_delivery_alert'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ toAddress: t.config.mail.dealerAddress, subject: 'Lead delivery failed: 1 lead did not reach the CRM' });
    expect(alerts[0]!.text).toContain(`Lead #${leadId} Dee Dead by webhook to ${crm.url}`);
    expect(alerts[0]!.text).toContain('HTTP 503');
    await pass(plus(at, 3_600_000));
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'lead_delivery_alert'))).toHaveLength(1);

    // "Send again" from the log: a new delivery id, ADF status resend, and the CRM takes it.
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/lead-delivery/deliveries/${d!.id}/resend`, headers: admin.bearer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', resendOf: d!.id, leadId, channel: 'webhook' });
    expect(res.json().deliveryId).not.toBe(d!.deliveryId);
    crm.queue.length = 0;
    crm.received.length = 0;
    await pass(new Date(Date.now() + 1000));
    expect(crm.received).toHaveLength(1);
    const again = JSON.parse(crm.received[0]!.raw) as LeadWebhookBody;
    expect(again).toMatchObject({ id: res.json().deliveryId, resendOf: d!.deliveryId });
    expect(again.adf).toContain('<prospect status="resend">');
    expect((await row(d!.id)).status).toBe('dead');
  });

  it('goes to the CRM once when two dispatchers run at the same moment', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await contactLead(`Twin ${i}`)).json().id);
    const at = new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([pass(at), pass(at)]);
    expect(a.delivered + b.delivered).toBe(12);
    const seen = crm.received.map((r) => r.headers[DELIVERY_ID_HEADER.toLowerCase()]);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });

  it('survives its sender dying mid-send: the claim lapses, the same delivery id is sent again, nothing is lost', async () => {
    const leadId = (await contactLead('Kim Killed')).json().id;
    const [d] = await deliveriesOf(leadId);
    const t0 = plus(d!.createdAt, 500);
    // What a kill -9 after the claim (and the payload) leaves behind: a row in `sending` that nobody will finish.
    crm.queue.push('hang');
    await dispatchLeadDeliveries(t.app, { now: () => t0, timeoutMs: 50, leaseMs: 120_000 });
    await t.db.update(leadDeliveries).set({ status: 'sending', claimedUntil: plus(t0, 120_000) }).where(eq(leadDeliveries.id, d!.id));
    const firstBody = crm.received[0]!.raw;

    expect(await pass(plus(t0, 119_000))).toMatchObject({ delivered: 0, failed: 0 });
    expect(await pass(plus(t0, 120_000))).toMatchObject({ delivered: 1 });
    expect(crm.received).toHaveLength(2);
    expect(crm.received[1]!.raw).toBe(firstBody);
    expect(crm.received[1]!.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(d!.deliveryId);
    expect(await row(d!.id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('brings an endpoint\'s backlog forward as soon as it answers again', async () => {
    crm.queue.push('fail', 'fail');
    const first = (await deliveriesOf((await contactLead('Early Outage')).json().id))[0]!;
    const second = (await deliveriesOf((await contactLead('Later Outage')).json().id))[0]!;
    const t0 = new Date(Date.now() + 1000);
    await pass(t0);
    expect((await row(first.id)).status).toBe('pending');
    // A new lead after the CRM is back: its success sends the two waiting ones in the same pass, not at their backoff.
    const third = (await deliveriesOf((await contactLead('After Return')).json().id))[0]!;
    await t.db.update(leadDeliveries).set({ nextAttemptAt: t0 }).where(eq(leadDeliveries.id, third.id));
    expect(await pass(plus(t0, 1000))).toMatchObject({ delivered: 3 });
    for (const d of [first, second, third]) expect((await row(d.id)).status).toBe('delivered');
  });

  it('sends a test lead on demand and reports what the CRM answered', async () => {
    crm.queue.push('ok');
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/lead-delivery/test', headers: admin.bearer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([expect.objectContaining({ channel: 'webhook', target: crm.url, ok: true, detail: 'HTTP 202' })]);
    expect(crm.received).toHaveLength(1);
    expect(verifies(crm.received[0]!)).toBe(true);
    expect(JSON.parse(crm.received[0]!.raw)).toMatchObject({ test: true, event: 'lead.created', id: res.json().results[0].deliveryId });

    crm.queue.push('fail');
    const failed = await t.app.inject({ method: 'POST', url: '/api/admin/lead-delivery/test', headers: admin.bearer });
    expect(failed.json().results[0]).toMatchObject({ ok: false, detail: 'HTTP 503: CRM is down for maintenance' });
  });
});

describe('what each kind of lead carries', () => {
  beforeEach(() => webhookOnly());

  it('a chat links its transcript; a pre-approval is a notice with contact and vehicle, never financial details', async () => {
    const chat = await t.app.inject({ method: 'POST', url: '/api/leads', remoteAddress: `10.32.0.${++ip}`, payload: { source: 'carbro_chat', leadType: 'chat', phone: '(780) 555-0188', email: '7805550188@chat.carbro.invalid', additionalData: { name: 'Tran Script' } } });
    const { id: vehicleId } = await t.createVehicle({ year: 2022, make: 'Toyota', model: 'RAV4', stockNumber: 'PRE022' });
    const pre = await t.app.inject({ method: 'POST', url: '/api/pre-approvals', remoteAddress: `10.32.0.${++ip}`, payload: {
      vehicle: { vehicleId, vehicleInterest: '' },
      employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: 'Welder', monthsAtJob: 38, monthlyIncome: 6125 },
      housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 't6e1z4', yearsAtAddress: 3 },
      downPayment: { downPayment: 3000, hasTradeIn: true, tradeIn: { year: 2012, make: 'Honda', model: 'Civic', mileage: 187000, amountOwing: 4321 } },
      contact: { firstName: 'Fin', lastName: 'Ancer', email: 'fin@example.ca', phone: '(780) 555-0124', dateOfBirth: '1988-07-19' },
      consent: { creditCheckConsent: true, marketingConsent: false },
    } });
    expect(pre.statusCode, pre.body).toBe(201);
    await pass(new Date(Date.now() + 1000));
    const bodies = crm.received.map((r) => JSON.parse(r.raw) as LeadWebhookBody);
    const chatBody = bodies.find((b) => b.lead.id === chat.json().id)!;
    expect(chatBody.type).toBe('chat');
    expect(chatBody.lead.links.transcript).toBe(`${t.config.publicUrl}/admin/leads?lead=${chat.json().id}`);
    expect(chatBody.adf).toContain(`Chat transcript: ${t.config.publicUrl}/admin/leads?lead=${chat.json().id}`);

    const preBody = bodies.find((b) => b.type === 'pre_approval')!;
    const preRaw = crm.received.find((r) => r.raw.includes('"pre_approval"'))!.raw;
    expect(preBody.lead).toMatchObject({ name: 'Fin Ancer', email: 'fin@example.ca', phone: '(780) 555-0124', tradeIn: null, vehicle: { id: vehicleId, make: 'Toyota', model: 'RAV4', stockNumber: 'PRE022' } });
    for (const secret of ['6125', '1450', 'downPayment', 'amountOwing', '4321', 'Northern Pipe', 'Welder', '9817 82 Ave', '1988-07-19', 'income', 'Income', 'Civic', '187000']) {
      expect(preRaw, secret).not.toContain(secret);
    }
  });
});

describe('the ADF e-mail, through a real SMTP server', () => {
  it('carries the ADF XML as its plain-text body with subject "ADF lead: …", and is retried while the server is down', async () => {
    const smtp = await startSmtpSink();
    const port = smtp.port;
    const m = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const mAdmin = await loginAs(m.app, await m.createUser({ role: 'admin', username: 'mailadmin' }));
      expect((await put({ adfEmail: 'leads@crm.example.com', webhookUrl: null }, mAdmin, m)).statusCode).toBe(200);
      const lead = await createLead(m.db, { source: 'contact', leadType: 'contact', name: 'Ema Ilman', email: 'ema@example.ca', message: 'Call after 5' });
      const [d] = await m.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id));
      expect(d).toMatchObject({ channel: 'email', target: 'leads@crm.example.com' });

      // The intake server is down: the attempt fails and is retried.
      await smtp.close();
      const t0 = plus(d!.createdAt, 500);
      expect(await pass(t0, m)).toMatchObject({ failed: 1 });
      const failed = (await m.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, d!.id)))[0]!;
      expect(failed.status).toBe('pending');
      expect(failed.lastError).toMatch(/^SMTP: .*ECONNREFUSED/);

      // Back on the same port: the retry is delivered.
      const back = await startSmtpSinkOn(port);
      try {
        expect(await pass(failed.nextAttemptAt, m)).toMatchObject({ delivered: 1 });
        expect(back.received).toHaveLength(1);
        const raw = back.received[0]!;
        expect(raw).toMatch(/^Subject: ADF lead: Contact form - Ema Ilman$/m);
        expect(raw).toMatch(/^To: leads@crm\.example\.com/m);
        expect(raw).toMatch(/^Content-Type: text\/plain/m);
        expect(raw).toMatch(/\r?\n\r?\n<\?xml version="1.0" encoding="UTF-8"\?>\r?\n<\?adf version="1.0"\?>/);
        expect(raw).toContain('<name part="full">Ema Ilman</name>');
        const done = (await m.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, d!.id)))[0]!;
        expect(done.status).toBe('delivered');
        expect(done.lastResponse).toMatch(/^sent by SMTP \(outbox #\d+\)$/);
        // The test button reaches the same intake address.
        const test = await m.app.inject({ method: 'POST', url: '/api/admin/lead-delivery/test', headers: mAdmin.bearer });
        expect(test.json().results).toEqual([expect.objectContaining({ channel: 'email', ok: true })]);
        expect(back.received).toHaveLength(2);
        expect(back.received[1]).toMatch(/Subject: ADF lead: TEST/);
      } finally {
        await back.close();
      }
    } finally {
      await m.close();
    }
  });
});

describe('the log', () => {
  it('lists deliveries newest first with their status counts, filters by status, and brings a pending one forward on "send again"', async () => {
    await webhookOnly();
    crm.queue.push('fail');
    const leadId = (await contactLead('Lou Log')).json().id;
    const [d] = await deliveriesOf(leadId);
    await pass(plus(d!.createdAt, 500));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/lead-delivery/deliveries?status=pending', headers: admin.bearer });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.deliveries[0]).toMatchObject({ id: d!.id, leadId, leadName: 'Lou Log', leadType: 'contact', status: 'pending', attempts: 1, lastError: 'HTTP 503: CRM is down for maintenance' });
    expect(list.counts.pending).toBeGreaterThanOrEqual(1);
    expect(list.deliveries.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/lead-delivery/deliveries?status=lost', headers: admin.bearer })).statusCode).toBe(400);

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/lead-delivery/deliveries/${d!.id}/resend`, headers: admin.bearer });
    expect(again.json()).toMatchObject({ id: d!.id, status: 'pending' });
    expect(new Date(again.json().nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/lead-delivery/deliveries/999999/resend', headers: admin.bearer })).statusCode).toBe(404);
    const latest = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead_delivery.resend'))).orderBy(desc(auditLog.id)).limit(1);
    expect(latest[0]!.entityId).toBe(String(leadId));
  });
});

describe('a real kill -9 mid-send', () => {
  it('loses nothing: the next dispatcher sends the same delivery id and bytes once the claim lapses, and only once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lead-delivery-kill-'));
    const gotFirst = new Promise<void>((resolve) => {
      const check = setInterval(() => { if (crm.received.length > 0) { clearInterval(check); resolve(); } }, 10);
    });
    crm.received.length = 0;
    crm.queue.length = 0;
    crm.queue.push('hang');
    // Node itself with tsx's loader, not the tsx command: that runs the script in a child process of its own, which
    // SIGKILL would leave running with the database open (the data directory's lock refuses the reopen below).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/lead-delivery-child.ts', dir, crm.url, SECRET], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    try {
      // The CRM holds the child's request: the delivery is claimed and its body sent, no outcome recorded.
      await Promise.race([gotFirst, exited.then(() => { throw new Error(`the child ended before sending: ${err}`); })]);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SEED: 'off', LOG_LEVEL: 'silent' });
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      try {
        const [d] = await database.db.select().from(leadDeliveries);
        expect(d).toMatchObject({ status: 'sending', attempts: 1 });
        const at = (ms: number) => () => new Date(d!.claimedUntil!.getTime() + ms);
        // Before the claim lapses nobody sends it; after, exactly once more, identical.
        expect(await dispatchLeadDeliveries(app, { now: at(-1000), timeoutMs: TIMEOUT_MS })).toMatchObject({ delivered: 0, failed: 0 });
        expect(await dispatchLeadDeliveries(app, { now: at(0), timeoutMs: TIMEOUT_MS })).toMatchObject({ delivered: 1 });
        expect(await dispatchLeadDeliveries(app, { now: at(3_600_000), timeoutMs: TIMEOUT_MS })).toMatchObject({ delivered: 0 });
        expect(crm.received).toHaveLength(2);
        expect(crm.received[1]!.raw).toBe(crm.received[0]!.raw);
        expect(crm.received[1]!.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(d!.deliveryId);
        expect(verifies(crm.received[1]!)).toBe(true);
        expect((await database.db.select().from(leadDeliveries))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('retention', () => {
  it('clears the body a finished delivery sent after 30 days, keeping its log row', async () => {
    await webhookOnly();
    const leadId = (await contactLead('Reta Ention')).json().id;
    const [d] = await deliveriesOf(leadId);
    await pass(plus(d!.createdAt, 500));
    const done = await row(d!.id);
    expect(done.status).toBe('delivered');
    expect(done.payload).toContain('Reta Ention');
    const day = 24 * 3600_000;
    await purgeDeliveryPayloads(t.db, plus(done.deliveredAt!, PAYLOAD_RETENTION_DAYS * day - 1000));
    expect((await row(d!.id)).payload).not.toBeNull();
    expect(await purgeDeliveryPayloads(t.db, plus(done.deliveredAt!, PAYLOAD_RETENTION_DAYS * day + 1000))).toBeGreaterThanOrEqual(1);
    expect(await row(d!.id)).toMatchObject({ payload: null, status: 'delivered', lastResponse: 'HTTP 202' });
  });
});

describe('Standard Webhooks 1.0 (issue 54 §4)', () => {
  beforeEach(() => webhookOnly());

  it('signs every request for the standardwebhooks verifier, the same webhook-id on each retry; a stale timestamp, another body or another secret is refused', async () => {
    crm.queue.push('fail');
    const leadId = (await contactLead('Stan Dard')).json().id;
    const [d] = await deliveriesOf(leadId);
    const t0 = plus(d!.createdAt, 500);
    expect(await pass(t0)).toMatchObject({ failed: 1 });
    const t1 = (await row(d!.id)).nextAttemptAt;
    expect(await pass(t1)).toMatchObject({ delivered: 1 });
    expect(crm.received).toHaveLength(2);
    const sentAt = [t0, t1];
    crm.received.forEach((r, i) => {
      expect(r.headers['webhook-id']).toBe(d!.deliveryId);
      expect(r.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(d!.deliveryId);
      expect(r.headers['webhook-timestamp']).toBe(String(Math.floor(sentAt[i]!.getTime() / 1000)));
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(standardVerify(r, sentAt[i]!)).toMatchObject({ id: d!.deliveryId, event: 'lead.created', lead: { id: leadId } });
      // The older header, for receivers set up before, still verifies too.
      expect(verifies(r)).toBe(true);
    });
    // A retry: the same id and bytes, its own timestamp and so its own signature.
    expect(crm.received[1]!.raw).toBe(crm.received[0]!.raw);
    expect(crm.received[1]!.headers['webhook-signature']).not.toBe(crm.received[0]!.headers['webhook-signature']);

    const first = crm.received[0]!;
    expect(() => standardVerify(first, plus(t0, 6 * 60_000))).toThrow('Message timestamp too old');
    expect(() => standardVerify({ ...first, raw: first.raw.replace('Stan Dard', 'Stan Forged') }, t0)).toThrow('No matching signature found');
    expect(() => standardVerify(first, t0, `whsec_${Buffer.alloc(32, 9).toString('base64')}`)).toThrow('No matching signature found');
  });

  it('keeps a plain secret set before working: its characters are the key of both signatures', async () => {
    expect((await put({ adfEmail: null, webhookUrl: crm.url, webhookSecret: LEGACY_SECRET })).statusCode).toBe(200);
    const leadId = (await contactLead('Old Timer')).json().id;
    const [d] = await deliveriesOf(leadId);
    const at = plus(d!.createdAt, 500);
    expect(await pass(at)).toMatchObject({ delivered: 1 });
    const got = crm.received[0]!;
    expect(standardVerify(got, at, LEGACY_SECRET)).toMatchObject({ id: d!.deliveryId });
    expect(verifies(got, LEGACY_SECRET)).toBe(true);
  });
});

describe('at least once, and a receiver slower than the time limit (issue 54 §4)', () => {
  beforeEach(() => webhookOnly());

  it('does not send a timed-out delivery again at once when another to the same CRM succeeds: it waits its backoff', async () => {
    crm.queue.push('hang');
    const slow = (await deliveriesOf((await contactLead('Slow Poke')).json().id))[0]!;
    const quick = (await deliveriesOf((await contactLead('Quick Silver')).json().id))[0]!;
    const t0 = plus(quick.createdAt, 500);
    // One at a time, so the quick one's success comes after the slow one's time-out, as with a busy receiver.
    expect(await dispatchLeadDeliveries(t.app, { now: () => t0, timeoutMs: TIMEOUT_MS, concurrency: 1 })).toMatchObject({ delivered: 1, failed: 1 });
    const idsOf = () => crm.received.map((r) => r.headers['webhook-id']);
    expect(idsOf().filter((id) => id === slow.deliveryId)).toHaveLength(1);
    expect(await row(slow.id)).toMatchObject({ status: 'pending', lastError: `no answer within ${TIMEOUT_MS / 1000} s` });
    expect((await row(slow.id)).nextAttemptAt.getTime() - t0.getTime()).toBe(15_000);

    // At least once: after its backoff it is sent again, with the same id for the receiver to drop.
    expect(await pass(plus(t0, 15_000))).toMatchObject({ delivered: 1 });
    expect(idsOf().filter((id) => id === slow.deliveryId)).toHaveLength(2);
    expect(JSON.parse(crm.received.at(-1)!.raw).id).toBe(slow.deliveryId);
  });
});

describe('a channel that cannot send (issue 54 §4)', () => {
  it('an ADF e-mail without a mail server is "Not sent" in the log, on the lead and in the test answer, never delivered, and nothing waits to go out later', async () => {
    expect(t.config.mail.smtpUrl).toBeUndefined();
    expect((await put({ adfEmail: 'leads@crm.example.com', webhookUrl: null })).statusCode).toBe(200);
    await t.db.update(leadDeliveries).set({ status: 'delivered', claimedUntil: null }).where(sql`${leadDeliveries.status} in ('pending', 'sending')`);
    const leadId = (await contactLead('Mail Less')).json().id;
    const [d] = await deliveriesOf(leadId);
    expect(await pass(plus(d!.createdAt, 500))).toMatchObject({ delivered: 0, failed: 0, notSent: 1 });
    expect(await row(d!.id)).toMatchObject({ status: 'not_sent', lastError: NO_MAIL_SERVER, deliveredAt: null, lastResponse: null });
    // Final: no retry later.
    expect(await pass(plus(d!.createdAt, 3_600_000))).toMatchObject({ delivered: 0, failed: 0, notSent: 0 });

    const log = await t.app.inject({ method: 'GET', url: `/api/admin/lead-delivery/deliveries?leadId=${leadId}`, headers: admin.bearer });
    expect(log.json().deliveries).toEqual([expect.objectContaining({ id: d!.id, status: 'not_sent', lastError: NO_MAIL_SERVER, deliveredAt: null })]);
    expect(log.json().counts.not_sent).toBeGreaterThanOrEqual(1);
    const onTheLead = await t.app.inject({ method: 'GET', url: `/api/admin/leads/${leadId}`, headers: admin.bearer });
    expect(onTheLead.json().crmDeliveries).toEqual([{ channel: 'email', event: 'lead.created', status: 'not_sent', detail: NO_MAIL_SERVER, createdAt: d!.createdAt.toISOString() }]);

    const test = await t.app.inject({ method: 'POST', url: '/api/admin/lead-delivery/test', headers: admin.bearer });
    expect(test.json().results).toEqual([expect.objectContaining({ channel: 'email', ok: false, notSent: true, detail: NO_MAIL_SERVER })]);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'crm_adf'))).toEqual([]);

    // "Send again" of what never left: to the CRM still a first delivery, ADF status new.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/lead-delivery/deliveries/${d!.id}/resend`, headers: admin.bearer });
    expect(again.json()).toMatchObject({ status: 'pending', resendOf: d!.id });
    await pass(new Date(Date.now() + 1000));
    const copy = await row(again.json().id);
    expect(copy.status).toBe('not_sent');
    expect(JSON.parse(copy.payload!).adf).toContain('<prospect status="new">');
  });
});

describe('bookings and enquiries reach the CRM as a CRM expects (issue 54 §4)', () => {
  beforeEach(() => webhookOnly());

  it('a booking\'s first ADF is status new; a trade-in enquiry carries no empty vehicle; each is valid against the DTD', async () => {
    const { id: vehicleId } = await t.createVehicle({ year: 2020, make: 'Kia', model: 'Soul', stockNumber: 'NEW054', price: 19_000 });
    const booking = await t.app.inject({ method: 'POST', url: '/api/book-appointment', remoteAddress: `10.32.0.${++ip}`, payload: {
      customerName: 'Fresh Booking', customerPhone: '(780) 555-0154', customerEmail: 'fresh@example.ca', appointmentType: 'test_drive',
      preferredDate: addDays(albertaDate(), 3), preferredTime: '10:00 AM', message: '', vehicleId, vehicleInfo: '',
    } });
    expect(booking.statusCode, booking.body).toBe(201);
    const trade = await t.app.inject({ method: 'POST', url: '/api/appraisals', remoteAddress: `10.32.0.${++ip}`, payload: {
      purpose: 'trade-in', vehicle: { vin: '', year: 2015, make: 'mazda', model: 'mazda3', trim: 'GS', mileage: 140_000, condition: 'good' },
      contact: { name: 'Trey Din', phone: '403-555-0154', email: 'trey@example.ca' },
    } });
    expect(trade.statusCode, trade.body).toBe(201);
    await contactLead('Gen Eral');
    await pass(new Date(Date.now() + 1000));
    const bodies = crm.received.map((r) => JSON.parse(r.raw) as LeadWebhookBody);
    const book = bodies.find((b) => b.lead.name === 'Fresh Booking')!;
    expect(book.type).toBe('appointment');
    expect(book.adf).toContain('<prospect status="new">');
    expect(validAdf(book.adf)).toBe(true);
    const tradeBody = bodies.find((b) => b.lead.name === 'Trey Din')!;
    expect(tradeBody.adf).not.toContain('interest="buy"');
    expect(tradeBody.adf).toMatch(/<vehicle interest="trade-in" status="used">\s*<year>2015<\/year>/);
    expect(validAdf(tradeBody.adf)).toBe(true);
    const general = bodies.find((b) => b.lead.name === 'Gen Eral')!;
    expect(general.adf).toContain('<prospect status="new">');
    expect(validAdf(general.adf)).toBe(true);
  });

  it('a booking moved, then cancelled, through the shopper\'s link: on the lead\'s timeline, e-mailed to the dealer and delivered to the CRM, with the change', async () => {
    const smtp = await startSmtpSink();
    const m = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const mAdmin = await loginAs(m.app, await m.createUser({ role: 'admin', username: 'bookingcrm' }));
      expect((await put({ adfEmail: 'leads@crm.example.com', webhookUrl: crm.url, webhookSecret: SECRET }, mAdmin, m)).statusCode).toBe(200);
      const date = addDays(albertaDate(), 3);
      const booked = await m.app.inject({ method: 'POST', url: '/api/book-appointment', remoteAddress: '10.54.0.1', payload: {
        customerName: 'Mo Ving', customerPhone: '(780) 555-0155', customerEmail: 'mo@example.ca', appointmentType: 'test_drive',
        preferredDate: date, preferredTime: '10:00 AM', message: '', vehicleId: null, vehicleInfo: '',
      } });
      expect(booked.statusCode, booked.body).toBe(201);
      const appointmentId = booked.json().appointment.id as number;
      const [lead] = await m.db.select().from(leads).where(eq(leads.appointmentId, appointmentId));
      const tokenOf = async (subject: RegExp) => {
        const mails = await m.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'mo@example.ca')).orderBy(desc(outboxMessages.id));
        const mail = mails.find((x) => subject.test(x.subject))!;
        return /\/appointments\/manage\?token=([\w.-]+)/.exec(mail.text)![1]!;
      };
      await pass(new Date(Date.now() + 1000), m);
      crm.received.length = 0;
      const intakeBefore = smtp.received.length;

      const newDate = addDays(date, 7);
      const moved = await m.app.inject({ method: 'POST', url: '/api/appointments/manage/reschedule', payload: { token: await tokenOf(/request for/), preferredDate: newDate, preferredTime: '2:00 PM' } });
      expect(moved.statusCode, moved.body).toBe(200);

      // One transaction: the booking's change, the line on its lead, the dealer's e-mail and the CRM's deliveries.
      const xmin = async (table: string, where: string) => ((await m.db.execute(sql.raw(`select xmin::text as x from ${table} where ${where}`))).rows as { x: string }[]).map((r) => r.x);
      const [changeTx] = await xmin('appointments', `id = ${appointmentId}`);
      expect(await xmin('lead_notes', `lead_id = ${lead!.id}`)).toEqual([changeTx]);
      expect(await xmin('lead_deliveries', `lead_id = ${lead!.id} and event = 'appointment.rescheduled'`)).toEqual([changeTx, changeTx]);
      // The dealer's e-mail row was updated when it was sent; its created_at is the writing transaction's now().
      const createdAt = async (table: string, where: string) => ((await m.db.execute(sql.raw(`select created_at::text as c from ${table} where ${where}`))).rows as { c: string }[]).map((r) => r.c);
      const [noteAt] = await createdAt('lead_notes', `lead_id = ${lead!.id}`);
      expect(await createdAt('outbox_messages', `subject like 'Appointment moved:%'`)).toEqual([noteAt]);

      const movedText = `Appointment moved by the shopper, through the link in their e-mail: from ${date} at 10:00 AM to ${newDate} at 2:00 PM (Alberta time).`;
      const notes = await m.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead!.id));
      expect(notes).toEqual([expect.objectContaining({ authorName: 'Website', authorId: null, body: movedText })]);
      // The site's own line is not a response from staff.
      expect((await m.db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.firstResponseAt).toBeNull();
      const detail = await m.app.inject({ method: 'GET', url: `/api/admin/leads/${lead!.id}`, headers: mAdmin.bearer });
      expect(detail.json().notes).toEqual([expect.objectContaining({ authorName: 'Website', body: movedText })]);

      const [dealerMail] = await m.db.select().from(outboxMessages).where(eq(outboxMessages.subject, 'Appointment moved: Mo Ving'));
      expect(dealerMail).toMatchObject({ toAddress: m.config.mail.dealerAddress, status: 'sent' });
      expect(dealerMail!.text).toContain(movedText);
      expect(dealerMail!.text).toContain(`/admin/leads?lead=${lead!.id}`);
      expect(smtp.received.slice(intakeBefore).some((raw) => /^Subject: Appointment moved: Mo Ving$/m.test(raw))).toBe(true);

      const [hook] = await m.db.select().from(leadDeliveries).where(and(eq(leadDeliveries.leadId, lead!.id), eq(leadDeliveries.event, 'appointment.rescheduled'), eq(leadDeliveries.channel, 'webhook')));
      const at = plus(hook!.createdAt, 500);
      expect(await pass(at, m)).toMatchObject({ delivered: 2 });
      expect(crm.received).toHaveLength(1);
      const got = crm.received[0]!;
      expect(got.headers['x-lead-event']).toBe('appointment.rescheduled');
      const body = standardVerify(got, at) as LeadWebhookBody;
      expect(body).toMatchObject({
        id: hook!.deliveryId, event: 'appointment.rescheduled', type: 'appointment', lead: { id: lead!.id },
        change: { appointmentId, from: { date, time: '10:00 AM' }, to: { date: newDate, time: '2:00 PM' }, summary: movedText },
      });
      expect(body.adf).toContain('<prospect status="resend">');
      expect(body.adf).toContain(`<comments>${movedText}`);
      expect(validAdf(body.adf)).toBe(true);
      const adfMail = smtp.received.slice(intakeBefore).find((raw) => /^To: leads@crm\.example\.com/m.test(raw))!;
      expect(adfMail).toMatch(/^Subject: ADF lead update: Appointment moved - Booking - Mo Ving/m);
      // Quoted-printable: long lines are folded with soft breaks.
      expect(adfMail.replace(/=\r?\n/g, '')).toContain(`to ${newDate} at 2:00 PM`);

      // Cancelled with the link of the change's e-mail: a delivery of its own.
      crm.received.length = 0;
      const cancelled = await m.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: await tokenOf(/is now on/) } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const cancelText = `Appointment cancelled by the shopper, through the link in their e-mail: it was on ${newDate} at 2:00 PM (Alberta time).`;
      expect((await m.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead!.id))).map((n) => n.body)).toEqual([movedText, cancelText]);
      const [cancelHook] = await m.db.select().from(leadDeliveries).where(and(eq(leadDeliveries.leadId, lead!.id), eq(leadDeliveries.event, 'appointment.cancelled'), eq(leadDeliveries.channel, 'webhook')));
      const at2 = plus(cancelHook!.createdAt, 500);
      expect(await pass(at2, m)).toMatchObject({ delivered: 2 });
      const gone = standardVerify(crm.received[0]!, at2) as LeadWebhookBody;
      expect(gone).toMatchObject({ event: 'appointment.cancelled', change: { from: { date: newDate, time: '2:00 PM' }, summary: cancelText } });
      expect(gone.change).not.toHaveProperty('to');
      expect(gone.adf).toContain(`<comments>${cancelText}`);
      expect(validAdf(gone.adf)).toBe(true);
      expect((await m.db.select().from(appointments).where(eq(appointments.id, appointmentId)))[0]!.status).toBe('cancelled');
    } finally {
      await m.close();
      await smtp.close();
    }
  });
});

/** A second SMTP sink on a chosen port (the intake server coming back where it was). */
async function startSmtpSinkOn(port: number) {
  const { SMTPServer } = await import('smtp-server');
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => { received.push(Buffer.concat(chunks).toString()); callback(); });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}
