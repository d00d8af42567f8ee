// Dealer settings (issues 33 §6, 34 §5). The public closed days (the booking form) and the admin's settings page,
// registered in the admin scope by app.ts. Thin: schema in, one service call, schema out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import { closedDaysResponseSchema, dealerSettingsResponseSchema, dealerSettingsSchema } from '@domain/dealer-settings';
import { actorOf } from '../audit/record';

export const closedDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/closed-days', {
    schema: {
      tags: ['appointments'], operationId: 'listClosedDays',
      summary: 'The days both stores are closed (holidays and other dates from the dealer settings), and the next 400 days\' closed dates',
      response: { 200: closedDaysResponseSchema },
    },
  }, async () => app.services.dealerSettings.publicClosedDays(new Date()));
};

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['dealer-settings', 'admin'];

export const dealerSettingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/dealer-settings', {
    schema: { tags, operationId: 'adminGetDealerSettings', summary: 'Closed days and the feeds\' AMVIC disclosure rule', response: { 200: dealerSettingsResponseSchema, ...errors } },
  }, async () => app.services.dealerSettings.getDealerSettings());

  app.put('/api/admin/dealer-settings', {
    schema: {
      tags, operationId: 'adminUpdateDealerSettings', summary: 'Set the closed days and the feeds\' AMVIC disclosure rule',
      description: 'closedHolidays: keys of Alberta holidays; closedDates: MM-DD every year or YYYY-MM-DD once; feedsRequireDisclosures: keep used vehicles with unanswered AMVIC disclosures out of the Google feed and the inventory CSV.',
      body: dealerSettingsSchema,
      response: { 200: dealerSettingsResponseSchema, ...errors },
    },
  }, async (request) => app.services.dealerSettings.saveDealerSettings(actorOf(request), request.body));
};
