// The feeds' status for the back office (issue 19: "Admins see the feed URL, the item count and any vehicles left
// out with the reason"). Admin only: app.ts registers this plugin in the admin scope (modules/admin/guard.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { feedStatusSchema } from '@domain/feeds';

export const feedAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/feeds', {
    schema: {
      tags: ['feeds', 'admin'],
      summary: 'The vehicle feeds: their addresses, how many vehicles each carries, and the dealer vehicles left out of Google\'s with the reasons',
      response: { 200: feedStatusSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.services.feeds.feedStatus();
  });
};
