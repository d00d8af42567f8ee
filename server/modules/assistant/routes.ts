// POST /api/car-assistant (spec §7). Thin: the contract validates, a per-IP limit, one service call.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { assistantRequestSchema, assistantResponseSchema } from '@domain/assistant';
import { createLimiter } from '../../plugins/rate-limit';

/** A lively conversation stays well under this; a script hammering the assistant (or a paid model) stops. */
export const ASSISTANT_PER_IP = { max: 40, windowMs: 10 * 60_000 };

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createLimiter(app, {
    name: 'assistant-ip',
    ...ASSISTANT_PER_IP,
    message: 'Too many chat messages from this address. Please wait a few minutes or call the dealership.',
  });

  app.post('/api/car-assistant', {
    schema: {
      tags: ['assistant'],
      summary: 'Ask the car assistant',
      description: 'Answers from live inventory and the loan rules; with LLM_BASE_URL set, from that model (falling back to the built-in assistant after a failure or 8 s). The exchange is stored against the session and, with leadToken, the lead.',
      body: assistantRequestSchema,
      response: { 200: assistantResponseSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await limiter.hit(request, request.ip);
    return app.services.assistant.answer(request.body);
  });
};
