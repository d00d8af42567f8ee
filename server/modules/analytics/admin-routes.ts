// The back office's form analytics report (issue 6): starts, completions, abandonment by step, exit-intent triggers
// and page-leave time. Admin only (401/403): app.ts registers this plugin in the admin scope (modules/admin/guard.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRangeQuerySchema, formAnalyticsSchema } from '@domain/analytics';
import { errorSchema } from '@domain/api';
import { vitalsQuerySchema, vitalsReportSchema } from '@domain/web-vitals';

export const analyticsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/form-analytics', {
    schema: {
      tags: ['analytics', 'admin'], summary: 'Form starts, completions, abandonment by step, exit-intent triggers and page-leave time',
      querystring: analyticsRangeQuerySchema, response: { 200: formAnalyticsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.services.analytics.formAnalytics(request.query.days);
  });

  app.get('/api/admin/web-vitals', {
    schema: {
      tags: ['analytics', 'admin'], summary: 'Real visitors\' LCP, INP and CLS at the 75th percentile, per kind of page, phones and desktops apart (issue 35 §3)',
      querystring: vitalsQuerySchema, response: { 200: vitalsReportSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.services.analytics.vitalsReport(request.query.days);
  });
};
