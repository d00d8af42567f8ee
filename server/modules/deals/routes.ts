// GET /api/deals/today: the /deal-of-the-day page's data. Thin: one service call, schema out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoute } from '../../plugins/page-reads';
import { z } from 'zod';
import { vehicleSchema } from '@domain/vehicle';

export const dealsTodaySchema = z.object({
  deal: vehicleSchema.nullable(),
  date: z.string(),
  nextDealAt: z.string(),
  others: z.array(vehicleSchema),
});

export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  readRoute(app, '/api/deals/today', {
    schema: {
      tags: ['deals'],
      summary: "Today's featured deal (same for everyone all day, Edmonton time) and the other sale vehicles by saving",
      response: { 200: dealsTodaySchema },
    },
  }, () => app.services.deals.getDealsToday());
};
