// The admin's outbox (issue 5, "Accounts"): the emails the site sent or stored. Admin only (401/403): app.ts registers
// this plugin in the admin scope (modules/admin/guard.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxAttachmentParamsSchema, outboxListSchema, outboxQuerySchema } from '@domain/accounts';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import { notFound } from '../../errors';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/outbox', {
    schema: { tags: ['admin'], summary: 'Emails the site sent or stored (admin)', querystring: outboxQuerySchema, response: { 200: outboxListSchema, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.services.accounts.listOutbox(request.query);
  });

  // Issue 57: a message's attachment as it was sent, so the back office can open a booking's .ics.
  app.get('/api/admin/outbox/:id/attachments/:index', {
    schema: {
      tags: ['admin'], summary: "One attachment of an outbox email, as sent (admin)", params: outboxAttachmentParamsSchema,
      response: { 200: z.string(), 404: errorSchema, ...errors },
    },
  }, async (request, reply) => {
    const a = await app.services.accounts.outboxAttachment(request.params.id, request.params.index);
    if (!a) throw notFound('No such attachment');
    // Sent as a download, never rendered in the back office's origin.
    return reply.header('cache-control', 'private, no-store').type(a.contentType)
      .header('content-disposition', `attachment; filename="${a.filename.replace(/[^\w.-]/g, '_')}"`).send(a.content);
  });
};
