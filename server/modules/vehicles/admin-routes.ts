// The inventory's admin actions at the spec's own addresses (spec §7: DELETE /api/vehicles/:id, mark-sold,
// mark-available). Admin only (401/403): app.ts registers this plugin in the admin scope (modules/admin/guard.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, messageSchema } from '@domain/api';
import { vehicleIdParams, vehicleMutationResultSchema } from '@domain/vehicle';
import { actorOf } from '../audit/record';

export const vehicleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.delete('/api/vehicles/:id', {
    schema: { tags: ['vehicles', 'admin'], summary: 'Delete a vehicle permanently (admin)', params: vehicleIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, (request) => app.services.vehicles.deleteVehicle(actorOf(request), request.params.id));

  app.post('/api/vehicles/:id/mark-sold', {
    schema: { tags: ['vehicles', 'admin'], summary: 'Mark a vehicle sold (admin)', params: vehicleIdParams, response: { 200: vehicleMutationResultSchema, ...adminErrors } },
  }, (request) => app.services.vehicles.markSold(actorOf(request), request.params.id));

  app.post('/api/vehicles/:id/mark-available', {
    schema: { tags: ['vehicles', 'admin'], summary: 'Mark a vehicle available again (admin)', params: vehicleIdParams, response: { 200: vehicleMutationResultSchema, ...adminErrors } },
  }, (request) => app.services.vehicles.markAvailable(actorOf(request), request.params.id));
};
