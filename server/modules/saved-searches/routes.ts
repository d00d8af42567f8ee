// Saved searches API (issue 5): each user reads and changes only their own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoute } from '../../plugins/page-reads';
import { errorSchema, messageSchema } from '@domain/api';
import { createSavedSearchBodySchema, savedSearchIdParams, savedSearchListSchema, savedSearchSchema } from '@domain/saved';
import { requireUser } from '../../plugins/auth';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  readRoute(app, '/api/saved-searches', {
    signedIn: true,
    cacheControl: 'private, no-store',
    schema: { tags: ['saved'], summary: 'My saved searches, each with the count of matches listed since I last opened it', response: { 200: savedSearchListSchema, 401: errorSchema, 403: errorSchema } },
  }, async ({ user }) => ({ savedSearches: await app.services.savedSearches.listSavedSearches(user!.id) }));

  app.post('/api/saved-searches', {
    preHandler: requireUser,
    schema: { tags: ['saved'], summary: 'Save the current listing filters under a name', body: createSavedSearchBodySchema, response: { 201: savedSearchSchema, 409: errorSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await app.services.savedSearches.createSavedSearch(request.user!.id, request.body)));

  app.post('/api/saved-searches/:id/seen', {
    preHandler: requireUser,
    schema: { tags: ['saved'], summary: 'I opened this search: its current matches are no longer new', params: savedSearchIdParams, response: { 200: messageSchema, ...errors } },
  }, async (request) => {
    await app.services.savedSearches.markSavedSearchSeen(request.user!.id, request.params.id);
    return { message: 'Saved search marked as seen' };
  });

  app.delete('/api/saved-searches/:id', {
    preHandler: requireUser,
    schema: { tags: ['saved'], summary: 'Delete one of my saved searches', params: savedSearchIdParams, response: { 200: messageSchema, ...errors } },
  }, async (request) => {
    await app.services.savedSearches.deleteSavedSearch(request.user!.id, request.params.id);
    return { message: 'Saved search deleted' };
  });
};
