// Private-listing moderation (issue 5): the queue by state, approve, reject with a reason the seller reads. Admin only
// (401/403): app.ts registers this plugin in the admin scope (modules/admin/guard.ts). The seller's and the public
// routes are in ./routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, messageSchema } from '@domain/api';
import { listingIdParams, moderationListSchema, moderationQuerySchema, rejectRouteBodySchema } from '@domain/private-listings';
import { badRequest } from '../../errors';
import { actorOf } from '../audit/record';

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

export const listingAdminRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get('/api/admin/listings', {
    schema: { tags: ['listings', 'admin'], summary: 'Private listings by moderation state (default: pending, oldest first)', querystring: moderationQuerySchema, response: { 200: moderationListSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.privateListings.moderationQueue(request.query.state);
  });

  app.post('/api/admin/listings/:id/approve', {
    schema: { tags: ['listings', 'admin'], summary: 'Approve a pending private listing: it appears in search', params: listingIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, async (request) => app.services.privateListings.approveListing(actorOf(request), request.params.id));

  app.post('/api/admin/listings/:id/reject', {
    schema: { tags: ['listings', 'admin'], summary: 'Reject a pending private listing with a reason the seller reads', params: listingIdParams, body: rejectRouteBodySchema, response: { 200: messageSchema, ...adminErrors } },
  }, async (request) => {
    const { reason } = request.body;
    if (!reason) throw badRequest('Invalid body: reason is required', { reason: 'reason is required' });
    return app.services.privateListings.rejectListing(actorOf(request), request.params.id, reason);
  });
};
