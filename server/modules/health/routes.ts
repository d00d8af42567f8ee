// GET /api/health for load balancers and uptime probes (foundation issue).
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  uptimeSeconds: z.number().int(),
  version: z.string(),
  /** The in-process inventory index: SQL answers the listing while it is building (or when it is turned off). */
  inventoryIndex: z.object({ state: z.enum(['building', 'ready', 'off']), vehicles: z.number().int(), buildMs: z.number().int() }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, { version }) => {
  app.get('/api/health', {
    schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
  }, async (request, reply) => {
    const uptimeSeconds = Math.floor(process.uptime());
    const index = app.inventoryIndex;
    const inventoryIndex = {
      state: !app.config.inventoryIndex ? 'off' as const : index.ready ? 'ready' as const : 'building' as const,
      vehicles: index.ready ? index.count : 0,
      buildMs: index.lastBuildMs,
    };
    try {
      await app.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, db: 'up' as const, uptimeSeconds, version, inventoryIndex };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'degraded', db: 'down', uptimeSeconds, version, inventoryIndex });
    }
  });
};
