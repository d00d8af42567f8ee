// POST /api/vehicle-finder: the /vehicle-finder questionnaire's answer. Thin: schema in, limit, one service call, schema out.
// A POST because the answers are a structured document, not a shareable listing URL; it changes nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { finderAnswersSchema, finderResultSchema } from '@domain/finder';
import { createLimiter } from '../../plugins/rate-limit';

/** Light: a shopper tries a few answers in a minute; a script scraping the lot by budget does not get far. */
export const FINDER_SEARCHES_PER_IP = { max: 60, windowMs: 60_000 };

export const finderRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = createLimiter(app, {
    name: 'vehicle-finder-ip',
    ...FINDER_SEARCHES_PER_IP,
    message: 'Too many searches from this address. Please wait a minute and try again.',
  });

  app.post('/api/vehicle-finder', {
    schema: {
      tags: ['vehicles'],
      summary: 'Rank available vehicles for the vehicle finder answers, with the reasons each fits',
      description: 'A monthly budget becomes a price cap with the spec §9 estimate at the default rate and term; that is an estimate, not a credit decision.',
      body: finderAnswersSchema,
      response: { 200: finderResultSchema, 400: errorSchema, 403: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await perIp.hit(request, request.ip);
    return app.services.finder.findVehicles(request.body);
  });
};
