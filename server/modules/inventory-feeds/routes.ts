// Admin API of inventory feeds (issue 32 part 1). The contract integrators depend on: every route has its Zod
// schema (domain/inventory-feeds.ts), which is also the OpenAPI document. Admin only: app.ts registers this plugin in
// the admin scope. A run answers when it is done, with the run.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import {
  feedIdParams, feedInputSchema, feedListSchema, feedLockBodySchema, feedLockSchema, feedPreviewBodySchema, feedPreviewSchema,
  feedRunListSchema, feedRunParams, feedRunSchema, feedSchema,
} from '@domain/inventory-feeds';
import { actorOf } from '../audit/record';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['admin', 'inventory-feeds'];

export const inventoryFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds = app.services.inventoryFeeds;

  app.get('/api/admin/inventory-feeds', {
    schema: { tags, summary: 'Every inventory feed with its last run', response: { 200: feedListSchema, ...errors } },
  }, async () => ({ feeds: await feeds.listFeeds() }));

  app.post('/api/admin/inventory-feeds/preview', {
    schema: { tags, summary: "Fetch a feed's first rows and suggest a column mapping (nothing is saved)", body: feedPreviewBodySchema, response: { 200: feedPreviewSchema, ...errors } },
  }, async (request) => feeds.previewFeed(request.body));

  app.post('/api/admin/inventory-feeds', {
    schema: { tags, summary: 'Add an inventory feed; without a mapping the suggested one is used', body: feedInputSchema, response: { 201: feedSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await feeds.createFeed(actorOf(request), request.body)));

  app.get('/api/admin/inventory-feeds/:id', {
    schema: { tags, summary: 'One inventory feed', params: feedIdParams, response: { 200: feedSchema, ...errors } },
  }, async (request) => feeds.getFeed(request.params.id));

  app.put('/api/admin/inventory-feeds/:id', {
    schema: { tags, summary: 'Change an inventory feed (an omitted password keeps the stored one)', params: feedIdParams, body: feedInputSchema, response: { 200: feedSchema, ...errors } },
  }, async (request) => feeds.updateFeed(actorOf(request), request.params.id, request.body));

  app.delete('/api/admin/inventory-feeds/:id', {
    schema: { tags, summary: 'Remove an inventory feed; the vehicles it brought stay', params: feedIdParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await feeds.deleteFeed(actorOf(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.post('/api/admin/inventory-feeds/:id/run', {
    schema: { tags, summary: 'Run a feed now; answers with the run when it is done (succeeded, failed or held)', params: feedIdParams, response: { 200: feedRunSchema, ...errors } },
  }, async (request) => feeds.runFeed(request.params.id, { trigger: 'manual', actor: actorOf(request) }));

  app.get('/api/admin/inventory-feeds/:id/runs', {
    schema: { tags, summary: "A feed's run history, newest first", params: feedIdParams, response: { 200: feedRunListSchema, ...errors } },
  }, async (request) => ({ runs: await feeds.listRuns(request.params.id) }));

  app.post('/api/admin/inventory-feeds/:id/runs/:runId/approve', {
    schema: { tags, summary: 'Apply a held run as it was planned', params: feedRunParams, response: { 200: feedRunSchema, ...errors } },
  }, async (request) => feeds.approveRun(actorOf(request), request.params.id, request.params.runId));

  app.post('/api/admin/inventory-feeds/:id/runs/:runId/discard', {
    schema: { tags, summary: 'Discard a held run: nothing of it is applied', params: feedRunParams, response: { 200: feedRunSchema, ...errors } },
  }, async (request) => feeds.discardRun(actorOf(request), request.params.id, request.params.runId));

  const vehicleParams = z.object({ vehicleId: z.coerce.number().int().positive() });
  app.get('/api/admin/inventory-feed-locks/:vehicleId', {
    schema: { tags, summary: 'Which feed a vehicle comes from, and what of it is kept from the feed', params: vehicleParams, response: { 200: feedLockSchema, ...errors } },
  }, async (request) => feeds.getLock(request.params.vehicleId));

  app.put('/api/admin/inventory-feed-locks/:vehicleId', {
    schema: { tags, summary: "Keep a vehicle, or some of its fields, from its feed's updates", params: vehicleParams, body: feedLockBodySchema, response: { 200: feedLockSchema, ...errors } },
  }, async (request) => feeds.setLock(actorOf(request), request.params.vehicleId, request.body.locked));
};
