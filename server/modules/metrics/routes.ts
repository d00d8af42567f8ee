// GET /metrics (issue 18; docs/OPERATIONS.md "Metrics"): Prometheus text format, for the operator's scraper only.
// Off unless METRICS_TOKEN is set, and then only with `Authorization: Bearer <token>`; a wrong or missing token is
// a 404, like a route that is not there.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Times every request, and serves GET /metrics when a token is configured. */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern keeps the label set small; requests no route matched are one 'unmatched' series.
    const route = request.routeOptions.url ?? 'unmatched';
    app.metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (!token) return;
  const expected = Buffer.from(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.code(404).send({ message: 'Not found' });
    return reply.header('content-type', app.metrics.registry.contentType).header('cache-control', 'no-store').send(await app.metrics.registry.metrics());
  });
}
