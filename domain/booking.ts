// Appointment booking: spec §3 (fields), §5 (validation), §9 (hourly 9 AM to 5 PM). Shared by modal and server.
import { z } from 'zod';
import { albertaClock, albertaDate } from './alberta-time';
import { LOCATIONS } from './constants';
import { closedReason, type ClosedDays } from './dealer-settings';
import { storeOf } from './settings';

export const APPOINTMENT_TYPES = ['test_drive', 'consultation', 'financing', 'inspection', 'general'] as const;
export const APPOINTMENT_TYPE_LABELS: Record<(typeof APPOINTMENT_TYPES)[number], string> = {
  test_drive: 'Test drive',
  consultation: 'Consultation',
  financing: 'Financing',
  inspection: 'Inspection',
  general: 'General',
};

/**
 * Issue 33 §1: what to bring, by appointment type, in the shopper's confirmation and reminder. A dealer changes it
 * here.
 */
export const APPOINTMENT_WHAT_TO_BRING: Record<(typeof APPOINTMENT_TYPES)[number], string> = {
  test_drive: "Your valid driver's licence and proof of insurance.",
  consultation: "Your driver's licence, and your trade-in's registration if you have one.",
  financing: "Your driver's licence, a recent pay stub or other proof of income, and proof of address.",
  inspection: "Your driver's licence. Allow about an hour for the inspection.",
  general: 'Nothing special: just yourself and your questions.',
};

/** spec §5/§9: hourly slots from 9:00 AM to 5:00 PM. */
export const TIME_SLOTS = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'] as const;

export type TimeSlot = (typeof TIME_SLOTS)[number];

/** Minutes after midnight of a slot ('1:00 PM' → 780) or of a 24 h clock time ('17:00' → 1020). */
export function minutesOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2})(?:\s*(AM|PM))?$/.exec(time.trim());
  if (!m) return NaN;
  let h = Number(m[1]) % (m[3] ? 12 : 24);
  if (m[3] === 'PM') h += 12;
  return h * 60 + Number(m[2]);
}

const DAY_CODES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** An appointment lasts about an hour: a slot is bookable when it starts at or after opening and ends by closing. */
export const APPOINTMENT_MINUTES = 60;

/**
 * A store's opening hours on a calendar date (YYYY-MM-DD), from the dealership settings; null when closed that day:
 * no hours that weekday, or a closed day of the dealer settings (issue 33 §6: 25 December is not a day like any other).
 */
export function openingHoursOn(date: string, location?: string | null, closed?: ClosedDays | null): { opens: string; closes: string; dayName: string } | null {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (Number.isNaN(day)) return null;
  if (closedReason(date, closed)) return null;
  const code = DAY_CODES[day]!;
  const entry = storeOf(location).hours.find((h) => (h.dayCodes as readonly string[]).includes(code));
  return entry ? { opens: entry.opens, closes: entry.closes, dayName: DAY_NAMES[day]! } : null;
}

