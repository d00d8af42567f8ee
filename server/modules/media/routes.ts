// Admin photo API (admin issue, "Image manager and photos"). Every route is admin-only (401/403): app.ts registers
// this plugin in the admin scope (modules/admin/guard.ts). Uploads are multipart, field `photos`, any number of
// files up to MAX_FILES_PER_UPLOAD; a request is all or nothing: one bad
// file (empty, not an image by content, over 15 MB, too many pixels) refuses the whole request with a 4xx naming
// the file, and nothing is stored or recorded. The image manager sends one file per request to show per-file progress.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import {
  MAX_FILES_PER_UPLOAD, MAX_PHOTOS_PER_VEHICLE, STAFF_PHOTO_UPLOADS_PER_USER, mediaVehicleListSchema, mediaVehicleQuerySchema, photoAltSchema,
  photoChangeResultSchema, photoIdParams, photoOrderSchema, UPLOAD_FIELD, vehicleIdParams, vehiclePhotosSchema,
} from '@domain/media';
import { conflict } from '../../errors';
import { createLimiter } from '../../plugins/rate-limit';
import { actorOf } from '../audit/record';
import { photoMultipartOptions, photoPartsOf } from './upload-route';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const photoParams = vehicleIdParams.extend(photoIdParams.shape);
const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = app.services.media;
  // Encapsulated here: only these routes accept multipart bodies.
  await app.register(multipart, photoMultipartOptions(MAX_FILES_PER_UPLOAD));
  const uploadsUser = createLimiter(app, { name: 'staff-photo-uploads-user', ...STAFF_PHOTO_UPLOADS_PER_USER, message: 'Many uploads this hour from your account. Please try again in a few minutes.' });

  app.get('/api/admin/photos/vehicles', {
    schema: {
      tags: ['admin'], summary: 'Vehicles with their photo counts, fewest photos first (photo coverage and the image manager\'s picker)',
      querystring: mediaVehicleQuerySchema, response: { 200: mediaVehicleListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (request, reply) => {
    noStore(reply);
    return media.listMediaVehicles(request.query);
  });

  app.get('/api/admin/photos/vehicles/:id', {
    schema: { tags: ['admin'], summary: 'A vehicle\'s photos in order, cover first', params: vehicleIdParams, response: { 200: vehiclePhotosSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return media.getVehiclePhotos(request.params.id);
  });

  app.post('/api/admin/photos/vehicles/:id', {
    schema: {
      tags: ['admin'],
      summary: `Upload photos (multipart, field "${UPLOAD_FIELD}", up to ${MAX_FILES_PER_UPLOAD} files of 15 MB); added after the current photos`,
      consumes: ['multipart/form-data'],
      params: vehicleIdParams,
      response: { 201: photoChangeResultSchema, ...errors, 413: errorSchema, 415: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    const vehicleId = request.params.id;
    await uploadsUser.hit(request, String(request.user!.id));
    // Fail before reading megabytes: an unknown vehicle is a 404, a full one a 409 (addPhotos re-checks under a lock).
    const current = await media.getVehiclePhotos(vehicleId);
    if (current.photos.length >= MAX_PHOTOS_PER_VEHICLE) {
      throw conflict(`This vehicle already has ${MAX_PHOTOS_PER_VEHICLE} photos, the most it can hold. Delete some first.`);
    }

    const had = current.photos.length;
    const { result, added } = await media.acceptPhotoUploads(photoPartsOf(request, UPLOAD_FIELD), {
      folder: `vehicles/${vehicleId}`, kind: 'vehicle', field: UPLOAD_FIELD, maxFiles: MAX_FILES_PER_UPLOAD,
      room: {
        left: MAX_PHOTOS_PER_VEHICLE - had,
        full: (n) => `A vehicle can have ${MAX_PHOTOS_PER_VEHICLE} photos; it has ${had} and this upload adds ${n} or more. Delete some first, or send fewer.`,
      },
      write: async (photos) => ({ result: await media.addPhotos(actorOf(request), vehicleId, photos), added: photos.length }),
    });
    return reply.code(201).send({ ...result, message: `${plural(added, 'photo')} added` });
  });

  app.put('/api/admin/photos/vehicles/:id/order', {
    schema: {
      tags: ['admin'], summary: 'Put the vehicle\'s photos in this order (every photo id, cover first)',
      params: vehicleIdParams, body: photoOrderSchema, response: { 200: photoChangeResultSchema, ...errors },
    },
  }, async (request) => ({ ...(await media.reorderPhotos(actorOf(request), request.params.id, request.body.photoIds)), message: 'Photo order saved' }));

  app.post('/api/admin/photos/vehicles/:id/photos/:photoId/cover', {
    schema: { tags: ['admin'], summary: 'Make this photo the cover (first) photo', params: photoParams, response: { 200: photoChangeResultSchema, ...errors } },
  }, async (request) => ({ ...(await media.setCover(actorOf(request), request.params.id, request.params.photoId)), message: 'Cover photo set' }));

  app.patch('/api/admin/photos/vehicles/:id/photos/:photoId', {
    schema: {
      tags: ['admin'], summary: 'Change a photo\'s alt text (what screen readers say)',
      params: photoParams, body: photoAltSchema, response: { 200: photoChangeResultSchema, ...errors },
    },
  }, async (request) => ({ ...(await media.setAlt(actorOf(request), request.params.id, request.params.photoId, request.body.alt)), message: 'Alt text saved' }));

  app.delete('/api/admin/photos/vehicles/:id/photos/:photoId', {
    schema: { tags: ['admin'], summary: 'Delete a photo and its files', params: photoParams, response: { 200: photoChangeResultSchema, ...errors } },
  }, async (request) => ({ ...(await media.deletePhoto(actorOf(request), request.params.id, request.params.photoId)), message: 'Photo deleted' }));
};

