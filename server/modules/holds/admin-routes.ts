// The staff side of vehicle holds (issue 19): confirm or release a hold request from the leads inbox, release a
// vehicle's hold from the back office. Admin only (401/403): app.ts registers this plugin in the admin scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, messageSchema } from '@domain/api';
import { holdActionResponseSchema } from '@domain/holds';
import { leadIdParams } from '@domain/leads';
import { vehicleIdParams } from '@domain/vehicle';
import { actorOf } from '../audit/record';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const holdAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/admin/leads/:id/hold/confirm', {
    schema: {
      tags: ['leads', 'admin'],
      summary: 'Confirm a hold request: the vehicle is held for 48 hours from now (status pending, still in search)',
      params: leadIdParams,
      response: { 200: holdActionResponseSchema, ...errors },
    },
  }, async (request) => {
    const hold = await app.services.holds.confirmHold(actorOf(request), request.params.id, new Date());
    return { message: 'Hold confirmed', hold };
  });

  app.post('/api/admin/leads/:id/hold/release', {
    schema: { tags: ['leads', 'admin'], summary: 'Release the hold of a hold request: the vehicle is available again', params: leadIdParams, response: { 200: holdActionResponseSchema, ...errors } },
  }, async (request) => {
    const hold = await app.services.holds.releaseHoldOfLead(actorOf(request), request.params.id, new Date());
    return { message: 'Hold released', hold };
  });

  app.post('/api/admin/vehicles/:id/release-hold', {
    schema: { tags: ['vehicles', 'admin'], summary: 'Release a vehicle\'s hold: it is available again (admin)', params: vehicleIdParams, response: { 200: messageSchema, ...errors } },
  }, (request) => app.services.holds.releaseHoldOfVehicle(actorOf(request), request.params.id, new Date()));
};
