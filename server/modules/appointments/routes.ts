// POST /api/book-appointment (spec §7). Thin: the shared contract validates (spec §5), a per-IP limit, one service call.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import {
  appointmentRequestSchema, appointmentSchema, bookingConfirmationsSchema, manageCancelSchema, managedAppointmentSchema,
  manageQuerySchema, manageRescheduleSchema,
} from '@domain/booking';
import { createLimiter } from '../../plugins/rate-limit';
import { startSmsDispatch } from '../shopper-mail/sms';

/** Enough for a family booking a few visits; a script filling the calendar with fake requests stops quickly. */
export const BOOKINGS_PER_IP = { max: 5, windowMs: 10 * 60_000 };

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Issue 33 §1: texts that a failed send or a crash left waiting are sent from the outbox (only with SMS configured).
  const stopSms = startSmsDispatch(app);
  app.addHook('onClose', async () => stopSms());
  const bookingIp = createLimiter(app, {
    name: 'booking-ip',
    ...BOOKINGS_PER_IP,
    message: 'Too many booking requests from this address. Please try again later or call the dealership.',
  });

  app.post('/api/book-appointment', {
    schema: {
      tags: ['appointments'],
      summary: 'Request an appointment (test drive, consultation, financing, inspection, general)',
      description: 'The date is the dealership-local calendar date (America/Edmonton) and cannot be in the past; slots are hourly 9:00 AM to 5:00 PM.',
      // Built once; its "today" is read at each validation (the schema takes a clock, not a date).
      body: appointmentRequestSchema(),
      response: { 201: z.object({ appointment: appointmentSchema, confirmations: bookingConfirmationsSchema }), 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await bookingIp.hit(request, request.ip);
    // The lead is announced and the shopper's confirmations sent after the commit (appointments/service.ts bookAppointment).
    const { appointment, mailId, smsId } = await app.services.appointments.bookAppointment(request.body, request.user?.id ?? null, request.log);
    return reply.code(201).send({ appointment, confirmations: { email: mailId === null ? null : appointment.customerEmail, text: smsId !== null } });
  });

  // ---- Issue 33 §1: the signed link in the shopper's e-mail (docs/SECURITY.md "Signed links") ----
  const linkIp = createLimiter(app, { name: 'appointment-link-ip', max: 30, windowMs: 10 * 60_000, message: 'Too many requests from this address. Please try again later or call the dealership.' });
  const linkErrors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema, 429: errorSchema };

  app.get('/api/appointments/manage', {
    schema: {
      tags: ['appointments'], summary: "The booking a shopper's signed e-mail link names",
      querystring: manageQuerySchema,
      response: { 200: z.object({ appointment: managedAppointmentSchema }), ...linkErrors },
    },
  }, async (request) => {
    await linkIp.hit(request, request.ip);
    return { appointment: await app.services.appointments.viewByLink(request.query.token, new Date()) };
  });

  app.post('/api/appointments/manage/cancel', {
    schema: {
      tags: ['appointments'], summary: 'Cancel a booking through its signed e-mail link',
      body: manageCancelSchema,
      response: { 200: z.object({ appointment: managedAppointmentSchema, message: z.string() }), ...linkErrors },
    },
  }, async (request) => {
    await linkIp.hit(request, request.ip);
    const { appointment, mailId, dealerMailId } = await app.services.appointments.changeByLink(request.body.token, { cancel: true }, new Date());
    for (const id of [mailId, dealerMailId]) if (id !== null) await app.mailer.deliver?.(id);
    return { appointment, message: 'Your appointment is cancelled. We have e-mailed you a confirmation.' };
  });

  app.post('/api/appointments/manage/reschedule', {
    schema: {
      tags: ['appointments'], summary: 'Move a booking to another date or time through its signed e-mail link',
      body: manageRescheduleSchema,
      // `token` is the new link's (the old one is retired by the change), for the page to go on with.
      response: { 200: z.object({ appointment: managedAppointmentSchema, message: z.string(), token: z.string() }), ...linkErrors },
    },
  }, async (request) => {
    await linkIp.hit(request, request.ip);
    const { token, preferredDate, preferredTime } = request.body;
    const moved = await app.services.appointments.changeByLink(token, { preferredDate, preferredTime }, new Date());
    for (const id of [moved.mailId, moved.dealerMailId]) if (id !== null) await app.mailer.deliver?.(id);
    return { appointment: moved.appointment, token: moved.token!, message: 'Your appointment is changed. We have e-mailed you the new time and calendar invitation.' };
  });
};
