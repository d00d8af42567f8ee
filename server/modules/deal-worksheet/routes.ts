// The deal worksheet's API (issue 34 §3-4). Thin: schema in, one service call, schema out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRoute } from '../../plugins/page-reads';
import { errorSchema } from '@domain/api';
import {
  dealOptionsSchema, dealQuoteRequestSchema, dealQuoteSchema, dealSettingsSchema, savedWorksheetListSchema, savedWorksheetSchema, sendDealRequestSchema,
} from '@domain/deal-worksheet';
import { createLimiter } from '../../plugins/rate-limit';
import { actorOf } from '../audit/record';

const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['deal-worksheet'];

export const dealWorksheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendIp = createLimiter(app, { name: 'deal-send-ip', max: 10, windowMs: 10 * 60_000, message: 'Too many deals sent. Try again in a few minutes, or call us.' });
  const keepIp = createLimiter(app, { name: 'deal-keep-ip', max: 60, windowMs: 10 * 60_000, message: 'Too many worksheets kept. Try again in a few minutes.' });

  app.post('/api/deal-quotes', {
    schema: {
      tags, summary: 'The deal worksheet for a dealer vehicle: all-in price, products, trade-in, 5% GST, lien payout, incentives, down payment and the cost of credit',
      description: 'Alberta maths (domain/deal-worksheet.ts): the trade-in is subtracted before GST, the lien payout added after it; financing compounds monthly. 400 names the field (a negative down payment, a term not offered for the model year, a down payment above the total, an unknown product); 404 for an unknown vehicle; 409 for a sold vehicle, a private listing or a held vehicle, saying which.',
      body: dealQuoteRequestSchema, response: { 200: dealQuoteSchema, ...errors },
    },
  }, async (request) => app.services.dealWorksheet.quote(request.body, new Date()));

  readRoute(app, '/api/vehicles/:id/deal-options', {
    schema: {
      tags, summary: 'What the worksheet offers for a vehicle: the dealer\'s optional products, the incentives that apply today, the terms for its model year and the rate table',
      params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: dealOptionsSchema, ...errors },
    },
  }, ({ params }) => app.services.dealWorksheet.dealOptions(params.id, new Date()));

  app.post('/api/deal-worksheets', {
    schema: {
      tags, summary: 'Keep a worksheet behind a read-only share link; a signed-in shopper\'s is saved to their account',
      body: dealQuoteRequestSchema, response: { 200: savedWorksheetSchema, ...errors, 429: errorSchema },
    },
  }, async (request) => {
    await keepIp.hit(request, request.ip);
    return app.services.dealWorksheet.keepWorksheet(request.body, request.user?.id ?? null, new Date());
  });

  readRoute(app, '/api/deal-worksheets/:token', {
    schema: {
      tags, summary: 'A kept worksheet, read-only, as it was quoted',
      params: z.object({ token: z.string().min(10).max(32).regex(/^[A-Za-z0-9_-]+$/) }), response: { 200: savedWorksheetSchema, ...errors },
    },
    cacheControl: 'private, no-store',
  }, ({ params }) => app.services.dealWorksheet.sharedWorksheet(params.token));

  app.post('/api/deal-leads', {
    schema: {
      tags, summary: 'Send this deal to the dealership: a lead of type deal carrying the vehicle, the trade, the terms and the products (ADF with <finance> and the trade-in)',
      body: sendDealRequestSchema, response: { 200: savedWorksheetSchema, ...errors, 429: errorSchema },
    },
  }, async (request) => {
    await sendIp.hit(request, request.ip);
    return app.services.dealWorksheet.sendWorksheet(request.body, request.user?.id ?? null, new Date());
  });

  readRoute(app, '/api/account/deal-worksheets', {
    signedIn: true,
    cacheControl: 'private, no-store',
    schema: { tags, summary: 'My kept and sent worksheets, newest first', response: { 200: savedWorksheetListSchema, 401: errorSchema, 403: errorSchema } },
  }, async ({ user }) => ({ worksheets: await app.services.dealWorksheet.myWorksheets(user!.id) }));
};

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const dealSettingsAnswer = dealSettingsSchema.and(z.object({ updatedAt: z.string().nullable() }));

/** Registered in the admin scope (app.ts): 401 without a session, 403 for anyone but an admin. */
export const dealSettingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/deal-settings', {
    schema: { tags: [...tags, 'admin'], summary: 'The worksheet\'s optional products and incentives', response: { 200: dealSettingsAnswer, ...adminErrors } },
  }, async () => app.services.dealWorksheet.getDealSettings());

  app.put('/api/admin/deal-settings', {
    schema: {
      tags: [...tags, 'admin'], summary: 'Replace the worksheet\'s optional products (name, price, description) and incentives (amount per fuel type, price cap, dates)',
      body: dealSettingsSchema, response: { 200: dealSettingsAnswer, ...adminErrors },
    },
  }, async (request) => app.services.dealWorksheet.saveDealSettings(actorOf(request), request.body));
};
