// The back office's core API (issue 4): inventory table, vehicle create/edit, bulk actions, dashboard, audit log.
// Thin routes: schema in, one service call, schema out. Admin only: app.ts registers this plugin in the admin scope,
// whose guard (./guard.ts) answers 401/403 before validation (DESIGN.md convention 4).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema, auditQuerySchema, bulkActionSchema, bulkResultSchema, dashboardSchema, inventoryPageSchema, inventoryQuerySchema,
} from '@domain/admin';
import { errorSchema } from '@domain/api';
import { vehicleIdParams } from '@domain/vehicle';
import { adminVehicleSchema, vehicleInputSchema, vehiclePatchSchema, vehicleSavedSchema } from '@domain/vehicle-input';
import { actorOf } from '../audit/record';
import { pricingGuidanceQuerySchema, pricingGuidanceSchema } from '@domain/deal-rating';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get('/api/admin/dashboard', {
    schema: { tags, summary: 'Back-office dashboard: stock, sales this month, days on lot, value, photo gaps, aged units, recent activity', response: { 200: dashboardSchema, ...errors } },
  }, async (_request, reply) => {
    noStore(reply);
    return app.services.admin.getDashboard();
  });

  app.get('/api/admin/pricing-guidance', {
    schema: {
      tags, summary: 'Market range of comparable vehicles for a make, model, year and km, and the deal rating a typed price would get (issue 19)',
      description: 'Comparables: same make and model, model years within 2, live and sold, each adjusted to the given km. excludeId leaves out the vehicle being edited.',
      querystring: pricingGuidanceQuerySchema, response: { 200: pricingGuidanceSchema, ...errors },
    },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.vehicles.pricingGuidance(request.query);
  });

  app.get('/api/admin/vehicles', {
    schema: { tags, summary: 'The inventory table: every vehicle in any status, searched, filtered, sorted and paged', querystring: inventoryQuerySchema, response: { 200: inventoryPageSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.admin.listInventory(request.query);
  });

  app.post('/api/admin/vehicles/bulk', {
    schema: {
      tags, summary: 'One action on many vehicles, all or nothing: mark sold, mark available, delete, change price by an amount or a percentage',
      body: bulkActionSchema, response: { 200: bulkResultSchema, ...errors },
    },
  }, (request) => app.services.admin.bulkAction(actorOf(request), request.body));

  app.get('/api/admin/vehicles/:id', {
    schema: { tags, summary: 'One vehicle for the edit form, with its price history and who changed it', params: vehicleIdParams, response: { 200: adminVehicleSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.admin.getAdminVehicle(request.params.id);
  });

  app.post('/api/admin/vehicles', {
    schema: { tags, summary: 'Add a dealer vehicle (blank stock number: the next of its store)', body: vehicleInputSchema, response: { 201: vehicleSavedSchema, ...errors } },
  }, async (request, reply) => {
    const vehicle = await app.services.admin.createVehicle(actorOf(request), request.body);
    return reply.code(201).send({ message: 'Vehicle added', vehicle });
  });

  app.put('/api/admin/vehicles/:id', {
    schema: { tags, summary: 'Replace every field of a vehicle (the edit form)', params: vehicleIdParams, body: vehicleInputSchema, response: { 200: vehicleSavedSchema, ...errors } },
  }, async (request) => ({ message: 'Vehicle saved', vehicle: await app.services.admin.updateVehicle(actorOf(request), request.params.id, request.body) }));

  app.patch('/api/admin/vehicles/:id', {
    schema: { tags, summary: 'Change some fields of a vehicle (e.g. only the price)', params: vehicleIdParams, body: vehiclePatchSchema, response: { 200: vehicleSavedSchema, ...errors } },
  }, async (request) => ({ message: 'Vehicle saved', vehicle: await app.services.admin.updateVehicle(actorOf(request), request.params.id, request.body) }));

  app.get('/api/admin/audit-log', {
    schema: { tags, summary: 'Every admin change, newest first: filter by actor, entity, action and Edmonton dates', querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.admin.listAuditLog(request.query);
  });
};
