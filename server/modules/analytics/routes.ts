// First-party analytics endpoints (issue 6; spec §4 exit-intent beacon, §7 form-analytics track and page views).
// Global Privacy Control: a request with Sec-GPC: 1 is answered 204 and nothing is stored. The admin's form analytics
// report is in ./admin-routes.ts (admin scope).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRoute } from '../../plugins/page-reads';
import {
  cleanPath, formTrackBodySchema, pageViewBodySchema, tickerSchema, toFormEvent, vehicleIdOfPath, vehicleViewsSchema,
  VIEW_WINDOW_DAYS,
} from '@domain/analytics';
import { errorSchema } from '@domain/api';
import { vitalsBodySchema } from '@domain/web-vitals';
import { vehicleIdParams } from '@domain/vehicle';
import { createLimiter } from '../../plugins/rate-limit';

/** A busy shopper sends a few events a minute; a script inflating view counts or the funnel stops here. */
export const EVENTS_PER_IP = { max: 120, windowMs: 60_000 };
/** One report per page a visitor leaves; a household behind one address browses a few pages a minute. */
export const VITALS_PER_IP = { max: 60, windowMs: 60_000 };

const gpc = (headers: Record<string, unknown>) => headers['sec-gpc'] === '1';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const eventsIp = createLimiter(app, { name: 'analytics-ip', ...EVENTS_PER_IP, message: 'Too many analytics events from this address.' });
  // A visit sends its vitals once, when hidden: a limit of their own, so they never crowd out the funnel's events.
  const vitalsIp = createLimiter(app, { name: 'vitals-ip', ...VITALS_PER_IP, message: 'Too many page-speed reports from this address.' });

  app.post('/api/form-analytics/track', {
    schema: {
      tags: ['analytics'],
      summary: 'Record a form funnel event or the exit-intent beacon (spec §7)',
      description: 'Stores form, event, step and a random per-tab session id; no field values. Sec-GPC: 1 means nothing is stored.',
      body: formTrackBodySchema,
      response: { 204: z.null(), 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    if (gpc(request.headers)) return reply.code(204).send(null);
    await eventsIp.hit(request, request.ip);
    await app.services.analytics.recordFormEvent(toFormEvent(request.body));
    return reply.code(204).send(null);
  });

  app.post('/api/analytics/page-view', {
    schema: {
      tags: ['analytics'],
      summary: 'Record a page view (spec §7: on route change and 2 s after load)',
      description: 'Stores the path (without query or hash) and the vehicle it shows, nothing else. Sec-GPC: 1 means nothing is stored.',
      body: pageViewBodySchema,
      response: { 204: z.null(), 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    if (gpc(request.headers)) return reply.code(204).send(null);
    await eventsIp.hit(request, request.ip);
    const path = cleanPath(request.body.path);
    await app.services.analytics.recordPageView(path, vehicleIdOfPath(path));
    return reply.code(204).send(null);
  });

  app.post('/api/analytics/vitals', {
    schema: {
      tags: ['analytics'],
      summary: 'Record a visit\'s Core Web Vitals (issue 35 §3: LCP, INP and CLS measured in the shopper\'s browser)',
      description: 'Stores the kind of page, phone or desktop, and each figure; no path, session or address. Sec-GPC: 1 means nothing is stored.',
      body: vitalsBodySchema,
      response: { 204: z.null(), 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    if (gpc(request.headers)) return reply.code(204).send(null);
    await vitalsIp.hit(request, request.ip);
    await app.services.analytics.recordVitals(request.body);
    return reply.code(204).send(null);
  });

  readRoute(app, '/api/vehicles/:id/views', {
    schema: {
      tags: ['analytics'],
      summary: 'Page views of a vehicle over the last 7 days (real counts, for "viewed N times this week")',
      params: vehicleIdParams,
      response: { 200: vehicleViewsSchema, 400: errorSchema },
    },
    cacheControl: 'public, max-age=60',
  }, async ({ params }) => ({ vehicleId: params.id, views: await app.services.analytics.vehicleViews(params.id), days: VIEW_WINDOW_DAYS }));

  readRoute(app, '/api/vehicles/ticker', {
    schema: {
      tags: ['analytics', 'vehicles'],
      summary: 'The home ticker\'s pool: the newest available vehicles with their real views and bookings of the last 7 days',
      description: 'Counts are measured, never invented, and at most 10 s old; the client states them only from TICKER_MIN_VIEWS / TICKER_MIN_APPOINTMENTS up.',
      response: { 200: tickerSchema },
    },
  }, () => app.services.analytics.tickerVehicles());
};
