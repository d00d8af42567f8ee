// Pre-approval API (issue 6). Public: submit an application (rate limited per address). The admin routes (the list
// without personal data, the decrypted detail, status, assignee, notes) are in ./admin-routes.ts (admin scope).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { preApprovalApplicationSchema, preApprovalSubmittedSchema } from '@domain/pre-approval';
import { createLimiter } from '../../plugins/rate-limit';

/** A household applies once or twice; a script probing the form or filling the queue stops quickly. */
export const PRE_APPROVALS_PER_IP = { max: 5, windowMs: 60 * 60_000 };

const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

export const preApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.pii.devKey && app.config.env !== 'test') {
    app.log.warn('PII_ENCRYPTION_KEY is not set: pre-approval applications are encrypted with the PUBLIC DEVELOPMENT KEY. '
      + 'Anyone with the source code can read them. Set PII_ENCRYPTION_KEY (openssl rand -base64 32) before real use.');
  }
  const submitIp = createLimiter(app, {
    name: 'pre-approval-ip',
    ...PRE_APPROVALS_PER_IP,
    message: 'Too many applications from this address. Please try again later or call the dealership.',
  });

  app.post('/api/pre-approvals', {
    schema: {
      tags: ['finance'],
      summary: 'Apply for financing pre-approval',
      description: 'Personal fields are encrypted at rest (AES-256-GCM). The credit-check consent wording is recorded with its time. '
        + 'The answer is a reference and what happens next; it is never an approval.',
      body: preApprovalApplicationSchema,
      response: { 201: preApprovalSubmittedSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await submitIp.hit(request, request.ip);
    noStore(reply);
    return reply.code(201).send(await app.services.preApprovals.submitPreApproval(request.body));
  });
};
