// GET /api/health for load balancers and uptime probes (foundation issue).
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  uptimeSeconds: z.number().int(),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, { version }) => {
  app.get('/api/health', {
    schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
  }, async (request, reply) => {
    const uptimeSeconds = Math.floor(process.uptime());
    try {
      await app.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, db: 'up' as const, uptimeSeconds, version };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'degraded', db: 'down', uptimeSeconds, version });
    }
  });
};
