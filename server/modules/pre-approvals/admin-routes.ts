// Pre-approval back office (issue 6): the list without personal data, the decrypted detail (each view audited),
// status, assignee and notes. Admin only (401/403): app.ts registers this plugin in the admin scope
// (modules/admin/guard.ts). The public application route is in ./routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import {
  adminPreApprovalQuerySchema, preApprovalDetailSchema, preApprovalIdParams, preApprovalListItemSchema, preApprovalListSchema,
  preApprovalNoteBodySchema, preApprovalNoteSchema, preApprovalUpdateSchema,
} from '@domain/pre-approval';
import { actorOf } from '../audit/record';

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

export const preApprovalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/pre-approvals', {
    schema: { tags: ['finance', 'admin'], summary: 'Pre-approval applications (no personal data)', querystring: adminPreApprovalQuerySchema, response: { 200: preApprovalListSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.preApprovals.listPreApprovals(request.query);
  });

  app.get('/api/admin/pre-approvals/:id', {
    schema: { tags: ['finance', 'admin'], summary: 'One application, decrypted; the view is written to the audit log', params: preApprovalIdParams, response: { 200: preApprovalDetailSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.preApprovals.viewPreApproval(actorOf(request), request.params.id);
  });

  app.patch('/api/admin/pre-approvals/:id', {
    schema: { tags: ['finance', 'admin'], summary: 'Change status or assignee', params: preApprovalIdParams, body: preApprovalUpdateSchema, response: { 200: preApprovalListItemSchema, ...adminErrors } },
  }, async (request) => app.services.preApprovals.updatePreApproval(actorOf(request), request.params.id, request.body));

  app.post('/api/admin/pre-approvals/:id/notes', {
    schema: { tags: ['finance', 'admin'], summary: 'Add a staff note', params: preApprovalIdParams, body: preApprovalNoteBodySchema, response: { 201: preApprovalNoteSchema, ...adminErrors } },
  }, async (request, reply) => reply.code(201).send(await app.services.preApprovals.addPreApprovalNote(actorOf(request), request.params.id, request.body.body)));
};
