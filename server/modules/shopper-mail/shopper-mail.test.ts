// Issue 33 §1: a shopper hears back. A real SMTP server receives every shopper e-mail (booking with its .ics,
// change and cancel through the signed link, the reminder the day before, hold requested/confirmed/released/expired,
// pre-approval receipt, listing approved/declined, trade estimate); each names the dealership, its licence, its
// address and a contact, in text and HTML; a failed send is retried from the outbox and never blocks the request.
import ICAL from 'ical.js';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, albertaDate, albertaInstant } from '@domain/alberta-time';
import { DEALERSHIP } from '@domain/settings';
import { withCheckDigit } from '@domain/vin';
import { appointments, notifications, outboxMessages } from '../../db/schema';
import { createTestApp, loginAs, startSmtpSink, type Session, type TestContext } from '../../test/helpers';
import { queueBookingReminders } from '../appointments/service';
import { confirmHold, expireHolds, HOLD_JOB_ACTOR, releaseHoldOfLead } from '../holds/service';
import { dispatchOnce } from '../notifications/dispatch';
import { claimRun } from '../jobs/scheduler';

// ---- a small MIME reader: enough to find the text, HTML and calendar parts nodemailer writes ----
interface Part { type: string; contentType: string; body: string }
const header = (head: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
function decode(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
function mimeParts(raw: string): Part[] {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const contentType = header(head, 'content-type') || 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)![1]!;
    return body.split(`--${boundary}`).slice(1, -1).map((p) => p.replace(/^\r\n/, '')).flatMap(mimeParts);
  }
  return [{ type, contentType, body: decode(body, header(head, 'content-transfer-encoding')) }];
}
interface Received { to: string; from: string; replyTo: string; subject: string; text: string; html: string; calendar: Part | undefined }
function readMessage(raw: string): Received {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const parts = mimeParts(raw);
  return {
    to: header(head, 'to'), from: header(head, 'from'), replyTo: header(head, 'reply-to'), subject: header(head, 'subject'),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
    calendar: parts.find((p) => p.type === 'text/calendar'),
  };
}

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Session;
const inbox = () => smtp.received.map(readMessage);
/** Waits for the message (the send is awaited before the answer; this only guards the sink's bookkeeping). */
async function mailTo(to: string, subject: RegExp): Promise<Received> {
  await vi.waitFor(() => expect(inbox().some((m) => m.to.includes(to) && subject.test(m.subject))).toBe(true), { timeout: 5000 });
  return inbox().filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1)!;
}
function expectSignedOff(m: Received, city = 'Edmonton') {
  const store = DEALERSHIP.addresses.find((a) => a.city === city)!;
  // Issue 57: every shopper e-mail's Reply-To is the store it signs off as.
  expect(m.replyTo).toBe(store.email);
  for (const body of [m.text, m.html]) {
    expect(body).toContain(DEALERSHIP.name);
    expect(body).toContain(DEALERSHIP.amvicLicence);
    expect(body).toContain(store.street);
    expect(body).toContain(store.phone);
    expect(body).toContain(DEALERSHIP.email);
  }
  expect(m.html).toMatch(/^<!doctype html>/i);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://shop.example.ca' } });
  admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'mailadmin' }));
});
afterAll(async () => { await t.close(); await smtp.close(); });

let ip = 0;
const nextIp = () => `10.33.${Math.floor(++ip / 250)}.${ip % 250}`;
const book = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/book-appointment', payload, remoteAddress: nextIp() });
const tokenIn = (m: Received) => /appointments\/manage\?token=([A-Za-z0-9_.-]+)/.exec(m.text)![1]!;
const soon = (days: number) => addDays(albertaDate(), days);
const booking = (over: Record<string, unknown> = {}) => ({
  customerName: 'Priya Sharma', customerPhone: '(780) 555-0199', customerEmail: 'priya@example.ca', appointmentType: 'test_drive',
  // A Wednesday two to eight days ahead: both stores are open at 10 AM.
  preferredDate: nextWeekday(3), preferredTime: '10:00 AM', message: '', vehicleId: null, ...over,
});
function nextWeekday(day: number): string {
  for (let i = 2; i < 10; i++) if (new Date(`${soon(i)}T12:00:00Z`).getUTCDay() === day) return soon(i);
  throw new Error('unreachable');
}

