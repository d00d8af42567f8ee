// Pre-approval API (issue 6). Public: submit an application (rate limited per address). Admin only (401/403 for
// everyone else): the list without personal data, the decrypted detail (each view audited), status, assignee, notes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import {
  adminPreApprovalQuerySchema, preApprovalApplicationSchema, preApprovalDetailSchema, preApprovalIdParams, preApprovalListItemSchema,
  preApprovalListSchema, preApprovalNoteBodySchema, preApprovalNoteSchema, preApprovalSubmittedSchema, preApprovalUpdateSchema,
} from '@domain/pre-approval';
import { requireAdmin } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';
import { actorOf } from '../audit/record';
import { addPreApprovalNote, listPreApprovals, submitPreApproval, updatePreApproval, viewPreApproval } from './service';

/** A household applies once or twice; a script probing the form or filling the queue stops quickly. */
export const PRE_APPROVALS_PER_IP = { max: 5, windowMs: 60 * 60_000 };

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
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
    return reply.code(201).send(await submitPreApproval(app, request.body));
  });

  app.get('/api/admin/pre-approvals', {
    preHandler: requireAdmin,
    schema: { tags: ['finance', 'admin'], summary: 'Pre-approval applications (no personal data)', querystring: adminPreApprovalQuerySchema, response: { 200: preApprovalListSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return listPreApprovals(app.db, request.query);
  });

  app.get('/api/admin/pre-approvals/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['finance', 'admin'], summary: 'One application, decrypted; the view is written to the audit log', params: preApprovalIdParams, response: { 200: preApprovalDetailSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return viewPreApproval(app.db, app.config.pii, actorOf(request), request.params.id);
  });

  app.patch('/api/admin/pre-approvals/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['finance', 'admin'], summary: 'Change status or assignee', params: preApprovalIdParams, body: preApprovalUpdateSchema, response: { 200: preApprovalListItemSchema, ...adminErrors } },
  }, async (request) => updatePreApproval(app.db, actorOf(request), request.params.id, request.body));

  app.post('/api/admin/pre-approvals/:id/notes', {
    preHandler: requireAdmin,
    schema: { tags: ['finance', 'admin'], summary: 'Add a staff note', params: preApprovalIdParams, body: preApprovalNoteBodySchema, response: { 201: preApprovalNoteSchema, ...adminErrors } },
  }, async (request, reply) => reply.code(201).send(await addPreApprovalNote(app.db, actorOf(request), request.params.id, request.body.body)));
};
