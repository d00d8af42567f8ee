// POST /api/book-appointment (spec §7). Thin: the shared contract validates (spec §5), a per-IP limit, one service call.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import { appointmentRequestSchema, appointmentSchema } from '@domain/booking';
import { createLimiter } from '../../plugins/rate-limit';
import { announceLead, leadNotice } from '../leads/service';
import { createAppointment } from './service';

/** Enough for a family booking a few visits; a script filling the calendar with fake requests stops quickly. */
export const BOOKINGS_PER_IP = { max: 5, windowMs: 10 * 60_000 };

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
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
      response: { 201: z.object({ appointment: appointmentSchema }), 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await bookingIp.hit(request, request.ip);
    const { appointment, lead } = await createAppointment(app.db, request.body, request.user?.id ?? null, leadNotice(app));
    await announceLead(app, lead); // after commit; never throws (issue 6: a lead survives a mail failure; issue 30: its e-mail was recorded with it)
    return reply.code(201).send({ appointment });
  });
};
