// The shopper's e-mails about a booking (issue 33 §1): the confirmation with an `.ics` invitation and a signed link
// to change or cancel, the change and cancellation notices, and the reminder the day before. Composed here, queued in
// the booking's transaction by the service, delivered after the commit and retried from the outbox.
import { ALBERTA_TIME_LABEL, albertaInstant, formatAlbertaTime } from '@domain/alberta-time';
import { APPOINTMENT_MINUTES, APPOINTMENT_TYPE_LABELS, APPOINTMENT_WHAT_TO_BRING, minutesOf } from '@domain/booking';
import { DEALERSHIP, storeOf } from '@domain/settings';
import type { appointments } from '../../db/schema';
import { calendarInvite } from '../shopper-mail/ics';
import { composeShopperMail, mapLink, storeAddress, type ShopperMail } from '../shopper-mail/compose';
import { signLink } from '../shopper-mail/signed-link';

type AppointmentRow = typeof appointments.$inferSelect;
export interface LinkConfig { publicUrl: string; sessionSecret: string }

export const APPOINTMENT_LINK_PURPOSE = 'appointment';
/** The page the signed link opens (client/features/appointments). */
export const MANAGE_PATH = '/appointments/manage';

/** The booked instant: the Alberta wall-clock date and slot, as UTC-6 (domain/alberta-time.ts). */
export const appointmentStart = (row: Pick<AppointmentRow, 'preferredDate' | 'preferredTime'>) => albertaInstant(row.preferredDate, minutesOf(row.preferredTime));

/** The token of the signed link to change or cancel: valid until the appointment starts, for this link version only. */
export function manageToken(config: LinkConfig, row: Pick<AppointmentRow, 'id' | 'linkVersion' | 'preferredDate' | 'preferredTime'>): string {
  return signLink(config.sessionSecret, {
    p: APPOINTMENT_LINK_PURPOSE, id: row.id, v: row.linkVersion, e: Math.floor(appointmentStart(row).getTime() / 1000),
  });
}

export function manageUrl(config: LinkConfig, row: Pick<AppointmentRow, 'id' | 'linkVersion' | 'preferredDate' | 'preferredTime'>): string {
  return `${config.publicUrl}${MANAGE_PATH}?token=${manageToken(config, row)}`;
}

export const whenText = (row: Pick<AppointmentRow, 'preferredDate' | 'preferredTime'>) =>
  formatAlbertaTime(appointmentStart(row), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

export type BookingMailKind = 'booked' | 'changed' | 'cancelled' | 'reminder';

const SUBJECTS: Record<BookingMailKind, (type: string, when: string) => string> = {
  booked: (type, when) => `Your ${type.toLowerCase()} request for ${when}`,
  changed: (type, when) => `Your ${type.toLowerCase()} is now on ${when}`,
  cancelled: (type, when) => `Your ${type.toLowerCase()} on ${when} is cancelled`,
  reminder: (type, when) => `Reminder: your ${type.toLowerCase()} is tomorrow, ${when}`,
};

const INTROS: Record<BookingMailKind, string> = {
  booked: 'Thank you for booking with us. Here is your request; a member of our team will call or e-mail you if anything needs to change.',
  changed: 'Your appointment has been changed as you asked. The new date and time are below, and your calendar invitation is updated.',
  cancelled: 'Your appointment has been cancelled as you asked. Nothing else is needed from you; book again any time.',
  reminder: 'A reminder of your appointment with us tomorrow.',
};

/** One booking e-mail for the shopper; null when the booking has no e-mail address. */
export function bookingMail(config: LinkConfig, row: AppointmentRow, kind: BookingMailKind, now: Date): ShopperMail | null {
  if (!row.customerEmail) return null;
  const type = APPOINTMENT_TYPE_LABELS[row.appointmentType];
  const store = storeOf(row.location);
  const start = appointmentStart(row);
  const date = whenText(row);
  const details: Array<[string, string]> = [
    ['Appointment', type],
    ['Date', date],
    ['Time', `${row.preferredTime} (${ALBERTA_TIME_LABEL})`],
    ['Store', `${DEALERSHIP.name} ${store.city}`],
    ['Address', storeAddress(store.city)],
  ];
  if (row.vehicleInfo && row.vehicleInfo !== 'General Consultation') details.push(['Vehicle', row.vehicleInfo]);
  const active = kind !== 'cancelled';
  const invite = calendarInvite({
    uid: `appointment-${row.id}@${new URL(config.publicUrl).hostname}`,
    sequence: row.linkVersion,
    start,
    end: new Date(start.getTime() + APPOINTMENT_MINUTES * 60_000),
    summary: `${type} at ${DEALERSHIP.name} ${store.city}`,
    location: `${DEALERSHIP.name}, ${storeAddress(store.city)}`,
    description: `${type}${row.vehicleInfo && row.vehicleInfo !== 'General Consultation' ? `: ${row.vehicleInfo}` : ''}. Bring: ${APPOINTMENT_WHAT_TO_BRING[row.appointmentType]} Questions: ${store.phone}.`,
    attendee: { name: row.customerName, email: row.customerEmail },
    method: active ? 'REQUEST' : 'CANCEL',
    confirmed: row.status === 'confirmed',
    now,
  });
  return composeShopperMail({
    to: row.customerEmail,
    subject: SUBJECTS[kind](type, date),
    greetingName: row.customerName,
    intro: INTROS[kind],
    details,
    paragraphs: active ? [`What to bring: ${APPOINTMENT_WHAT_TO_BRING[row.appointmentType]}`] : [],
    links: [
      { label: 'Map', url: mapLink(store.city) },
      ...(active ? [{ label: 'Change or cancel this appointment', url: manageUrl(config, row) }] : []),
    ],
    city: store.city,
    category: kind === 'reminder' ? 'shopper_booking_reminder' : 'shopper_booking',
    userId: row.userId,
    // Issue 33 §1: an invitation the shopper's calendar can add (REQUEST) or remove (CANCEL), always as text/calendar.
    attachments: [{ filename: active ? 'appointment.ics' : 'appointment-cancelled.ics', contentType: `text/calendar; charset=utf-8; method=${active ? 'REQUEST' : 'CANCEL'}`, content: invite }],
  });
}

/**
 * The confirmation text (spec §8 "You'll receive a confirmation text shortly"): who sends it, what, when, where and a
 * number to call, in one short message (two SMS segments at most).
 */
export function bookingText(row: AppointmentRow): string {
  const store = storeOf(row.location);
  const when = formatAlbertaTime(appointmentStart(row), { weekday: 'short', month: 'short', day: 'numeric' });
  return `${DEALERSHIP.name}: your ${APPOINTMENT_TYPE_LABELS[row.appointmentType].toLowerCase()} request for ${when} at ${row.preferredTime} (Alberta time) at ${store.street}, ${store.city} is received. Questions or changes: ${store.phone}.`;
}
