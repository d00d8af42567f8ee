// Appointment booking: spec §3 (fields), §5 (validation), §9 (hourly 9 AM to 5 PM). Shared by modal and server.
import { z } from 'zod';
import { DEALERSHIP } from './settings';

export const APPOINTMENT_TYPES = ['test_drive', 'consultation', 'financing', 'inspection', 'general'] as const;
export const APPOINTMENT_TYPE_LABELS: Record<(typeof APPOINTMENT_TYPES)[number], string> = {
  test_drive: 'Test drive',
  consultation: 'Consultation',
  financing: 'Financing',
  inspection: 'Inspection',
  general: 'General',
};

/** spec §5/§9: hourly slots from 9:00 AM to 5:00 PM. */
export const TIME_SLOTS = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'] as const;

/** Today's date (YYYY-MM-DD) in the dealership's time zone: "no past dates" means Edmonton's today. */
export function todayInDealershipZone(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEALERSHIP.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const MISSING_FIELDS_TOAST = { title: 'Missing Information', description: 'Please fill in all required fields.' } as const; // spec §5

export function appointmentRequestSchema(now: () => Date = () => new Date()) {
  return z.object({
    customerName: z.string({ error: 'customerName is required' }).trim().min(1, 'customerName is required').max(100, 'customerName is at most 100 characters'),
    customerPhone: z.string({ error: 'customerPhone is required' }).trim().min(1, 'customerPhone is required')
      .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'customerPhone must have 10 to 15 digits')
      .refine((p) => /^[\d\s()+.-]+$/.test(p), 'customerPhone may contain only digits, spaces and ( ) + - .'),
    customerEmail: z.union([z.literal(''), z.email('customerEmail is not a valid address').max(254)]).optional().nullable(),
    appointmentType: z.enum(APPOINTMENT_TYPES, { error: `appointmentType must be one of ${APPOINTMENT_TYPES.join(', ')}` }),
    preferredDate: z.string({ error: 'preferredDate is required' })
      .regex(isoDate, 'preferredDate must be YYYY-MM-DD')
      .refine(validCalendarDate, 'preferredDate is not a real date')
      .refine((d) => d >= todayInDealershipZone(now()), 'preferredDate cannot be earlier than today'),
    preferredTime: z.enum(TIME_SLOTS, { error: 'preferredTime must be an hourly slot from 9:00 AM to 5:00 PM' }),
    message: z.string().trim().max(2000, 'message is at most 2000 characters').optional().default(''),
    vehicleId: z.number().int().positive().nullable().optional().default(null),
    vehicleInfo: z.string().trim().max(200).optional().default('General Consultation'),
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
