// POST /api/leads (spec §7: email, phone, source, leadType, additionalData). Thin: the contract validates, a
// per-IP limit, one service call. The admin inbox routes live in ./admin-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { createLeadRequestSchema, createLeadResponseSchema } from '@domain/leads';
import { createLimiter } from '../../plugins/rate-limit';

/** A shopper sends a form or two; a script spamming the dealer's inbox stops at the sixth in ten minutes. */
export const LEADS_PER_IP = { max: 5, windowMs: 10 * 60_000 };

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const leadIp = createLimiter(app, {
    name: 'lead-ip',
    ...LEADS_PER_IP,
    message: 'Too many requests from this address. Please try again later or call the dealership.',
  });

  app.post('/api/leads', {
    schema: {
      tags: ['leads'],
      summary: 'Send the dealership a lead (chat contact form, contact form)',
      description: 'Stored first, then the dealership is e-mailed; a mail failure never loses the lead. A chat lead (source carbro_chat) answers with a chatToken that links the conversation to it.',
      body: createLeadRequestSchema,
      response: { 201: createLeadResponseSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await leadIp.hit(request, request.ip);
    const b = request.body;
    const extraName = typeof b.additionalData.name === 'string' ? b.additionalData.name : undefined;
    const lead = await app.services.leads.submitLead({
      source: b.source,
      leadType: b.leadType,
      name: b.name ?? extraName ?? null,
      phone: b.phone ?? null,
      email: b.email ?? null,
      message: b.message ?? null,
      vehicleId: b.vehicleId ?? null,
      additionalData: b.additionalData,
      userId: request.user?.id ?? null,
      issueChatToken: b.leadType === 'chat',
    });
    return reply.code(201).send({ id: lead.id, ...(lead.chatToken ? { chatToken: lead.chatToken } : {}) });
  });
};
