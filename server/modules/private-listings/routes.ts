// Private-seller listings API (issue 5). The seller's routes act on their own listings only (another user's is a
// 404); the public routes give the seller's first name and take a buyer's message. Moderation is admin-only (401/403)
// and lives in ./admin-routes.ts, registered in the admin scope.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRoute } from '../../plugins/page-reads';
import { errorSchema } from '@domain/api';
import {
  buyerMessageSchema, listingIdParams, listingResultSchema, listingSellerSchema, myListingsSchema, privateListingInputSchema,
} from '@domain/private-listings';
import { MAX_FILES_PER_UPLOAD, PHOTO_UPLOADS_PER_USER, photoIdParams, UPLOAD_FIELD } from '@domain/media';
import { vehicleIdParams } from '@domain/vehicle';
import { conflict } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';
import { actorOf } from '../audit/record';
import { photoMultipartOptions, photoPartsOf } from '../media/upload-route';

/** A private seller lists a car or two; this stops a script from flooding the moderation queue. */
export const LISTINGS_PER_USER = { max: 10, windowMs: 24 * 60 * 60_000 };
/** Buyers' messages to sellers: a few per hour per address keeps sellers' inboxes free of spam. */
export const BUYER_MESSAGES_PER_IP = { max: 5, windowMs: 60 * 60_000 };

const userErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const createUser = createLimiter(app, { name: 'listing-create-user', ...LISTINGS_PER_USER, message: 'You have listed many vehicles today. Try again tomorrow or contact us.' });
  const messageIp = createLimiter(app, { name: 'listing-message-ip', ...BUYER_MESSAGES_PER_IP, message: 'Too many messages from this address. Please try again later.' });
  const uploadsUser = createLimiter(app, { name: 'photo-uploads-user', ...PHOTO_UPLOADS_PER_USER, message: 'You have uploaded many photos this hour. Please try again later.' });

  // ---- The seller's own listings ----
  readRoute(app, '/api/my-listings', {
    signedIn: true,
    cacheControl: 'private, no-store',
    schema: { tags: ['listings'], summary: 'My private listings, newest first', response: { 200: myListingsSchema, 401: errorSchema, 403: errorSchema } },
  }, async ({ user }) => ({ listings: await app.services.privateListings.listMine(user!.id) }));

  app.get('/api/my-listings/:id', {
    preHandler: requireUser,
    schema: { tags: ['listings'], summary: 'One of my listings', params: listingIdParams, response: { 200: listingResultSchema.shape.listing, ...userErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.privateListings.getMine(request.user!.id, request.params.id);
  });

  app.post('/api/my-listings', {
    preHandler: requireUser,
    schema: {
      tags: ['listings'], summary: 'List my vehicle; it waits for an admin\'s approval before it appears in search',
      body: privateListingInputSchema, response: { 201: listingResultSchema, ...userErrors, 429: errorSchema },
    },
  }, async (request, reply) => {
    await createUser.hit(request, String(request.user!.id));
    const listing = await app.services.privateListings.createListing(request.user!.id, request.body);
    return reply.code(201).send({ message: 'Listing submitted for review', listing });
  });

  app.put('/api/my-listings/:id', {
    preHandler: requireUser,
    schema: {
      tags: ['listings'], summary: 'Edit my listing; it is reviewed again before it returns to search',
      params: listingIdParams, body: privateListingInputSchema, response: { 200: listingResultSchema, ...userErrors },
    },
  }, async (request) => ({ message: 'Changes submitted for review', listing: await app.services.privateListings.updateListing(request.user!.id, request.params.id, request.body) }));

  // ---- The seller's photos: the admin image pipeline (checked by content, re-encoded, metadata stripped) ----
  /** A seller's listing photos, like the dealer's: enough for a walk-around, far below the lot's 60. */
  const SELLER_MAX_PHOTOS = 20;
  // Multipart is accepted by this one route only (its own plugin scope).
  await app.register(async (scope) => {
    await scope.register(multipart, photoMultipartOptions(MAX_FILES_PER_UPLOAD));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/my-listings/:id/photos', {
      preHandler: requireUser,
      schema: {
        tags: ['listings'], summary: `Add photos to my listing (multipart, field "${UPLOAD_FIELD}"); it is reviewed again`,
        consumes: ['multipart/form-data'], params: listingIdParams, response: { 201: listingResultSchema, ...userErrors, 413: errorSchema, 429: errorSchema },
      },
    }, async (request, reply) => {
      const ownerId = request.user!.id;
      await uploadsUser.hit(request, String(ownerId));
      // 404 for someone else's listing before a byte of the upload is read.
      const before = await app.services.privateListings.getMine(ownerId, request.params.id);
      if (before.state === 'sold') throw conflict('A sold listing cannot be edited');
      if (before.photos.length >= SELLER_MAX_PHOTOS) throw conflict(`A listing can have ${SELLER_MAX_PHOTOS} photos. Remove some first.`);
      const had = before.photos.length;
      await app.services.media.acceptPhotoUploads(photoPartsOf(request, UPLOAD_FIELD), {
        folder: `vehicles/${before.vehicleId}`, kind: 'vehicle', field: UPLOAD_FIELD, maxFiles: MAX_FILES_PER_UPLOAD,
        room: { left: SELLER_MAX_PHOTOS - had, full: (n) => `A listing can have ${SELLER_MAX_PHOTOS} photos; it has ${had} and this upload adds ${n} or more.` },
        write: (photos) => app.services.media.addPhotos(actorOf(request), before.vehicleId, photos, { step: app.services.privateListings.photoChangeResubmits(ownerId, before.id), max: SELLER_MAX_PHOTOS }),
      });
      return reply.code(201).send({ message: 'Photos added; your listing will be reviewed again', listing: await app.services.privateListings.getMine(ownerId, before.id) });
    });
  });

  app.delete('/api/my-listings/:id/photos/:photoId', {
    preHandler: requireUser,
    schema: {
      tags: ['listings'], summary: 'Remove a photo from my listing; it is reviewed again',
      params: listingIdParams.extend(photoIdParams.shape), response: { 200: listingResultSchema, ...userErrors },
    },
  }, async (request) => {
    const ownerId = request.user!.id;
    const before = await app.services.privateListings.getMine(ownerId, request.params.id);
    await app.services.media.deletePhoto(actorOf(request), before.vehicleId, request.params.photoId, app.services.privateListings.photoChangeResubmits(ownerId, before.id));
    return { message: 'Photo removed; your listing will be reviewed again', listing: await app.services.privateListings.getMine(ownerId, before.id) };
  });

  app.post('/api/my-listings/:id/withdraw', {
    preHandler: requireUser,
    schema: { tags: ['listings'], summary: 'Withdraw my listing', params: listingIdParams, response: { 200: listingResultSchema, ...userErrors } },
  }, async (request) => ({ message: 'Listing withdrawn', listing: await app.services.privateListings.withdrawListing(request.user!.id, request.params.id) }));

  app.post('/api/my-listings/:id/mark-sold', {
    preHandler: requireUser,
    schema: { tags: ['listings'], summary: 'Mark my live listing sold', params: listingIdParams, response: { 200: listingResultSchema, ...userErrors } },
  }, async (request) => ({ message: 'Listing marked as sold', listing: await app.services.privateListings.markListingSold(request.user!.id, request.params.id) }));

  // ---- Public: seller's first name, buyer's message ----
  readRoute(app, '/api/vehicles/:id/private-seller', {
    schema: { tags: ['listings'], summary: 'The private seller of a live listing, by first name only', params: vehicleIdParams, response: { 200: listingSellerSchema, 400: errorSchema, 404: errorSchema } },
  }, ({ params }) => app.services.privateListings.sellerOf(params.id));

  app.post('/api/vehicles/:id/private-seller/messages', {
    schema: {
      tags: ['listings'], summary: 'Send the private seller a message (by email; no contact details are shown to buyers)',
      params: vehicleIdParams, body: buyerMessageSchema, response: { 201: z.object({ message: z.string() }), 400: errorSchema, 404: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await messageIp.hit(request, request.ip);
    return reply.code(201).send(await app.services.privateListings.messageSeller(request.params.id, request.user?.id ?? null, request.body));
  });
};
