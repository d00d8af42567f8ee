// Appointment requests (spec §3, §5, §7 POST /api/book-appointment): validated by the shared contract, stored, answered.
import { vehicleTitle } from '@domain/vehicle';
import { isHeld } from '@domain/holds';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { addDays, albertaDate } from '@domain/alberta-time';
import { APPOINTMENT_TYPE_LABELS, slotProblem, type Appointment, type AppointmentRequest } from '@domain/booking';
import { closedReason } from '@domain/dealer-settings';
import { storeOf } from '@domain/settings';
import type { Db, Tx } from '../../db/client';
import { appointments, vehicles } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { getClosedDays } from '../dealer-settings/service';
import { announceLead, createLead, leadNotice, recordAppointmentChange, type StoredLead, type LeadNoticeTarget } from '../leads/service';
import { queueMail } from '../mail/mailer';
import { verifyLink } from '../shopper-mail/signed-link';
import { deliverSms, queueSms } from '../shopper-mail/sms';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { APPOINTMENT_LINK_PURPOSE, bookingMail, bookingText, manageToken, type LinkConfig } from './mail';
import { vehicleColumns } from '../vehicles/columns';

const DEFAULT_VEHICLE_INFO = 'General Consultation'; // spec §3

type AppointmentRow = typeof appointments.$inferSelect;

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    appointmentType: row.appointmentType,
    preferredDate: row.preferredDate,
    preferredTime: row.preferredTime,
    message: row.message,
    vehicleId: row.vehicleId,
    vehicleInfo: row.vehicleInfo,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a booking request. A named vehicle must exist and be on the lot: a pending private listing is
 * invisible to the public (404, like its page), and a sold one can no longer be test-driven (409).
 */
export async function createAppointment(
  db: Db, input: AppointmentRequest, userId: number | null, notice?: LeadNoticeTarget, links?: LinkConfig & { sms?: boolean }, now: Date = new Date(),
): Promise<{ appointment: Appointment; lead: StoredLead; mailId: number | null; smsId: number | null }> {
  // The route's schema knows the weekly hours; the dealer's closed days (issue 33 §6) are data, checked here.
  const closed = await getClosedDays(db);
  if (closedReason(input.preferredDate, closed)) {
    const message = slotProblem(input.preferredDate, input.preferredTime, now, input.location, closed)!;
    throw badRequest(`Invalid body: preferredTime: ${message}`, { preferredTime: message });
  }
  let vehicleInfo = input.vehicleInfo || DEFAULT_VEHICLE_INFO;
  let location: string | null = input.location ?? null;
  if (input.vehicleId !== null) {
    const [vehicle] = await db.select(vehicleColumns('id', 'status', 'ownerId', 'heldUntil', 'year', 'make', 'model', 'trim', 'stockNumber', 'location')).from(vehicles).where(eq(vehicles.id, input.vehicleId));
    // A held vehicle (issue 19) can still be test-driven: the shopper holding it is the likeliest to book.
    if (!vehicle || (vehicle.status === 'pending' && !isHeld(vehicle) && vehicle.ownerId !== userId)) throw notFound('Vehicle not found');
    if (vehicle.status === 'sold') throw conflict('This vehicle has been sold. Please choose another vehicle or book a general consultation.');
    // The staff reading the request see which unit it is, whatever label the client sent.
    if (vehicleInfo === DEFAULT_VEHICLE_INFO) {
      vehicleInfo = `${vehicleTitle(vehicle)} (Stock # ${vehicle.stockNumber})`.slice(0, 200);
    }
    location ??= vehicle.location;
  }
  // One transaction: the booking and its lead in the inbox (issue 6) exist together or not at all.
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(appointments).values({
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      customerEmail: input.customerEmail ? input.customerEmail : null,
      appointmentType: input.appointmentType,
      preferredDate: input.preferredDate,
      preferredTime: input.preferredTime,
      message: input.message,
      vehicleId: input.vehicleId,
      vehicleInfo,
      userId,
      location,
    }).returning();
    const appointment = toAppointment(row!);
    const lead = await createLead(tx, {
      source: 'booking', leadType: 'appointment', name: input.customerName, phone: input.customerPhone, email: appointment.customerEmail,
      message: [`${APPOINTMENT_TYPE_LABELS[input.appointmentType]} on ${input.preferredDate} at ${input.preferredTime}`, input.message].filter(Boolean).join('\n'),
      vehicleId: input.vehicleId, vehicleInfo, userId, appointmentId: appointment.id, ref: { type: 'appointment', id: appointment.id },
    }, notice);
    // Issue 33 §1: the shopper's confirmation is recorded with the booking; the route delivers it after the commit.
    const mail = links ? bookingMail(links, row!, 'booked', now) : null;
    const mailId = mail ? await queueMail(tx, mail) : null;
    // Spec §8 promises a confirmation text: sent only when SMS is configured, and the answer says whether it was.
    const smsId = links?.sms ? await queueSms(tx, row!.customerPhone, bookingText(row!), userId) : null;
    return { appointment, lead, mailId, smsId };
  });
}