describe('booking', () => {
  it('e-mails the confirmation with the details, a map link, what to bring and an .ics at the booked Alberta time', async () => {
    const { id: vehicleId } = await t.createVehicle({ location: 'Calgary', make: 'Toyota', model: 'RAV4', year: 2022 });
    const res = await book(booking({ vehicleId, customerEmail: 'cal@example.ca' }));
    expect(res.statusCode, res.body).toBe(201);
    // The page promises only what was sent (issue 33 §1 "SMS honesty").
    expect(res.json().confirmations).toEqual({ email: 'cal@example.ca', text: false });
    const m = await mailTo('cal@example.ca', /test drive request/i);
    expectSignedOff(m, 'Calgary');
    // Issue 57: sent from the no-reply address, a reply goes to the Calgary store, and the outbox keeps where.
    expect(m.from).toContain(t.config.mail.from.replace(/^.*</, '').replace(/>$/, ''));
    expect(m.replyTo).toBe('calgary@prairiemotorhub.ca');
    expect(m.text).toContain('Appointment: Test drive');
    expect(m.text).toContain('Time: 10:00 AM (Alberta time)');
    expect(m.text).toContain('Store: Prairie Motor Hub Calgary');
    expect(m.text).toContain('4120 Macleod Trail SE, Calgary, AB T2G 2R7');
    expect(m.text).toMatch(/Map: https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Calgary/);
    expect(m.text).toContain("What to bring: Your valid driver's licence and proof of insurance.");
    expect(m.text).toContain('2022 Toyota RAV4');
    expect(m.text).toMatch(/Change or cancel this appointment: https:\/\/shop\.example\.ca\/appointments\/manage\?token=/);
    expect(m.calendar!.contentType).toMatch(/^text\/calendar;.*method=REQUEST/i);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(m.calendar!.body)).getFirstSubcomponent('vevent')!);
    const date = booking().preferredDate as string;
    expect(event.startDate.toJSDate().toISOString()).toBe(albertaInstant(date, 10 * 60).toISOString());
    expect(event.startDate.toJSDate().toISOString()).toBe(`${date}T16:00:00.000Z`); // 10 AM at UTC-6
    expect(event.location).toContain('4120 Macleod Trail SE');
    // The outbox row is the record: sent, with the invitation kept for a retry.
    const [row] = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.toAddress, 'cal@example.ca'), eq(outboxMessages.category, 'shopper_booking')));
    expect(row).toMatchObject({ status: 'sent', replyTo: 'calgary@prairiemotorhub.ca' });
    expect(row!.attachments![0]!.filename).toBe('appointment.ics');
    // Issue 57: the mail says it is attached, and the back office lists it and opens it as it was sent.
    expect(m.text).toContain('Attached: appointment.ics, a calendar invitation. Open it to add this to your calendar.');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?to=cal%40example.ca', headers: admin.bearer });
    const listed = (list.json().messages as Array<{ id: number; category: string; replyTo: string | null; attachments: unknown[] }>).find((x) => x.id === row!.id)!;
    expect(listed.replyTo).toBe('calgary@prairiemotorhub.ca');
    expect(listed.attachments).toEqual([{ index: 0, filename: 'appointment.ics', contentType: expect.stringMatching(/^text\/calendar/), bytes: Buffer.byteLength(row!.attachments![0]!.content) }]);
    const file = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${row!.id}/attachments/0`, headers: admin.bearer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="appointment.ics"');
    expect(file.body).toBe(row!.attachments![0]!.content);
    expect(file.body).toContain('STATUS:TENTATIVE');
    // What is not there is a 404 that says so; a bad index a 400 naming it; a visitor is refused.
    const missing = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${row!.id}/attachments/3`, headers: admin.bearer });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('No such attachment');
    const bad = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${row!.id}/attachments/x`, headers: admin.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('index');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${row!.id}/attachments/0` })).statusCode).toBe(401);
  });

  it('sends nothing and promises nothing by e-mail when the shopper gave no address', async () => {
    const before = smtp.received.length;
    const res = await book(booking({ customerEmail: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().confirmations).toEqual({ email: null, text: false });
    // Only the dealer's own lead notice went out.
    expect(smtp.received.slice(before).map((raw) => readMessage(raw).to)).toEqual([t.config.mail.dealerAddress]);
  });

  it('the signed link shows, moves and cancels the booking; a tampered, replaced or expired link is refused', async () => {
    const res = await book(booking({ customerEmail: 'link@example.ca' }));
    expect(res.statusCode).toBe(201);
    const token = tokenIn(await mailTo('link@example.ca', /request for/));
    const view = await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().appointment).toMatchObject({ appointmentType: 'test_drive', preferredTime: '10:00 AM', status: 'requested', location: null });

    // Tampered: another booking's id under this signature.
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, id: payload.id + 1 })).toString('base64url')}.${sig}`;
    const bad = await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${forged}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ token: 'token is not a valid link' });
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: forged } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: {} })).json().fields).toHaveProperty('token');

    // Move it: a new e-mail with an updated invitation (same UID, next SEQUENCE) and a new link; the old link is retired.
    const newDate = addDays(booking().preferredDate as string, 7);
    const moved = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/reschedule', payload: { token, preferredDate: newDate, preferredTime: '2:00 PM' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({ preferredDate: newDate, preferredTime: '2:00 PM' });
    const changed = await mailTo('link@example.ca', /is now on/);
    expect(changed.text).toContain('Time: 2:00 PM (Alberta time)');
    const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(changed.calendar!.body)).getFirstSubcomponent('vevent')!);
    expect(ev.startDate.toJSDate().toISOString()).toBe(`${newDate}T20:00:00.000Z`);
    expect(ev.sequence).toBe(1);
    const stale = await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${token}` });
    expect(stale.statusCode).toBe(410);
    expect(stale.json().code).toBe('link_expired');

    // A slot the store cannot keep is refused, naming the field (Sundays open at 10 AM).
    const newToken = tokenIn(changed);
    const closed = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/reschedule', payload: { token: newToken, preferredDate: nextSunday(newDate), preferredTime: '9:00 AM' } });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fields.preferredTime).toMatch(/open 10:00 AM to 5:00 PM on Sundays/);

    // Cancel: the calendar gets a CANCEL; the booking is closed.
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: newToken } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = await mailTo('link@example.ca', /is cancelled/);
    expect(gone.calendar!.contentType).toMatch(/method=CANCEL/i);
    expect(gone.calendar!.body).toContain('STATUS:CANCELLED');
    expect(gone.text).not.toContain('/appointments/manage?token=');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.customerEmail, 'link@example.ca'));
    expect(row!.status).toBe('cancelled');
  });

  it('a move answers with the new link, so the page can move or cancel again; a dead link names its booking\'s store', async () => {
    const { id: vehicleId } = await t.createVehicle({ location: 'Calgary', make: 'Subaru', model: 'Forester', year: 2022 });
    const res = await book(booking({ customerEmail: 'calgary-link@example.ca', vehicleId }));
    expect(res.statusCode, res.body).toBe(201);
    const first = tokenIn(await mailTo('calgary-link@example.ca', /request for/));
    const newDate = addDays(booking().preferredDate as string, 7);
    const moved = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/reschedule', payload: { token: first, preferredDate: newDate, preferredTime: '1:00 PM' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const next = moved.json().token as string;
    // The answer's link is the e-mail's link: one new link, not two.
    expect(next).toBe(tokenIn(await mailTo('calgary-link@example.ca', /is now on/)));
    expect(moved.json().appointment).toMatchObject({ location: 'Calgary', vehicleId, preferredTime: '1:00 PM' });

    // The replaced link is dead, and says which store the booking is with.
    const stale = await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${first}` });
    expect(stale.statusCode).toBe(410);
    expect(stale.json()).toMatchObject({ code: 'link_expired', context: { store: 'Calgary' } });

    // The new link moves it again, then cancels it; a cancel answers with no link (the booking is closed).
    const again = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/reschedule', payload: { token: next, preferredDate: newDate, preferredTime: '3:00 PM' } });
    expect(again.statusCode, again.body).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: again.json().token } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).not.toHaveProperty('token');
    expect(cancelled.json().appointment).toMatchObject({ status: 'cancelled', vehicleId });

    // A link that names no booking (tampered) has no store to give.
    const bad = await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${next.slice(0, -2)}xx` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).not.toHaveProperty('context');
  });

  it('a link expires when the appointment starts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-03-01T15:00:00Z')); // Monday 9 AM Alberta time
      const res = await book(booking({ customerEmail: 'expiry@example.ca', preferredDate: '2027-03-03', preferredTime: '11:00 AM' }));
      expect(res.statusCode, res.body).toBe(201);
      const token = tokenIn(await mailTo('expiry@example.ca', /request for/));
      expect((await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${token}` })).statusCode).toBe(200);
      vi.setSystemTime(new Date('2027-03-03T17:00:00Z')); // 11 AM Alberta time: it starts
      const late = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token } });
      expect(late.statusCode).toBe(410);
      expect(late.json().message).toMatch(/expired/);
      // Expired, it still names the booking's store (no vehicle, no store chosen: the first store).
      expect(late.json().context).toEqual({ store: 'Edmonton' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('the reminder the day before is claimed once, even by two instances at the same moment', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-04-05T15:00:00Z')); // Monday 9 AM Alberta time
      const res = await book(booking({ customerEmail: 'remind@example.ca', preferredDate: '2027-04-07', preferredTime: '3:00 PM' }));
      expect(res.statusCode, res.body).toBe(201);
      const links = { publicUrl: t.config.publicUrl, sessionSecret: t.config.sessionSecret };
      // Two days ahead: not yet.
      expect(await queueBookingReminders(t.db, links, new Date())).toEqual([]);
      const tuesday = new Date('2027-04-06T15:00:00Z');
      const [a, b] = await Promise.all([queueBookingReminders(t.db, links, tuesday), queueBookingReminders(t.db, links, tuesday)]);
      const reminders = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.toAddress, 'remind@example.ca'), eq(outboxMessages.category, 'shopper_booking_reminder')));
      expect(reminders).toHaveLength(1);
      expect([...a, ...b]).toEqual([reminders[0]!.id]);
      expect(await queueBookingReminders(t.db, links, new Date('2027-04-06T20:00:00Z'))).toEqual([]);
      expect(reminders[0]!.subject).toMatch(/^Reminder: your test drive is tomorrow/);
      expect(reminders[0]!.text).toContain('Time: 3:00 PM (Alberta time)');
      // The job itself is also claimed once per interval across instances (modules/jobs claimRun).
      const claims = await Promise.all([claimRun(t.db, 'booking-reminders', 15 * 60_000, tuesday), claimRun(t.db, 'booking-reminders', 15 * 60_000, tuesday)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

function nextSunday(from: string): string {
  for (let i = 1; i <= 7; i++) if (new Date(`${addDays(from, i)}T12:00:00Z`).getUTCDay() === 0) return addDays(from, i);
  throw new Error('unreachable');
}

describe('a failed send', () => {
  it('never blocks the booking, and is retried from the outbox with backoff until it goes', async () => {
    // Nothing listens on port 1 (privileged, unused): every connection is refused at once.
    const m = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await m.app.inject({ method: 'POST', url: '/api/book-appointment', payload: booking({ customerEmail: 'retry@example.ca' }), remoteAddress: nextIp() });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await m.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'retry@example.ca'));
      expect(row).toMatchObject({ status: 'stored', attempts: 1 });
      expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      const log = { error: () => {} };
      // Not before its time.
      const sent: Array<{ to: string; attachments?: unknown[] }> = [];
      const transport = { sendMail: async (msg: { to: string; attachments?: unknown[] }) => { sent.push(msg); } };
      expect(await dispatchOnce(m.db, transport, 'from@example.ca', log)).toEqual({ sent: 0, failed: 0 });
      // After it: sent, with its invitation.
      const later = () => new Date(Date.now() + 2 * 60_000);
      expect(await dispatchOnce(m.db, transport, 'from@example.ca', log, later)).toEqual({ sent: 1, failed: 0 });
      expect(sent[0]!.to).toBe('retry@example.ca');
      expect(sent[0]!.attachments).toHaveLength(1);
    } finally {
      await m.close();
    }
  });
});

describe('holds', () => {
  const shopper = { name: 'Jordan Reyes', phone: '(780) 555-0123', email: 'jordan@example.ca' };
  it('the shopper hears of the request, the confirmation with its end time, and the release', async () => {
    const { id } = await t.createVehicle({ make: 'Mazda', model: 'CX-5', year: 2021 });
    const res = await t.app.inject({ method: 'POST', url: `/api/vehicles/${id}/hold-requests`, payload: shopper, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(201);
    const asked = await mailTo('jordan@example.ca', /received your hold request/);
    expectSignedOff(asked);
    expect(asked.text).toContain('No payment is taken');
    const leadId = res.json().id as number;
    const now = new Date('2030-01-10T18:00:00Z'); // 12:00 PM Alberta time; 48 hours on: Saturday 12 January 2030, noon
    await confirmHold(t.app, { id: null, name: 'test' }, leadId, now);
    const confirmed = await mailTo('jordan@example.ca', /hold is confirmed/);
    expect(confirmed.text).toMatch(/Held until: Saturday, January 12, 2030 at 12:00 p\.m\. Alberta time/);
    await releaseHoldOfLead(t.app, { id: null, name: 'test' }, leadId, new Date('2030-01-11T18:00:00Z'));
    expect((await mailTo('jordan@example.ca', /hold has ended/)).text).toContain('available to everyone again');
  });

  it('a signed-in holder sees their own hold (GET /api/my-holds) and a bell notification; others do not', async () => {
    const jordan = await t.createUser({ email: 'jordan.signed@example.ca' });
    const js = await loginAs(t.app, jordan);
    const other = await loginAs(t.app, await t.createUser());
    const { id } = await t.createVehicle({ make: 'Kia', model: 'Telluride', year: 2023 });
    const res = await t.app.inject({ method: 'POST', url: `/api/vehicles/${id}/hold-requests`, headers: js.bearer, payload: { ...shopper, email: 'jordan.signed@example.ca' }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-holds', headers: js.bearer })).json()).toEqual({ holds: [] }); // asked, not held
    const now = new Date();
    await confirmHold(t.app, { id: null, name: 'test' }, res.json().id, now);
    const mine = await t.app.inject({ method: 'GET', url: '/api/my-holds', headers: js.bearer });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json()).toEqual({ holds: [{ vehicleId: id, heldUntil: new Date(now.getTime() + 48 * 3600_000).toISOString() }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/my-holds', headers: other.bearer })).json()).toEqual({ holds: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/my-holds' })).statusCode).toBe(401);
    const bell = await t.db.select().from(notifications).where(and(eq(notifications.userId, jordan.id), eq(notifications.event, 'hold.confirmed')));
    expect(bell).toHaveLength(1);
    expect(bell[0]!.message).toMatch(/^Held for you until .+ Alberta time: the 2023 Kia Telluride\.$/);
    expect(bell[0]!.link).toBe(`/vehicles/${id}`);
  });

  it('and of its expiry', async () => {
    const { id } = await t.createVehicle({ make: 'Subaru', model: 'Outback', year: 2020 });
    const res = await t.app.inject({ method: 'POST', url: `/api/vehicles/${id}/hold-requests`, payload: { ...shopper, email: 'exp@example.ca' }, remoteAddress: nextIp() });
    const now = new Date('2030-02-01T18:00:00Z');
    await confirmHold(t.app, HOLD_JOB_ACTOR, res.json().id, now);
    expect(await expireHolds(t.app, new Date('2030-02-03T18:00:01Z'))).toBeGreaterThanOrEqual(1);
    expect((await mailTo('exp@example.ca', /hold has expired/)).subject).toContain('2020 Subaru Outback');
  });
});

describe('pre-approval, private listing, trade estimate', () => {
  it('a pre-approval receipt has the reference and next steps, never a financial detail', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/pre-approvals', remoteAddress: nextIp(), payload: {
        vehicle: { vehicleId: null, vehicleInterest: 'Mid-size SUV, AWD' },
        employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: 'Welder', monthsAtJob: 38, monthlyIncome: 6125 },
        housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 't6e1z4', yearsAtAddress: 3 },
        downPayment: { downPayment: 3000, hasTradeIn: false },
        contact: { firstName: 'Dana', lastName: 'Kowalczyk', email: 'dana.k@example.ca', phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
        consent: { creditCheckConsent: true, marketingConsent: false },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = await mailTo('dana.k@example.ca', /pre-approval application PA-/);
    expectSignedOff(m);
    expect(m.text).toContain(`Reference: ${res.json().reference}`);
    expect(m.text).toContain('A financing specialist reviews your application');
    for (const secret of ['6125', '6,125', '1450', '1,450', '3000', '3,000', '1988', '9817', 'Northern Pipe', 'Welder']) {
      expect(m.text).not.toContain(secret);
      expect(m.html).not.toContain(secret);
    }
  });

  it('a private seller hears that their listing was approved, or declined and why', async () => {
    const seller = await t.createUser({ email: 'seller@example.ca' });
    const s = await loginAs(t.app, seller);
    const headers = { origin: t.config.publicUrl, cookie: s.cookie };
    const create = (vin: string) => t.app.inject({
      method: 'POST', url: '/api/my-listings', headers, payload: {
        vin, year: 2019, make: 'Honda', model: 'Civic', trim: 'LX', price: 18_500, mileage: 82_000, bodyType: 'Sedan', transmission: 'CVT',
        drivetrain: 'FWD', fuelType: 'Gasoline', exteriorColor: 'Lunar Silver', location: 'Calgary',
        description: 'One owner, winter tires included, all service records from the dealer.', features: ['Heated Seats'],
      },
    });
    const a = await create(withCheckDigit('2HGFC2F50KH330001'));
    expect(a.statusCode, a.body).toBe(201);
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/listings/${a.json().listing.id}/approve`, headers: admin.bearer });
    expect(approved.statusCode, approved.body).toBe(200);
    const ok = await mailTo('seller@example.ca', /listing is live/);
    expectSignedOff(ok, 'Calgary');
    expect(ok.text).toContain('approved');
    const b = await create(withCheckDigit('2HGFC2F50KH330002'));
    expect(b.statusCode, b.body).toBe(201);
    const declined = await t.app.inject({ method: 'POST', url: `/api/admin/listings/${b.json().listing.id}/reject`, headers: admin.bearer, payload: { reason: 'Please add the odometer photo.' } });
    expect(declined.statusCode, declined.body).toBe(200);
    const no = await mailTo('seller@example.ca', /listing needs changes/);
    expectSignedOff(no, 'Calgary');
    expect(no.text).toContain('Reason: Please add the odometer photo.');
  });

  it('a trade estimate e-mail gives the range and how it was made', async () => {
    await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2019, mileage: 70_000, price: 21_000, bodyType: 'Sedan' });
    await t.createVehicle({ make: 'Honda', model: 'Civic', year: 2020, mileage: 50_000, price: 23_500, bodyType: 'Sedan' });
    const res = await t.app.inject({
      method: 'POST', url: '/api/appraisals', remoteAddress: nextIp(),
      payload: { purpose: 'trade-in', vehicle: { vin: '', year: 2019, make: 'honda', model: 'civic', trim: 'LX', mileage: 82_000, condition: 'good' }, contact: { name: 'Sam Okafor', phone: '403-555-0177', email: 'sam@example.ca' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { low, high } = res.json().estimate;
    const m = await mailTo('sam@example.ca', /trade estimate/);
    expectSignedOff(m);
    expect(m.text).toContain(`Estimated range: $${low.toLocaleString('en-CA')} to $${high.toLocaleString('en-CA')}`);
    expect(m.text).toContain('How it was made:');
    expect(m.text).toContain('We look for vehicles of the same make and model');
    expect(m.text).toContain('not an offer');
  });
});

