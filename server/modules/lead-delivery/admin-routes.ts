// Lead delivery to the CRM (issue 32 part 2), /admin/lead-delivery. Admin only (401/403): app.ts registers this
// plugin in the admin scope (modules/admin/guard.ts). Thin: schema in, one service call, schema out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import {
  leadDeliveryIdParams, leadDeliveryListSchema, leadDeliveryQuerySchema, leadDeliverySchema, leadDeliverySettingsSchema,
  leadDeliverySettingsUpdateSchema, leadDeliveryTestResultSchema,
} from '@domain/lead-delivery';
import { actorOf } from '../audit/record';
import { badRequest } from '../../errors';

/** The settings' fields as the page labels them: an admin reads these messages, not the API's field names. */
const FIELD_LABELS: Record<string, string> = { adfEmail: 'ADF e-mail address', webhookUrl: 'Webhook URL', webhookSecret: 'Signing secret' };

/** A settings body that fails its schema, told in the page's words (issue 54 §4), each field under its API name. */
function settingsProblem(validation: { instancePath: string; message?: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    // A body that is not an object at all is named `body`, as every other route names it.
    const key = issue.instancePath.replace(/^\//, '').split('/')[0] || 'body';
    const label = FIELD_LABELS[key] ?? 'Settings';
    const message = issue.message ?? 'is not valid';
    fields[key] ??= message.startsWith(label) ? message : `${label}: ${message}`;
  }
  return badRequest(Object.values(fields).join('; '), fields);
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['lead-delivery', 'admin'];

export const leadDeliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The log holds shoppers' names: never cached by a browser or proxy.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/lead-delivery')) reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/admin/lead-delivery', {
    schema: { tags, operationId: 'adminGetLeadDeliverySettings', summary: 'Where new leads are delivered: the CRM\'s ADF e-mail address and/or a signed webhook (the secret is never returned)', response: { 200: leadDeliverySettingsSchema, ...errors } },
  }, async () => app.services.leadDelivery.getSettings());

  app.put('/api/admin/lead-delivery', {
    schema: {
      tags,
      operationId: 'adminUpdateLeadDeliverySettings', summary: 'Set where new leads are delivered',
      description: 'Either or both of adfEmail and webhookUrl (null or "" for none). webhookSecret replaces the signing secret; left out, the stored one is kept. A webhook needs a secret: `whsec_` + base64 of 24 to 64 random bytes (Standard Webhooks; the decoded bytes are the key), or an older plain secret of 16+ printable characters (its characters are the key). In production a webhook host resolving to a private, loopback or link-local address is refused unless LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS=true.',
      body: leadDeliverySettingsUpdateSchema,
      response: { 200: leadDeliverySettingsSchema, ...errors },
    },
    // The handler words the schema's failures (settingsProblem), after the admin guard has run.
    attachValidation: true,
  }, async (request) => {
    if (request.validationError) throw settingsProblem((request.validationError as { validation?: { instancePath: string; message?: string }[] }).validation ?? []);
    return app.services.leadDelivery.saveSettings(actorOf(request), request.body);
  });

  app.post('/api/admin/lead-delivery/test', {
    schema: { tags, operationId: 'adminSendTestLead', summary: 'Send a test lead to every endpoint set, now, and answer with what each one answered', response: { 200: leadDeliveryTestResultSchema, ...errors } },
  }, async () => app.services.leadDelivery.sendTestLead());

  app.get('/api/admin/lead-delivery/deliveries', {
    schema: { tags, operationId: 'adminListLeadDeliveries', summary: 'The delivery log, newest first: status, attempts, last error', querystring: leadDeliveryQuerySchema, response: { 200: leadDeliveryListSchema, ...errors } },
  }, async (request) => app.services.leadDelivery.listDeliveries(request.query));

  app.post('/api/admin/lead-delivery/deliveries/:id/resend', {
    schema: { tags, operationId: 'adminResendLeadDelivery', summary: 'Send a delivery again (a new delivery id; a pending one is tried at once instead)', params: leadDeliveryIdParams, response: { 200: leadDeliverySchema, ...errors } },
  }, async (request) => app.services.leadDelivery.sendAgain(actorOf(request), request.params.id));
};