// ---- Issue 33 §1: the shopper's signed link to see, change or cancel a booking ----

/** The booking a signed link names: 400 for a tampered or foreign link, 410 once it has expired or was replaced. */
async function bookingOfLink(db: Db, links: LinkConfig, token: string, now: Date) {
  const check = verifyLink(links.sessionSecret, APPOINTMENT_LINK_PURPOSE, token, now);
  if (!check.ok && check.reason === 'invalid') {
    throw badRequest('This link is not valid. Please use the link in your latest e-mail, or call us.', { token: 'token is not a valid link' });
  }
  const [row] = await db.select().from(appointments).where(eq(appointments.id, check.payload.id));
  if (!row) throw notFound('Appointment not found');
  // A dead link still names its booking (the signature holds): the page gives the phone of that booking's store.
  const store = { store: storeOf(row.location).city };
  if (!check.ok) throw new AppError(410, 'link_expired', 'This link has expired: the appointment time has passed. Please call us or book again.', undefined, undefined, store);
  if (row.linkVersion !== check.payload.v) throw new AppError(410, 'link_expired', 'This link was replaced by a newer one: please use the link in your latest e-mail.', undefined, undefined, store);
  return row;
}

export interface ManagedAppointment {
  appointmentType: Appointment['appointmentType'];
  preferredDate: string;
  preferredTime: string;
  location: string | null;
  vehicleInfo: string;
  status: Appointment['status'];
  customerName: string;
  /** The vehicle it was for, so a cancelled booking can be made again on its page. */
  vehicleId: number | null;
}
const managed = (row: typeof appointments.$inferSelect): ManagedAppointment => ({
  appointmentType: row.appointmentType, preferredDate: row.preferredDate, preferredTime: row.preferredTime, location: row.location,
  vehicleInfo: row.vehicleInfo, status: row.status, customerName: row.customerName, vehicleId: row.vehicleId,
});

export async function viewByLink(db: Db, links: LinkConfig, token: string, now: Date): Promise<ManagedAppointment> {
  return managed(await bookingOfLink(db, links, token, now));
}

const CLOSED: ReadonlyArray<string> = ['cancelled', 'completed', 'no_show'];

/**
 * Cancels or moves a booking through its signed link, in one transaction with the shopper's e-mail (a new link,
 * since the old one is retired by the version bump) and, issue 54 §4, the line on its lead's timeline, the dealer's
 * e-mail and the CRM's deliveries of the change. Returns the outbox ids to deliver after the commit.
 */
export async function changeByLink(
  db: Db, links: LinkConfig, token: string, change: { cancel: true } | { preferredDate: string; preferredTime: string }, now: Date, notice?: LeadNoticeTarget,
): Promise<{ appointment: ManagedAppointment; token: string | null; mailId: number | null; dealerMailId: number | null }> {
  const found = await bookingOfLink(db, links, token, now);
  if (CLOSED.includes(found.status)) throw conflict('This appointment is already closed. Please book again or call us.');
  if (!('cancel' in change)) {
    const problem = change.preferredDate < albertaDate(now) ? 'Choose today or a later date' : slotProblem(change.preferredDate, change.preferredTime, now, found.location, await getClosedDays(db));
    if (problem) throw badRequest(problem, { preferredTime: problem });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(appointments).set({
      ...('cancel' in change ? { status: 'cancelled' as const } : { preferredDate: change.preferredDate, preferredTime: change.preferredTime, reminderSentAt: null }),
      linkVersion: found.linkVersion + 1,
      updatedAt: now,
    }).where(and(eq(appointments.id, found.id), eq(appointments.linkVersion, found.linkVersion))).returning();
    if (!row) throw conflict('This appointment was just changed. Please use the link in your latest e-mail.');
    const mail = bookingMail(links, row, 'cancel' in change ? 'cancelled' : 'changed', now);
    const recorded = await recordAppointmentChange(tx, {
      appointmentId: row.id,
      from: { date: found.preferredDate, time: found.preferredTime },
      ...('cancel' in change ? {} : { to: { date: row.preferredDate, time: row.preferredTime } }),
      by: 'the shopper, through the link in their e-mail',
    }, notice);
    // The page that made the change keeps working with the new link (the one in the e-mail just queued); a cancelled
    // booking has no link.
    const next = 'cancel' in change ? null : manageToken(links, row);
    return { appointment: managed(row), token: next, mailId: mail ? await queueMail(tx, mail) : null, dealerMailId: recorded?.noticeId ?? null };
  });
}

