// Sell my vehicle / trade appraiser API (issue 6). Public and rate limited: a VIN lookup to fill the form (the
// admin decoder route needs an account; shoppers have none) and the estimate request, which always creates a lead.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { appraisalRequestSchema, appraisalResultSchema } from '@domain/appraisal';
import { vinDecodeParams, vinDecodeResultSchema } from '@domain/vin-decode';
import { createLimiter } from '../../plugins/rate-limit';
import { vinDecoderFor } from '../vin/decoder';
import { appraise } from './service';

/** A shopper asks for one or two estimates; a script mining our prices stops here. */
export const APPRAISALS_PER_IP = { max: 5, windowMs: 60 * 60_000 };
export const VIN_LOOKUPS_PER_IP = { max: 20, windowMs: 10 * 60_000 };

export const appraisalRoutes: FastifyPluginAsyncZod = async (app) => {
  const appraiseIp = createLimiter(app, { name: 'appraisal-ip', ...APPRAISALS_PER_IP, message: 'Too many estimate requests from this address. Please try again later or call the dealership.' });
  const vinIp = createLimiter(app, { name: 'appraisal-vin-ip', ...VIN_LOOKUPS_PER_IP, message: 'Too many VIN lookups from this address. Please enter year, make and model instead.' });
  // The vin module closes the shared decoder on app close.
  const decoder = vinDecoderFor(app.config.dataDir);

  app.get('/api/appraisals/vin/:vin', {
    schema: {
      tags: ['appraisal'], summary: 'Decode a VIN to fill the appraisal form (offline NHTSA vPIC data)',
      params: vinDecodeParams, response: { 200: vinDecodeResultSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await vinIp.hit(request, request.ip);
    return decoder.decode(request.params.vin);
  });

  app.post('/api/appraisals', {
    schema: {
      tags: ['appraisal'],
      summary: 'Instant estimated range for a vehicle to sell or trade in; creates a lead for the dealer either way',
      description: 'Computed from our own inventory and sold history of the same make and model within 3 model years. With no comparable the estimate is null.',
      body: appraisalRequestSchema, response: { 201: appraisalResultSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await appraiseIp.hit(request, request.ip);
    return reply.code(201).send(await appraise(app, request.body));
  });
};
