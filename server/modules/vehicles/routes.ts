// Inventory endpoints (spec §7; foundation issue). Thin: schema in, permission, one service call, schema out.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@domain/api';
import {
  facetsSchema, paginatedVehiclesSchema, vehicleDetailSchema, vehicleIdParams, vehicleListQuerySchema,
  vehicleMutationResultSchema, vehicleSchema,
} from '@domain/vehicle';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/record';
import { deleteVehicle, effectiveStatus, getFacets, getVehicle, listVehicles, markAvailable, markSold } from './service';

/**
 * Sends an answer the service already passed through the route's response schema and serialised (cached reads,
 * see service.ts toJson): Fastify sends a string with a JSON content type as is.
 */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, cache: app.inventoryCache };
  const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get('/api/vehicles', {
    schema: {
      tags: ['vehicles'],
      summary: 'List vehicles: filters, search, sort and pages (spec §7)',
      description: 'With format=paginated the answer is {vehicles, pagination}; otherwise a bare array of the page (spec §7).',
      querystring: vehicleListQuerySchema,
      response: { 200: z.union([paginatedVehiclesSchema, z.array(vehicleSchema)]), 400: errorSchema, 403: errorSchema },
    },
  }, async (request, reply) => {
    const status = effectiveStatus(request.query.status, request.user);
    return sendJson(reply, await listVehicles(ctx, request.query, status));
  });

  app.get('/api/vehicles/facets', {
    schema: {
      tags: ['vehicles'],
      summary: 'Filter options with counts over available vehicles, for the sidebar and the home search card',
      response: { 200: facetsSchema },
    },
  }, async (_request, reply) => sendJson(reply, await getFacets(ctx)));

  app.get('/api/vehicles/:id', {
    schema: {
      tags: ['vehicles'],
      summary: 'One vehicle with its photos and price history; sold vehicles answer with isSold true',
      params: vehicleIdParams,
      response: { 200: vehicleDetailSchema, 400: errorSchema, 404: errorSchema },
    },
  }, async (request, reply) => sendJson(reply, await getVehicle(ctx, request.params.id, request.user)));

  app.delete('/api/vehicles/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['vehicles', 'admin'], summary: 'Delete a vehicle permanently (admin)', params: vehicleIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, (request) => deleteVehicle(ctx, actorOf(request), request.params.id));

  app.post('/api/vehicles/:id/mark-sold', {
    preHandler: requireAdmin,
    schema: { tags: ['vehicles', 'admin'], summary: 'Mark a vehicle sold (admin)', params: vehicleIdParams, response: { 200: vehicleMutationResultSchema, ...adminErrors } },
  }, (request) => markSold(ctx, actorOf(request), request.params.id));

  app.post('/api/vehicles/:id/mark-available', {
    preHandler: requireAdmin,
    schema: { tags: ['vehicles', 'admin'], summary: 'Mark a vehicle available again (admin)', params: vehicleIdParams, response: { 200: vehicleMutationResultSchema, ...adminErrors } },
  }, (request) => markAvailable(ctx, actorOf(request), request.params.id));
};
