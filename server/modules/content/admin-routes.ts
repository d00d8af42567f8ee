// The back office's content editor API (issue 7): posts and pages, blog categories, the Markdown preview and cover
// uploads. Admin only (401/403): app.ts registers this plugin in the admin scope (modules/admin/guard.ts); every
// change is audited. The public blog, feeds, heads and redirects are in ./routes.ts.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@domain/api';
import {
  adminCategorySchema, categoryCreateSchema, categoryInputSchema, categoryOrderSchema, contentAdminListQuerySchema,
  contentAdminListSchema, contentEntryAdminSchema, contentIdParams, contentInputSchema, contentMutationResultSchema,
  countWords, previewBodySchema, previewResultSchema, readingTimeOf,
} from '@domain/content';
import { MAX_UPLOAD_BYTES, STAFF_PHOTO_UPLOADS_PER_USER } from '@domain/media';
import { createLimiter } from '../../plugins/rate-limit';
import { actorOf } from '../audit/record';
import { variantKey } from '../media/pipeline';
import { bodyPhotoOf } from '../media/upload-route';
import { renderMarkdown } from './render';

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

/** The cover's largest stored WebP width we link to (the pipeline keeps 640/1280/1920 for covers). */
const COVER_WIDTH = 1280;

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const authorNameOf = (u: { firstName: string | null; lastName: string | null; username: string }) =>
    [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

  app.get('/api/admin/content', {
    schema: { tags: ['content', 'admin'], summary: 'Every post and page, with filters', querystring: contentAdminListQuerySchema, response: { 200: contentAdminListSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.content.adminListEntries(request.query);
  });

  app.get('/api/admin/content/:id', {
    schema: { tags: ['content', 'admin'], summary: 'One post or page with its Markdown body', params: contentIdParams, response: { 200: contentEntryAdminSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return app.services.content.adminGetEntry(request.params.id);
  });

  app.post('/api/admin/content', {
    schema: { tags: ['content', 'admin'], summary: 'Write a post (draft, published now, or scheduled)', body: contentInputSchema, response: { 201: contentMutationResultSchema, ...adminErrors } },
  }, async (request, reply) => {
    const entry = await app.services.content.createEntry(actorOf(request), authorNameOf(request.user!), request.body);
    return reply.code(201).send({ message: entry.isLive ? 'Published' : entry.status === 'scheduled' ? 'Scheduled' : 'Draft saved', entry });
  });

  app.put('/api/admin/content/:id', {
    schema: { tags: ['content', 'admin'], summary: 'Save a post or page; a changed post slug keeps a redirect from the old one', params: contentIdParams, body: contentInputSchema, response: { 200: contentMutationResultSchema, ...adminErrors } },
  }, async (request) => {
    const entry = await app.services.content.updateEntry(actorOf(request), request.params.id, request.body);
    return { message: entry.isLive ? 'Saved and live' : entry.status === 'scheduled' ? 'Saved and scheduled' : 'Draft saved', entry };
  });

  app.delete('/api/admin/content/:id', {
    schema: { tags: ['content', 'admin'], summary: 'Delete a post (pages cannot be deleted)', params: contentIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, async (request) => {
    await app.services.content.deleteEntry(actorOf(request), request.params.id);
    return { message: 'Post deleted' };
  });

  // Blog categories (their slug is fixed once created: see ./categories.ts).
  const categoryList = z.object({ categories: z.array(adminCategorySchema) });
  const categoryIdParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be a positive whole number') });

  app.get('/api/admin/content/categories', {
    schema: { tags: ['content', 'admin'], summary: 'Blog categories in their order, with published and total post counts', response: { 200: categoryList, ...adminErrors } },
  }, async (_request, reply) => {
    noStore(reply);
    return { categories: await app.services.content.listAdminCategories() };
  });

  app.post('/api/admin/content/categories', {
    schema: { tags: ['content', 'admin'], summary: 'Add a blog category (last in the order); the slug is made from the title when empty', body: categoryCreateSchema, response: { 201: adminCategorySchema, ...adminErrors } },
  }, async (request, reply) => reply.code(201).send(await app.services.content.createCategory(actorOf(request), request.body)));

  app.put('/api/admin/content/categories/order', {
    schema: { tags: ['content', 'admin'], summary: 'Set the blog\'s category order: every category id once, first shown first', body: categoryOrderSchema, response: { 200: categoryList, ...adminErrors } },
  }, async (request) => ({ categories: await app.services.content.reorderCategories(actorOf(request), request.body.ids) }));

  app.put('/api/admin/content/categories/:id', {
    schema: { tags: ['content', 'admin'], summary: 'Rename or describe a blog category (its address stays)', params: categoryIdParams, body: categoryInputSchema, response: { 200: adminCategorySchema, ...adminErrors } },
  }, async (request) => app.services.content.updateCategory(actorOf(request), request.params.id, request.body));

  app.delete('/api/admin/content/categories/:id', {
    schema: { tags: ['content', 'admin'], summary: 'Delete a blog category; its posts stay, uncategorised', params: categoryIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, async (request) => {
    const { uncategorised } = await app.services.content.deleteCategory(actorOf(request), request.params.id);
    return { message: uncategorised ? `Category deleted; ${uncategorised} post${uncategorised === 1 ? ' is' : 's are'} now uncategorised` : 'Category deleted' };
  });

  app.post('/api/admin/content/preview', {
    schema: { tags: ['content', 'admin'], summary: 'Render Markdown exactly as visitors will see it (sanitised)', body: previewBodySchema, response: { 200: previewResultSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    const { body } = request.body;
    return { html: renderMarkdown(body), readingTime: readingTimeOf(body), words: countWords(body) };
  });

  // Cover upload: the raw image as the body (no multipart needed for one file), through the one upload flow
  // (media/upload.ts), which checks the real type, size and pixel count and stores WebP/AVIF variants.
  const uploadsUser = createLimiter(app, { name: 'staff-photo-uploads-user', ...STAFF_PHOTO_UPLOADS_PER_USER, message: 'Many uploads this hour from your account. Please try again in a few minutes.' });
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/admin/content/cover', {
      schema: {
        tags: ['content', 'admin'], summary: 'Upload a cover image (JPEG, PNG, WebP or AVIF as the request body)',
        response: { 201: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }), ...adminErrors, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    }, async (request, reply) => {
      await uploadsUser.hit(request, String(request.user!.id));
      const saved = await app.services.media.acceptPhotoUploads(bodyPhotoOf(request, 'cover'), {
        folder: 'covers', kind: 'cover', field: 'cover', maxFiles: 1, write: async ([image]) => image!,
      });
      const webp = saved.variants.filter((v) => v.format === 'webp').sort((a, b) => Math.abs(a.width - COVER_WIDTH) - Math.abs(b.width - COVER_WIDTH))[0];
      const url = app.storage.url(variantKey(saved.storageKey, webp?.width ?? saved.width, webp ? 'webp' : saved.variants[0]!.format));
      return reply.code(201).send({ url, width: saved.width, height: saved.height });
    });
  });
};