/**
 * The reminder the day before (issue 33 §1): every open booking tomorrow (Alberta date) with an e-mail and no
 * reminder yet. Each row is claimed by the UPDATE that sets reminder_sent_at, choosing rows FOR UPDATE SKIP LOCKED,
 * in the same transaction as its outbox message: two instances running this at once never remind anyone twice.
 */
export async function queueBookingReminders(db: Db, links: LinkConfig, now: Date): Promise<number[]> {
  const tomorrow = addDays(albertaDate(now), 1);
  return db.transaction(async (tx) => {
    const due = tx.select({ id: appointments.id }).from(appointments).where(and(
      eq(appointments.preferredDate, tomorrow), inArray(appointments.status, ['requested', 'confirmed']),
      isNotNull(appointments.customerEmail), isNull(appointments.reminderSentAt),
    )).limit(200).for('update', { skipLocked: true });
    const claimed = await tx.update(appointments).set({ reminderSentAt: now })
      .where(and(inArray(appointments.id, due), isNull(appointments.reminderSentAt))).returning();
    const ids: number[] = [];
    for (const row of claimed) {
      const mail = bookingMail(links, row, 'reminder', now);
      if (mail) ids.push(await queueMail(tx, mail));
    }
    return ids;
  });
}

/** An account's deletion (accounts/profile.ts deleteAccount, issue 31 §3): the bookings stay, without contact details. */
export async function forgetCustomer(tx: Tx, userId: number): Promise<void> {
  await tx.update(appointments).set({ customerName: 'Deleted account', customerPhone: 'removed', customerEmail: null, message: '', userId: null })
    .where(eq(appointments.userId, userId));
}

/** What signs and addresses the links in a shopper's booking e-mails (issue 33 §1). */
const linksOf = (deps: Pick<Deps, 'config'>): LinkConfig => ({ publicUrl: deps.config.publicUrl, sessionSecret: deps.config.sessionSecret });

/**
 * A shopper's booking (POST /api/book-appointment): stored with its lead and the shopper's confirmations, then, after
 * the commit, the lead announced (never throws: issue 6, a lead survives a mail failure; issue 30, its e-mail was
 * recorded with it) and the confirmations sent (issue 33 §1; a failure is retried from the outbox). `log` is the
 * request's, for a text that fails.
 */
export async function bookAppointment(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>, input: AppointmentRequest, userId: number | null, log: { error(obj: object, msg: string): void },
): Promise<{ appointment: Appointment; mailId: number | null; smsId: number | null }> {
  const { appointment, lead, mailId, smsId } = await createAppointment(deps.db, input, userId, leadNotice(deps), { ...linksOf(deps), sms: deps.config.sms !== null });
  await announceLead(deps, lead);
  if (mailId !== null) await deps.mailer.deliver?.(mailId);
  if (smsId !== null) await deliverSms(deps.db, deps.config.sms, smsId, log);
  return { appointment, mailId, smsId };
}

/** The appointments service as the app holds it (server/services.ts): bookings, their signed links, the reminders. */
export function appointmentsService(deps: Deps) {
  const links = linksOf(deps);
  return {
    ...bindFirst(deps, { bookAppointment }),
    viewByLink: (token: string, now: Date) => viewByLink(deps.db, links, token, now),
    changeByLink: (token: string, change: { cancel: true } | { preferredDate: string; preferredTime: string }, now: Date) =>
      changeByLink(deps.db, links, token, change, now, leadNotice(deps)),
    queueBookingReminders: (now: Date) => queueBookingReminders(deps.db, links, now),
  };
}
