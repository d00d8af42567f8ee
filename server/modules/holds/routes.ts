// Vehicle holds (issue 19). Thin: the contract validates, a per-address limit, one service call.
// - POST /api/vehicles/:id/hold-requests (public): a shopper asks to hold a vehicle; it becomes a `hold` lead.
// The staff actions are in ./admin-routes.ts, registered in the admin scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { holdRequestResponseSchema, holdRequestSchema, myHoldsSchema } from '@domain/holds';
import { vehicleIdParams } from '@domain/vehicle';
import { requireUser } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';
import { LEADS_PER_IP } from '../leads/routes';

export const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  // A hold request is a lead: the same per-address allowance as the site's other lead forms.
  const holdIp = createLimiter(app, {
    name: 'hold-ip',
    ...LEADS_PER_IP,
    message: 'Too many requests from this address. Please try again later or call the dealership.',
  });

  app.post('/api/vehicles/:id/hold-requests', {
    schema: {
      tags: ['vehicles', 'leads'],
      summary: 'Ask the dealership to hold a vehicle for 48 hours (issue 19)',
      description: 'Creates a lead of type hold; nothing is held until staff confirm it from the leads inbox. No payment is taken. 409 when the vehicle is sold, already on hold or listed by a private seller.',
      params: vehicleIdParams,
      body: holdRequestSchema,
      response: { 201: holdRequestResponseSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await holdIp.hit(request, request.ip);
    const answer = await app.services.holds.requestHold(request.params.id, request.body, request.user?.id ?? null, new Date());
    return reply.code(201).send(answer);
  });

  app.get('/api/my-holds', {
    preHandler: requireUser,
    schema: {
      tags: ['vehicles'],
      summary: "The signed-in shopper's confirmed holds still running (issue 33 §1: \"Held for you until …\")",
      response: { 200: myHoldsSchema, 401: errorSchema },
    },
  }, async (request, reply) => {
    // Per person: never cached by a browser or a proxy for someone else.
    void reply.header('cache-control', 'private, no-store');
    return app.services.holds.myHolds(request.user!.id, new Date());
  });
};