const clock12 = (hhmm: string) => {
  const mins = minutesOf(hhmm);
  const h = Math.floor(mins / 60);
  return `${((h + 11) % 12) + 1}:${String(mins % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * Why a slot cannot be booked, in the shopper's words, or null when it can (issue 21): it must fall inside the
 * store's opening hours that day and must not have started yet, Edmonton time. The form offers only the slots this
 * accepts, and the server refuses the rest with this message.
 */
export function slotProblem(date: string, time: string, now: Date, location?: string | null, closed?: ClosedDays | null): string | null {
  const hours = openingHoursOn(date, location, closed);
  const store = storeOf(location).city;
  const start = minutesOf(time);
  const reason = closedReason(date, closed);
  if (reason) return `Our ${store} store is closed on ${reason}. Please choose another day.`;
  if (!hours) return `Our ${store} store is closed on that day. Please choose another day.`;
  if (start < minutesOf(hours.opens) || start + APPOINTMENT_MINUTES > minutesOf(hours.closes)) {
    return `Our ${store} store is open ${clock12(hours.opens)} to ${clock12(hours.closes)} on ${hours.dayName}s. Please choose a time when we are open.`;
  }
  const here = albertaClock(now);
  if (date < here.date || (date === here.date && start <= here.minutes)) {
    return 'That time has already passed. Please choose a later time.';
  }
  return null;
}

/** The slots the form offers for a date: inside the store's hours that day and still ahead, Edmonton time. */
export function availableSlots(date: string, now: Date, location?: string | null, closed?: ClosedDays | null): TimeSlot[] {
  if (!isoDate.test(date)) return [];
  return TIME_SLOTS.filter((t) => slotProblem(date, t, now, location, closed) === null);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const MISSING_FIELDS_TOAST = { title: 'Missing Information', description: 'Please fill in all required fields.' } as const; // spec §5

export function appointmentRequestSchema(now: () => Date = () => new Date(), closed?: ClosedDays | null) {
  return z.object({
    customerName: z.string({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Name can be at most 100 characters'),
    customerPhone: z.string({ error: 'Enter your phone number' }).trim().min(1, 'Enter your phone number')
      .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'Enter a phone number with 10 to 15 digits')
      .refine((p) => /^[\d\s()+.-]+$/.test(p), 'Phone can contain only digits, spaces and ( ) + - .'),
    customerEmail: z.union([z.literal(''), z.email('Enter a valid email address, or leave it empty').max(254)]).optional().nullable(),
    appointmentType: z.enum(APPOINTMENT_TYPES, { error: 'Choose an appointment type' }),
    preferredDate: z.string({ error: 'Choose a date' }).min(1, 'Choose a date')
      .regex(isoDate, 'Choose a date (YYYY-MM-DD)')
      .refine(validCalendarDate, 'Choose a real date')
      .refine((d) => d >= albertaDate(now()), 'Choose today or a later date'),
    preferredTime: z.enum(TIME_SLOTS, { error: 'Choose one of the listed times' }),
    message: z.string().trim().max(2000, 'Message can be at most 2000 characters').optional().default(''),
    vehicleId: z.number().int().positive().nullable().optional().default(null),
    vehicleInfo: z.string().trim().max(200).optional().default('General Consultation'),
    /** The store of the vehicle, whose hours apply; the main store's when absent. */
    location: z.enum(LOCATIONS).optional(),
  }).superRefine((v, ctx) => {
    const problem = slotProblem(v.preferredDate, v.preferredTime, now(), v.location, closed);
    if (problem && v.preferredDate >= albertaDate(now())) ctx.addIssue({ code: 'custom', path: ['preferredTime'], message: problem });
  });
}
export type AppointmentRequest = z.infer<ReturnType<typeof appointmentRequestSchema>>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  preferredDate: z.string(),
  preferredTime: z.string(),
  message: z.string(),
  vehicleId: z.number().int().nullable(),
  vehicleInfo: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * Issue 33 §1: what the booking answer says was sent, so the page promises only that ("We've e-mailed your
 * confirmation to …"). `text` is true only when a text message was queued (SMS configured on the server).
 */
export const bookingConfirmationsSchema = z.object({ email: z.string().nullable(), text: z.boolean() });
export type BookingConfirmations = z.infer<typeof bookingConfirmationsSchema>;

/**
 * What the booking form and the assistant say before a booking is sent (issue 57 §3). It names no channel: whether a
 * text goes out depends on the SMS configuration and an e-mail on the address given, so the promise of a channel is
 * made after the booking, by bookingToastText, from what the server actually sent.
 */
export const BOOKING_CONFIRMATION_NOTE = 'the dealership confirms the time with you before your visit';

/**
 * What the time list and its hint say for a chosen date (issue 57): a closed day says it is closed once, in the hint,
 * and the list only asks for another date.
 */
export function timeChoiceText(o: { date: string; closedWhy: string | null; slotCount: number; hours: string | null }): { placeholder: string; hint: string | undefined } {
  if (!o.date) return { placeholder: 'Select a time', hint: 'Choose a date first.' };
  if (o.closedWhy) return { placeholder: 'Choose another date', hint: `Both stores are closed on ${o.closedWhy}. Please choose another date.` };
  if (o.slotCount === 0) return { placeholder: 'No times left', hint: 'No times left on this day. Please choose another date.' };
  return { placeholder: 'Select a time', hint: o.hours ?? undefined };
}

/** The spec's words (§8) when a text is on its way; what is true otherwise. */
export function bookingToastText(c: BookingConfirmations, phone: string): string {
  if (c.text) return "You'll receive a confirmation text shortly. We can't wait to see you!"; // spec §8
  if (c.email) return `We've e-mailed your confirmation to ${c.email}. We can't wait to see you!`;
  return `We'll call you at ${phone} to confirm. We can't wait to see you!`;
}

/** Issue 33 §1: the signed link's token from a shopper's booking e-mail. */
const manageToken = z.string({ error: 'token is required' }).min(10, 'token is not a valid link').max(1000, 'token is not a valid link');
export const manageQuerySchema = z.object({ token: manageToken });
export const manageCancelSchema = z.object({ token: manageToken });
export const manageRescheduleSchema = z.object({
  token: manageToken,
  preferredDate: z.string({ error: 'Choose a date' }).regex(isoDate, 'Choose a date (YYYY-MM-DD)').refine(validCalendarDate, 'Choose a real date'),
  preferredTime: z.enum(TIME_SLOTS, { error: 'Choose one of the listed times' }),
});
export const managedAppointmentSchema = z.object({
  appointmentType: z.enum(APPOINTMENT_TYPES),
  preferredDate: z.string(),
  preferredTime: z.string(),
  location: z.string().nullable(),
  vehicleInfo: z.string(),
  status: z.string(),
  customerName: z.string(),
  vehicleId: z.number().int().nullable(),
});
export type ManagedAppointment = z.infer<typeof managedAppointmentSchema>;
