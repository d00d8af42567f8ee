// The leads inbox API (issue 6, /admin/leads). Admin only (401/403): app.ts registers this plugin in the admin scope
// (modules/admin/guard.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import {
  leadDetailSchema, leadIdParams, leadListQuerySchema, leadListSchema, leadNoteRequestSchema, leadNoteSchema, leadSchema, leadUpdateSchema,
} from '@domain/leads';
import { actorOf } from '../audit/record';
import { albertaDate } from '@domain/alberta-time';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const exportQuery = leadListQuerySchema.omit({ page: true, limit: true });
// The export's file name carries Alberta's date, the day the dealer sees on the wall (issue 29).
const stamp = () => albertaDate();

export const leadAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Lead data is personal: never cached by a browser or proxy.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/leads')) reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/admin/leads', {
    schema: { tags: ['leads', 'admin'], summary: 'The leads inbox, newest first, with pipeline counts and median time to first response', querystring: leadListQuerySchema, response: { 200: leadListSchema, ...errors } },
  }, async (request) => app.services.leads.listLeads(request.query));

  app.get('/api/admin/leads/export.csv', {
    schema: { tags: ['leads', 'admin'], summary: 'The filtered leads as CSV', querystring: exportQuery, response: { 200: z.string(), ...errors } },
  }, async (request, reply) => {
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="leads-${stamp()}.csv"`);
    return app.services.leads.exportCsv(request.query);
  });

  app.get('/api/admin/leads/export.adf', {
    schema: { tags: ['leads', 'admin'], summary: 'The filtered (or listed, ?ids=1,2) leads as one ADF 1.0 XML document for a CRM', querystring: exportQuery, response: { 200: z.string(), ...errors } },
  }, async (request, reply) => {
    const { xml } = await app.services.leads.exportAdf(request.query);
    reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="leads-${stamp()}.adf.xml"`);
    return xml;
  });

  app.get('/api/admin/leads/:id', {
    schema: { tags: ['leads', 'admin'], summary: 'One lead with its notes and chat conversation', params: leadIdParams, response: { 200: leadDetailSchema, ...errors } },
  }, async (request) => app.services.leads.getLead(request.params.id));

  app.get('/api/admin/leads/:id/adf', {
    schema: { tags: ['leads', 'admin'], summary: 'One lead as ADF 1.0 XML', params: leadIdParams, response: { 200: z.string(), ...errors } },
  }, async (request, reply) => {
    await app.services.leads.getLead(request.params.id); // 404 for an unknown lead, not an empty document
    const { xml } = await app.services.leads.exportAdf({ ids: [request.params.id] });
    reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="lead-${request.params.id}.adf.xml"`);
    return xml;
  });

  app.patch('/api/admin/leads/:id', {
    schema: { tags: ['leads', 'admin'], summary: 'Move a lead along the pipeline or assign it', params: leadIdParams, body: leadUpdateSchema, response: { 200: leadSchema, ...errors } },
  }, async (request) => app.services.leads.updateLead(actorOf(request), request.params.id, request.body));

  app.post('/api/admin/leads/:id/notes', {
    schema: { tags: ['leads', 'admin'], summary: 'Add a staff note to a lead', params: leadIdParams, body: leadNoteRequestSchema, response: { 201: leadNoteSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await app.services.leads.addNote(actorOf(request), request.params.id, request.body.body)));
};