describe('the outbox holds the shopper messages it sent', () => {
  it('every shopper category above went out (status sent)', async () => {
    const rows = await t.db.select().from(outboxMessages).where(like(outboxMessages.category, 'shopper_%'));
    const categories = new Set(rows.map((r) => r.category));
    for (const c of ['shopper_booking', 'shopper_hold', 'shopper_pre_approval', 'shopper_listing', 'shopper_trade_estimate']) expect(categories).toContain(c);
    expect(rows.filter((r) => r.category !== 'shopper_booking_reminder').every((r) => r.status === 'sent')).toBe(true);
  });
});

describe('SMS (spec §8 "You\'ll receive a confirmation text")', () => {
  it('with SMS configured, the booking texts the shopper through the Twilio-compatible API, and the answer says so', async () => {
    const { createServer } = await import('node:http');
    const calls: Array<{ url: string; auth: string; body: URLSearchParams }> = [];
    let failNext = true;
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => { data += c.toString(); });
      req.on('end', () => {
        calls.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body: new URLSearchParams(data) });
        // The first attempt fails like a provider outage: the text waits in the outbox and goes on the next pass.
        if (failNext) { failNext = false; res.writeHead(503).end('{"message":"busy"}'); return; }
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM123","status":"queued"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const m = await createTestApp({ env: { SMS_API_URL: `http://127.0.0.1:${port}`, SMS_ACCOUNT_SID: 'AC0001', SMS_AUTH_TOKEN: 'tok', SMS_FROM: '+17805550142' } });
    try {
      const res = await m.app.inject({ method: 'POST', url: '/api/book-appointment', payload: booking({ customerEmail: '', customerPhone: '(403) 555-0123' }), remoteAddress: nextIp() });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().confirmations).toEqual({ email: null, text: true });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe('/2010-04-01/Accounts/AC0001/Messages.json');
      expect(calls[0]!.auth).toBe(`Basic ${Buffer.from('AC0001:tok').toString('base64')}`);
      expect(calls[0]!.body.get('To')).toBe('+14035550123');
      expect(calls[0]!.body.get('From')).toBe('+17805550142');
      expect(calls[0]!.body.get('Body')).toMatch(/^Prairie Motor Hub: your test drive request for .* at 10:00 AM \(Alberta time\) at 10250 Gateway Blvd NW, Edmonton is received\. Questions or changes: \(780\) 555-0142\.$/);
      const [row] = await m.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'sms_shopper'));
      expect(row).toMatchObject({ status: 'stored', attempts: 1, toAddress: '+14035550123' });
      const { dispatchSmsOnce } = await import('./sms');
      expect(await dispatchSmsOnce(m.db, m.config.sms!, { error: () => {} }, () => new Date(Date.now() + 2 * 60_000))).toEqual({ sent: 1, failed: 0 });
      expect(calls).toHaveLength(2);
      const [after] = await m.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
      expect(after!.status).toBe('sent');
    } finally {
      await m.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('without SMS configured nothing is queued as a text', async () => {
    const res = await book(booking({ customerEmail: 'nosms@example.ca' }));
    expect(res.json().confirmations.text).toBe(false);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'sms_shopper'))).toEqual([]);
  });

  it('half an SMS configuration is refused at start, naming the variables', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_API_URL: 'https://api.twilio.com' })).toThrow(/SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM go together/);
  });
});
