import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { chatLeadEmail } from '@domain/leads';
import { leads, outboxMessages, privateListings } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { LEADS_PER_IP } from './routes';
import { hashChatToken } from './service';
import { addDays, albertaDate } from '@domain/alberta-time';

// A week ahead, so the 3 PM slot has not passed whatever the hour the suite runs at.
const nextWeek = () => addDays(albertaDate(), 7);

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ip = 0;
const post = (payload: unknown, ctx: TestContext = t, remoteAddress = `10.1.0.${++ip}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/leads', payload: payload as Record<string, unknown>, remoteAddress });

// spec §3: the chat widget's lead.
const chatLead = () => ({
  email: chatLeadEmail('(780) 555-0199'),
  phone: '(780) 555-0199',
  source: 'carbro_chat',
  leadType: 'chat',
  additionalData: { name: 'Priya Sharma', chatInitiated: true, timestamp: '2026-11-23T15:00:00.000Z' },
});

describe('POST /api/leads', () => {
  it('stores a chat lead with the name from additionalData, keeps no synthesized e-mail, and answers a chat token', async () => {
    const res = await post(chatLead());
    expect(res.statusCode).toBe(201);
    const { id, chatToken } = res.json();
    expect(chatToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ source: 'carbro_chat', leadType: 'chat', name: 'Priya Sharma', phone: '(780) 555-0199', email: null, status: 'new' });
    expect(row!.additionalData).toMatchObject({ chatInitiated: true, synthesizedEmail: '7805550199@chat.carbro.invalid' });
    // Only the token's hash is stored.
    expect(row!.chatTokenHash).toBe(hashChatToken(chatToken));
  });

  it('e-mails the dealership through the outbox after storing the lead', async () => {
    const res = await post({ ...chatLead(), additionalData: { name: 'Outbox Check' } });
    const { id } = res.json();
    const [mail] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    expect(mail).toMatchObject({ toAddress: t.config.mail.dealerAddress, category: 'lead_notification' });
    expect(mail!.subject).toBe('New lead: Chat — Outbox Check');
    expect(mail!.text).toContain('(780) 555-0199');
    expect(mail!.text).toContain(`/admin/leads?lead=${id}`);
  });

  it('stores a contact lead with a real e-mail, message and vehicle, and names the vehicle', async () => {
    const { id: vehicleId } = await t.createVehicle({ year: 2020, make: 'Honda', model: 'CR-V', trim: 'EX', stockNumber: 'L2020' });
    const res = await post({ email: 'sam@example.ca', source: 'contact', leadType: 'contact', name: 'Sam', message: 'Is it still there?', vehicleId });
    expect(res.statusCode).toBe(201);
    expect(res.json().chatToken).toBeUndefined();
    const [row] = await t.db.select().from(leads).where(eq(leads.id, res.json().id));
    expect(row).toMatchObject({ email: 'sam@example.ca', phone: null, vehicleId, vehicleInfo: '2020 Honda CR-V EX (Stock # L2020)', message: 'Is it still there?' });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no e-mail and no phone', { email: undefined, phone: undefined }, 'phone'],
    ['a malformed e-mail', { email: 'priya@' }, 'email'],
    ['a phone with too few digits', { phone: '555-0199' }, 'phone'],
    ['a phone with letters', { phone: '780-555-CARS' }, 'phone'],
    ['an unknown source', { source: 'facebook' }, 'source'],
    ['a server-only source', { source: 'pre_approval' }, 'source'],
    ['an unknown lead type', { leadType: 'spam' }, 'leadType'],
    ['additionalData that is not an object', { additionalData: 'hello' }, 'additionalData'],
    ['a string vehicle id', { vehicleId: '12' }, 'vehicleId'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
  ];
  it.each(cases)('answers 400 for %s, naming the field', async (_name, patch, field) => {
    const payload: Record<string, unknown> = { ...chatLead(), ...patch };
    for (const k of Object.keys(patch)) if (patch[k] === undefined) delete payload[k];
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('answers 400 for a vehicle that does not exist', async () => {
    const res = await post({ ...chatLead(), vehicleId: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/vehicleId does not match a vehicle/);
  });

  it(`limits an address to ${LEADS_PER_IP.max} leads per window: 429 with Retry-After`, async () => {
    const addr = '10.7.7.7';
    for (let i = 0; i < LEADS_PER_IP.max; i++) expect((await post(chatLead(), t, addr)).statusCode).toBe(201);
    const res = await post(chatLead(), t, addr);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(chatLead(), t, '10.7.7.8')).statusCode).toBe(201);
  });
});

describe('a booking is a lead too', () => {
  it('creates an appointment-stage lead in the booking transaction and e-mails the dealer', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/book-appointment', remoteAddress: '10.2.0.1',
      payload: { customerName: 'Lee Chan', customerPhone: '403-555-0123', appointmentType: 'test_drive', preferredDate: nextWeek(), preferredTime: '3:00 PM' },
    });
    expect(res.statusCode).toBe(201);
    const appointmentId = res.json().appointment.id;
    const [row] = await t.db.select().from(leads).where(eq(leads.appointmentId, appointmentId));
    expect(row).toMatchObject({ source: 'booking', leadType: 'appointment', name: 'Lee Chan', phone: '403-555-0123', status: 'appointment', refType: 'appointment' });
    expect(row!.message).toContain('Test drive on');
    const [mail] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    expect(mail!.subject).toBe('New lead: Booking — Lee Chan');
  });
});

describe('a message to a private seller is a lead too', () => {
  it('lands in the inbox with the buyer, the vehicle and the message', async () => {
    const seller = await t.createUser();
    const { id: vehicleId } = await t.createVehicle({ sellerType: 'private seller', ownerId: seller.id, stockNumber: 'PS0001' });
    await t.db.insert(privateListings).values({ vehicleId, ownerId: seller.id, state: 'approved' });
    const res = await t.app.inject({
      method: 'POST', url: `/api/vehicles/${vehicleId}/private-seller/messages`, remoteAddress: '10.3.0.1',
      payload: { name: 'Bea Buyer', email: 'bea@example.ca', phone: '780-555-0123', message: 'Is it still available? Can I see it Saturday?' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(leads).where(eq(leads.source, 'private_listing'));
    expect(row).toMatchObject({ leadType: 'listing_message', name: 'Bea Buyer', email: 'bea@example.ca', vehicleId, message: 'Is it still available? Can I see it Saturday?' });
  });
});

// Issue 30: the dealer's e-mail was lost when the database failed between storing the lead and queuing the e-mail.
// Now both rows are written by one transaction: PostgreSQL stamps every row with the id of the transaction that
// wrote it (xmin), so equal stamps prove they commit, or roll back, together.
describe('the dealer e-mail is recorded in the lead\'s own transaction', () => {
  const writtenBy = async (table: 'leads' | 'outbox_messages', id: number) =>
    (await t.db.execute(sql`select xmin::text as tx from ${sql.identifier(table)} where id = ${id}`)).rows[0] as { tx: string };
  const latestMail = async () => (await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1))[0]!;

  it('for a contact lead', async () => {
    const res = await post({ source: 'contact', leadType: 'contact', name: 'Same Transaction', email: 'same.tx@example.ca', phone: '780-555-0142', additionalData: {} });
    expect(res.statusCode).toBe(201);
    const mail = await latestMail();
    expect(mail.text).toContain(`/admin/leads?lead=${res.json().id}`);
    expect(mail.category).toBe('lead_notification');
    expect((await writtenBy('outbox_messages', mail.id)).tx).toBe((await writtenBy('leads', res.json().id)).tx);
  });

  it('for a booking', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/book-appointment', remoteAddress: '10.2.0.9',
      payload: { customerName: 'Ola Tx', customerPhone: '403-555-0177', appointmentType: 'general', preferredDate: nextWeek(), preferredTime: '2:00 PM' },
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await t.db.select().from(leads).where(eq(leads.appointmentId, res.json().appointment.id));
    const mail = await latestMail();
    expect(mail.text).toContain(`/admin/leads?lead=${lead!.id}`);
    expect((await writtenBy('outbox_messages', mail.id)).tx).toBe((await writtenBy('leads', lead!.id)).tx);
  });
});

describe('when the mail module fails', () => {
  let broken: TestContext;
  beforeAll(async () => {
    broken = await createTestApp({ mailer: { send: () => Promise.reject(new Error('SMTP is down')) } });
  });
  afterAll(() => broken.close());

  it('still stores the chat lead and answers 201', async () => {
    const res = await post(chatLead(), broken);
    expect(res.statusCode).toBe(201);
    const rows = await broken.db.select().from(leads).where(eq(leads.id, res.json().id));
    expect(rows).toHaveLength(1);
  });

  it('still stores the booking and its lead', async () => {
    const res = await broken.app.inject({
      method: 'POST', url: '/api/book-appointment', remoteAddress: '10.2.0.2',
      payload: { customerName: 'Ana Ruiz', customerPhone: '780-555-0111', appointmentType: 'general', preferredDate: nextWeek(), preferredTime: '4:00 PM' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await broken.db.select().from(leads).where(eq(leads.appointmentId, res.json().appointment.id));
    expect(row?.name).toBe('Ana Ruiz');
  });
});
