// GET /api/vin-decode/:vin (admin issue): decodes a VIN offline for the admin vehicle form and the private-seller
// listing form, so any signed-in user may call it (admins and private sellers); visitors get a 401.
// A malformed VIN is a 400 saying what is wrong; a wrong check digit is only a warning in the answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { vinDecodeParams, vinDecodeResultSchema } from '@domain/vin-decode';
import { requireUser } from '../../plugins/auth';

export const vinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/vin-decode/:vin', {
    preHandler: requireUser,
    schema: {
      tags: ['vin'],
      summary: 'Decode a VIN offline (NHTSA vPIC data) into year, make, model, trim, body, fuel, doors, engine, drivetrain',
      params: vinDecodeParams,
      response: { 200: vinDecodeResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (request, reply) => {
    // The same VIN always decodes the same way until the package (and its data) is upgraded.
    reply.header('cache-control', 'private, max-age=3600');
    return app.services.vin.decode(request.params.vin);
  });
};
