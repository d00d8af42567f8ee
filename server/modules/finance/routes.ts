// POST /api/approval-criteria (spec §7): the calculator's 'Browse Vehicles in Range'. Thin: schema in, limit,
// one service call, schema out. Open to visitors (spec §6: anyone may use the calculator), so limited per IP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { approvalCriteriaBodySchema, approvalCriteriaResponseSchema } from '@domain/approval';
import { createLimiter } from '../../plugins/rate-limit';

/** Generous for a person adjusting figures and trying again; tight enough that nobody fills the table. */
export const CRITERIA_SAVES_PER_IP = { max: 30, windowMs: 60_000 };

export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const savesPerIp = createLimiter(app, {
    name: 'approval-criteria-ip',
    ...CRITERIA_SAVES_PER_IP,
    message: 'Too many saves from this address. Please wait a minute and try again.',
  });

  app.post('/api/approval-criteria', {
    schema: {
      tags: ['finance'],
      summary: 'Save the affordability calculator criteria and return the estimate (spec §7, §9)',
      description: 'Stored for the signed-in user when there is one. The approved amount is the spec §9 estimate, not a credit decision.',
      body: approvalCriteriaBodySchema,
      response: { 201: approvalCriteriaResponseSchema, 400: errorSchema, 403: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await savesPerIp.hit(request, request.ip);
    const saved = await app.services.finance.saveApprovalCriteria(request.body, request.user?.id ?? null);
    return reply.code(201).send(saved);
  });
};
