// Appointment requests (spec §3, §5, §7 POST /api/book-appointment): validated by the shared contract, stored, answered.
import { vehicleTitle } from '@domain/vehicle';
import { isHeld } from '@domain/holds';
import { eq } from 'drizzle-orm';
import { APPOINTMENT_TYPE_LABELS, slotProblem, type Appointment, type AppointmentRequest } from '@domain/booking';
import { closedReason } from '@domain/dealer-settings';
import type { Db } from '../../db/client';
import { appointments, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { getClosedDays } from '../dealer-settings/service';
import { createLead, type StoredLead, type LeadNoticeTarget } from '../leads/service';

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
export async function createAppointment(db: Db, input: AppointmentRequest, userId: number | null, notice?: LeadNoticeTarget): Promise<{ appointment: Appointment; lead: StoredLead }> {
  // The route's schema knows the weekly hours; the dealer's closed days (issue 33 §6) are data, checked here.
  const closed = await getClosedDays(db);
  if (closedReason(input.preferredDate, closed)) {
    const message = slotProblem(input.preferredDate, input.preferredTime, new Date(), input.location, closed)!;
    throw badRequest(`Invalid body: preferredTime: ${message}`, { preferredTime: message });
  }
  let vehicleInfo = input.vehicleInfo || DEFAULT_VEHICLE_INFO;
  if (input.vehicleId !== null) {
    const [vehicle] = await db.select({
      id: vehicles.id, status: vehicles.status, ownerId: vehicles.ownerId, heldUntil: vehicles.heldUntil,
      year: vehicles.year, make: vehicles.make, model: vehicles.model, trim: vehicles.trim, stockNumber: vehicles.stockNumber,
    }).from(vehicles).where(eq(vehicles.id, input.vehicleId));
    // A held vehicle (issue 19) can still be test-driven: the shopper holding it is the likeliest to book.
    if (!vehicle || (vehicle.status === 'pending' && !isHeld(vehicle) && vehicle.ownerId !== userId)) throw notFound('Vehicle not found');
    if (vehicle.status === 'sold') throw conflict('This vehicle has been sold. Please choose another vehicle or book a general consultation.');
    // The staff reading the request see which unit it is, whatever label the client sent.
    if (vehicleInfo === DEFAULT_VEHICLE_INFO) {
      vehicleInfo = `${vehicleTitle(vehicle)} (Stock # ${vehicle.stockNumber})`.slice(0, 200);
    }
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
    }).returning();
    const appointment = toAppointment(row!);
    const lead = await createLead(tx, {
      source: 'booking', leadType: 'appointment', name: input.customerName, phone: input.customerPhone, email: appointment.customerEmail,
      message: [`${APPOINTMENT_TYPE_LABELS[input.appointmentType]} on ${input.preferredDate} at ${input.preferredTime}`, input.message].filter(Boolean).join('\n'),
      vehicleId: input.vehicleId, vehicleInfo, userId, appointmentId: appointment.id, ref: { type: 'appointment', id: appointment.id },
    }, notice);
    return { appointment, lead };
  });
}
