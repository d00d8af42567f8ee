// Saved vehicles API (spec §7 POST /api/saved-vehicles/sync; issue 5: the server list belongs to the user).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import { savedVehiclesResponseSchema, syncSavedBodySchema } from '@domain/saved';
import { requireUser } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';

/** One sync per change; a person clicking hearts quickly stays far below this. */
export const SYNCS_PER_USER = { max: 120, windowMs: 60_000 };

export const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  const syncUser = createLimiter(app, { name: 'saved-sync-user', ...SYNCS_PER_USER, message: 'Too many saved-vehicle updates. Try again in a minute.' });

  app.get('/api/saved-vehicles', {
    preHandler: requireUser,
    schema: { tags: ['saved'], summary: 'My saved vehicles: ids, detail entries and the vehicles as they are now', response: { 200: savedVehiclesResponseSchema, 401: errorSchema, 403: errorSchema } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.services.saved.getSavedVehicles(request.user!.id);
  });

  app.post('/api/saved-vehicles/sync', {
    preHandler: requireUser,
    schema: {
      tags: ['saved'], summary: 'Replace my saved list with the browser\'s (sent on every change)',
      body: syncSavedBodySchema,
      response: { 200: z.object({ message: z.string(), saved: z.number().int() }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await syncUser.hit(request, String(request.user!.id));
    const { saved } = await app.services.saved.syncSavedVehicles(request.user!.id, request.body.savedVehicles, request.body.savedVehicleDetails);
    return { message: 'Saved vehicles synced', saved };
  });
};
