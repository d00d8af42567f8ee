// Health for load balancers, orchestrators and uptime probes (foundation issue; issue 18):
// - GET /api/health/live: the process answers (restart it if not). Touches nothing else.
// - GET /api/health/ready: it can serve (send it traffic): the database answers, the embedded database's disk has
//   room for writes (issue 30) and, in production, the uploads storage and Redis when one is configured. 503 with
//   what failed otherwise.
// - GET /api/health: the database's reachability for anyone. The version, uptime and the inventory index's state
//   (issue 36 item 8: they help an attacker pick exploits and size the stock) go in `details`, only for a request
//   with the metrics token (METRICS_TOKEN, as GET /metrics takes it) or from a signed-in admin. Details about the
//   runtime (Node and zone data versions) belong in `details` too.
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isActiveAdmin } from '@domain/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PGLITE_MIN_FREE_BYTES } from '../../db/client';
import { runtimeZoneData } from '../../zone-data';

const check = z.enum(['up', 'down', 'not configured']);

/** Issue 29: the Node release and its IANA zone data, and whether that data has Alberta's permanent UTC-6. */
function runtimeOf() {
  const zone = runtimeZoneData();
  return { node: zone.node, tzdata: zone.tzdata, zoneData: zone.current ? 'current' as const : 'stale' as const };
}

const detailsSchema = z.object({
  uptimeSeconds: z.number().int(),
  version: z.string(),
  /** Issue 29: the Node release and its IANA zone data; `stale` means Alberta's clock from `Intl` is an hour behind. */
  runtime: z.object({ node: z.string(), tzdata: z.string(), zoneData: z.enum(['current', 'stale']) }),
  /** The in-process inventory index: SQL answers the listing while it is building (or when it is turned off). */
  // json: false while the vehicles' JSON is filled after a build (pages read the missing ones from the database).
  inventoryIndex: z.object({ state: z.enum(['building', 'ready', 'off']), vehicles: z.number().int(), buildMs: z.number().int(), json: z.enum(['warming', 'warm']) }),
});

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  /** Only with the metrics token or an admin's session. */
  details: detailsSchema.optional(),
});

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The metrics token (compared as digests: equal lengths whatever was sent) or a signed-in admin. */
function mayReadDetails(app: FastifyInstance, request: FastifyRequest): boolean {
  if (isActiveAdmin(request.user)) return true;
  const token = app.config.metricsToken;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return Boolean(token && given && timingSafeEqual(digest(given), digest(token)));
}

const readySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ db: check, disk: check, storage: check, redis: check }),
});

const CHECK_TIMEOUT_MS = 2000;
/**
 * Issue 30: readiness turns red within a second of the database going away, so a load balancer stops sending
 * traffic at once. A refused connection fails at once; this bounds a server that accepts and never answers.
 */
const DB_CHECK_TIMEOUT_MS = 800;

async function probe(work: () => Promise<unknown>, timeoutMs = CHECK_TIMEOUT_MS): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work(), new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), timeoutMs); })]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

async function readiness(app: FastifyInstance) {
  const production = app.config.env === 'production';
  const redisPing = app.redisPing;
  const freeBytes = app.database.freeBytes;
  const checks = {
    db: await probe(() => app.db.execute(sql`select 1`), DB_CHECK_TIMEOUT_MS),
    // Issue 30: the embedded database on disk answers reads with its disk full, but refuses writes; red below
    // PGLITE_MIN_FREE_BYTES free, green by itself once space is freed.
    disk: freeBytes ? await probe(async () => {
      const free = await freeBytes();
      if (free < PGLITE_MIN_FREE_BYTES) throw new Error(`${free} bytes free`);
    }) : 'not configured' as const,
    // Uploads must be writable (the folder) or reachable (the bucket) to take photos.
    storage: production ? await probe(() => app.storage.ping()) : 'not configured' as const,
    redis: production && redisPing ? await probe(redisPing) : 'not configured' as const,
  };
  const ok = Object.values(checks).every((c) => c !== 'down');
  return { ok, checks };
}

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, { version }) => {
  app.get('/api/health/live', {
    schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: z.object({ status: z.literal('alive') }) } },
  }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'alive' as const }));

  app.get('/api/health/ready', {
    schema: { tags: ['health'], summary: 'Readiness: the database (and in production the uploads storage and Redis) answer', response: { 200: readySchema, 503: readySchema } },
  }, async (request, reply) => {
    const { ok, checks } = await readiness(app);
    if (!ok) request.log.error({ checks }, 'readiness check failed');
    return reply.code(ok ? 200 : 503).header('cache-control', 'no-store').send({ status: ok ? 'ready' : 'not ready', checks });
  });

  app.get('/api/health', {
    schema: {
      tags: ['health'], summary: 'Liveness and database reachability; the version, uptime and inventory index for the metrics token or an admin',
      response: { 200: healthSchema, 503: healthSchema },
    },
  }, async (request, reply) => {
    const details = () => {
      const index = app.inventoryIndex;
      return {
        uptimeSeconds: Math.floor(process.uptime()),
        version,
        runtime: runtimeOf(),
        inventoryIndex: {
          state: !app.config.inventoryIndex ? 'off' as const : index.ready ? 'ready' as const : 'building' as const,
          vehicles: index.ready ? index.count : 0,
          buildMs: index.lastBuildMs,
          json: index.ready && index.jsonWarm ? 'warm' as const : 'warming' as const,
        },
      };
    };
    const extra = mayReadDetails(app, request) ? { details: details() } : {};
    // The answer differs by who asks: never stored by a cache.
    reply.header('cache-control', 'no-store');
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, db: 'up' as const, ...extra };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'degraded' as const, db: 'down' as const, ...extra });
    }
  });
};
