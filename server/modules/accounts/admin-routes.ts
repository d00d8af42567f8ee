// The admin's outbox (issue 5, "Accounts"): the emails the site sent or stored. Admin only (401/403): app.ts registers
// this plugin in the admin scope (modules/admin/guard.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListSchema, outboxQuerySchema } from '@domain/accounts';
import { errorSchema } from '@domain/api';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/outbox', {
    schema: { tags: ['admin'], summary: 'Emails the site sent or stored (admin)', querystring: outboxQuerySchema, response: { 200: outboxListSchema, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.services.accounts.listOutbox(request.query);
  });
};
