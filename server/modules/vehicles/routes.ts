// Inventory endpoints (spec §7; foundation issue). Thin: schema in, permission, one service call, schema out.
// Each is a readRoute (plugins/page-reads.ts): server renders call the same handler without an HTTP round trip.
// The admin actions (delete, mark sold, mark available) are in ./admin-routes.ts, registered in the admin scope.
// The reads stay here, public, with their own admin extras decided by the service from request.user: an active admin
// may list sold or pending vehicles (effectiveStatus: 403 for anyone else asking), and a pending listing is shown to
// an admin or its owner only (getVehicle: 404 for anyone else). They must not move into the admin scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import {
  facetsSchema, paginatedVehiclesSchema, vehicleDetailSchema, vehicleFacetsQuerySchema, vehicleIdParams, vehicleListQuerySchema, vehicleSchema,
} from '@domain/vehicle';
import { dealExplanationSchema } from '@domain/deal-rating';
import { effectiveStatus } from './service';
import { readRoute } from '../../plugins/page-reads';

export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const vehicles = app.services.vehicles;

  // Public, with an admin-only extra (other statuses): its own check, outside the admin scope.
  readRoute(app, '/api/vehicles', {
    schema: {
      tags: ['vehicles'],
      summary: 'List vehicles: filters, search, sort and pages (spec §7)',
      description: 'With format=paginated the answer is {vehicles, pagination}; otherwise a bare array of the page (spec §7).',
      querystring: vehicleListQuerySchema,
      response: { 200: z.union([paginatedVehiclesSchema, z.array(vehicleSchema)]), 400: errorSchema, 403: errorSchema },
    },
  }, ({ query, user }) => vehicles.listVehicles(query, effectiveStatus(query.status, user)));

  readRoute(app, '/api/vehicles/facets', {
    schema: {
      tags: ['vehicles'],
      summary: 'Filter options with counts over available vehicles that follow the listing\'s filters (issue 17)',
      description: 'Takes the filters of GET /api/vehicles. Each facet counts with every filter but its own (features, which combine with AND, with every filter); every value in stock is listed, 0 where the filters exclude it. total and the price, year and mileage ranges describe the filtered set.',
      querystring: vehicleFacetsQuerySchema,
      response: { 200: facetsSchema, 400: errorSchema },
    },
  }, ({ query }) => vehicles.getFacets(query));

  // Public; a pending listing for an admin or its owner only: its own check, outside the admin scope.
  readRoute(app, '/api/vehicles/:id', {
    schema: {
      tags: ['vehicles'],
      summary: 'One vehicle with its photos and price history; sold vehicles answer with isSold true',
      params: vehicleIdParams,
      response: { 200: vehicleDetailSchema, 400: errorSchema, 404: errorSchema },
    },
  }, ({ params, user }) => vehicles.getVehicle(params.id, user));

  // Public, with getVehicle's visibility rule (a pending listing for an admin or its owner only).
  readRoute(app, '/api/vehicles/:id/deal-rating', {
    schema: {
      tags: ['vehicles'],
      summary: 'How the price compares with comparable vehicles, and the comparables themselves (issue 19)',
      description: 'dealRating is null with fewer than 5 comparables (summary then says so) or when the vehicle is not for sale. Comparables: same make and model, model years within 2, live and sold, prices adjusted to this vehicle\'s km.',
      params: vehicleIdParams,
      response: { 200: dealExplanationSchema, 400: errorSchema, 404: errorSchema },
    },
  }, ({ params, user }) => vehicles.getDealExplanation(params.id, user));

  readRoute(app, '/api/vehicles/:id/similar', {
    schema: {
      tags: ['vehicles'],
      summary: 'Up to 6 available vehicles of the same body type, close in price and year, excluding this one',
      params: vehicleIdParams,
      response: { 200: z.object({ vehicles: z.array(vehicleSchema) }), 400: errorSchema, 404: errorSchema },
    },
  }, async ({ params, user }) => ({ vehicles: await vehicles.getSimilarVehicles(params.id, user) }));
};
