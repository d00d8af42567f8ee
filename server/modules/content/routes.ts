// Content API (issue 7): the public blog, categories, site pages and feeds; the back office's editor API (admin
// only, audited); server-rendered heads (Article JSON-LD and breadcrumbs in the first HTML response) and sitemap
// entries through app.seo; and 301s from a post's old slugs, for the first HTML response as well as the API.
// fastify-plugin: the redirect hook must see the SPA's not-found fallback, which lives at the root.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Feed } from 'feed';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@domain/api';
import {
  adminCategorySchema, categoryCreateSchema, categoryInputSchema, categoryOrderSchema,
  BLOG_DESCRIPTION, BLOG_TITLE, blogQuerySchema, categoryPath, contentAdminListQuerySchema, contentAdminListSchema,
  contentEntryAdminSchema, contentIdParams, contentInputSchema, contentMutationResultSchema, contentPath, FEED_PATHS,
  INFO_PAGE_SLUGS, movedSchema, postDetailSchema, postListSchema, previewBodySchema, previewResultSchema, SITE_PAGE_SLUGS,
  sitePageSchema, slugParams, countWords, readingTimeOf, categorySchema, SLUG_PATTERN,
} from '@domain/content';
import { MAX_UPLOAD_BYTES } from '@domain/media';
import { DEALERSHIP } from '@domain/settings';
import { AppError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/record';
import { saveImage, variantKey } from '../media/pipeline';
import type { HeadData } from '../seo/registry';
import { absoluteUrl } from '../seo/render';
import { breadcrumbList } from '../seo/structured-data';
import { createCategory, deleteCategory, listAdminCategories, reorderCategories, updateCategory } from './categories';
import { renderMarkdown } from './render';
import {
  adminGetEntry, adminListEntries, createEntry, deleteEntry, feedPosts, findMoved, getPost, getSitePage, listCategories,
  listPosts, MovedError, sitemapContent, updateEntry, type ContentContext,
} from './service';

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
const HOME_CRUMB = { name: 'Home', path: '/' };
const BLOG_CRUMB = { name: 'Blog', path: '/blog' };

/** The cover's largest stored WebP width we link to (the pipeline keeps 640/1280/1920 for covers). */
const COVER_WIDTH = 1280;

export const contentRoutes = fp(async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx: ContentContext = { db: app.db, cache: app.inventoryCache };
  const { publicUrl } = app.config;

  // ---- Public API ----
  app.get('/api/content/posts', {
    schema: { tags: ['content'], summary: 'Published blog posts, newest first; filter by category or tag', querystring: blogQuerySchema, response: { 200: postListSchema, 400: errorSchema, 404: errorSchema } },
  }, async (request) => listPosts(app.db, request.query));

  app.get('/api/content/categories', {
    schema: { tags: ['content'], summary: 'Blog categories with their count of published posts', response: { 200: z.object({ categories: z.array(categorySchema) }) } },
  }, async () => ({ categories: await listCategories(app.db) }));

  app.get('/api/content/posts/:slug', {
    schema: {
      tags: ['content'], summary: 'A published post with related posts and live vehicles; an old slug answers 301 with movedTo',
      params: slugParams, response: { 200: postDetailSchema, 301: movedSchema, 400: errorSchema, 404: errorSchema },
    },
  }, async (request, reply) => {
    try {
      return await getPost(ctx, request.params.slug);
    } catch (error) {
      if (!(error instanceof MovedError)) throw error;
      // The client reads movedTo and replaces its URL; a crawler following Location gets the post's API answer.
      reply.header('location', `/api/content/posts/${error.movedTo.split('/').pop()}`);
      return reply.code(301).send({ message: 'This article has moved', movedTo: error.movedTo });
    }
  });

  app.get('/api/content/pages/:slug', {
    schema: { tags: ['content'], summary: 'An info or legal page of the site', params: slugParams, response: { 200: sitePageSchema, 400: errorSchema, 404: errorSchema } },
  }, async (request) => getSitePage(app.db, request.params.slug));

  // ---- Feeds ----
  async function buildFeed() {
    const posts = await feedPosts(app.db);
    const feed = new Feed({
      title: `${DEALERSHIP.name} blog`,
      description: BLOG_DESCRIPTION,
      id: `${publicUrl}/blog`,
      link: `${publicUrl}/blog`,
      language: 'en-CA',
      updated: posts[0] ? new Date(posts[0].updatedAt) : new Date(0),
      generator: false,
      feedLinks: { rss: `${publicUrl}${FEED_PATHS.rss}`, atom: `${publicUrl}${FEED_PATHS.atom}` },
      author: { name: DEALERSHIP.name, email: DEALERSHIP.email, link: publicUrl },
      copyright: `© ${DEALERSHIP.name}`,
      favicon: `${publicUrl}/favicon.svg`,
    });
    for (const p of posts) {
      const link = `${publicUrl}${contentPath('post', p.slug)}`;
      feed.addItem({
        title: p.title,
        id: link,
        link,
        description: p.excerpt,
        // Already sanitised; the feed lib wraps it in CDATA.
        content: p.html,
        author: [{ name: p.authorName || DEALERSHIP.name }],
        date: new Date(p.updatedAt),
        published: new Date(p.publishedAt),
        category: [...(p.category ? [{ name: p.category.title }] : []), ...p.tags.map((t) => ({ name: t }))],
        ...(p.coverImage ? { image: absoluteUrl(publicUrl, p.coverImage) } : {}),
      });
    }
    return feed;
  }
  app.get(FEED_PATHS.rss, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send((await buildFeed()).rss2()));
  app.get(FEED_PATHS.atom, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send((await buildFeed()).atom1()));

  // ---- Old slugs: a 301 in the first HTML response (the API answers its own 301 above) ----
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [pathname, search] = request.url.split('?') as [string, string | undefined];
    const match = /^\/blog\/([a-z0-9-]{1,120})\/?$/.exec(pathname);
    // Every client, whatever it accepts: a page answers the same to browsers, crawlers and curl (issue 14).
    if (!match || !SLUG_PATTERN.test(match[1]!)) return;
    const movedTo = await findMoved(app.db, 'post', match[1]!);
    if (movedTo) return reply.redirect(`${movedTo}${search ? `?${search}` : ''}`, 301);
  });

  // ---- SEO: heads of the blog, categories, posts and site pages; posts and categories in the sitemap ----
  app.seo.addHead('/blog', async (request) => {
    const page = Number(new URL(request.url, 'http://x').searchParams.get('page') ?? '1');
    const paged = Number.isInteger(page) && page > 1;
    return {
      title: paged ? `${BLOG_TITLE} (page ${page})` : BLOG_TITLE,
      description: BLOG_DESCRIPTION,
      canonicalPath: paged ? `/blog?page=${page}` : '/blog',
      jsonLd: [breadcrumbList(publicUrl, [HOME_CRUMB, BLOG_CRUMB])],
    };
  });
  app.seo.addHead('/blog/category/:slug', async (_request, { slug }): Promise<HeadData> => {
    const category = (await listCategories(app.db)).find((c) => c.slug === slug);
    if (!category) return { title: 'Blog category not found', description: BLOG_DESCRIPTION, canonicalPath: '/blog', robots: 'noindex, follow', status: 404 };
    return {
      title: `${category.title}: Blog`,
      description: category.description || BLOG_DESCRIPTION,
      canonicalPath: categoryPath(category.slug),
      jsonLd: [breadcrumbList(publicUrl, [HOME_CRUMB, BLOG_CRUMB, { name: category.title, path: categoryPath(category.slug) }])],
    };
  });
  app.seo.addHead('/blog/:slug', async (_request, { slug }): Promise<HeadData> => {
    const missing: HeadData = { title: 'Article not found', description: BLOG_DESCRIPTION, canonicalPath: '/blog', robots: 'noindex, follow', status: 404 };
    if (!slug || !SLUG_PATTERN.test(slug)) return missing;
    let post;
    try {
      post = await getPost(ctx, slug);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return missing;
      throw error;
    }
    const path = contentPath('post', post.slug);
    const crumbs = [HOME_CRUMB, BLOG_CRUMB, ...(post.category ? [{ name: post.category.title, path: categoryPath(post.category.slug) }] : []), { name: post.title, path }];
    return {
      title: post.title,
      description: post.excerpt,
      canonicalPath: path,
      og: {
        type: 'article',
        ...(post.coverImage ? { image: post.coverImage, imageAlt: post.coverAlt || post.title } : {}),
        'article:published_time': post.publishedAt,
        'article:modified_time': post.updatedAt,
        'article:section': post.category?.title ?? null,
      },
      jsonLd: [
        breadcrumbList(publicUrl, crumbs),
        {
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.publishedAt,
          dateModified: post.updatedAt,
          author: { '@type': 'Person', name: post.authorName || DEALERSHIP.name },
          publisher: { '@type': 'AutoDealer', name: DEALERSHIP.name, url: publicUrl },
          mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(publicUrl, path) },
          url: absoluteUrl(publicUrl, path),
          ...(post.coverImage ? { image: absoluteUrl(publicUrl, post.coverImage) } : {}),
          ...(post.category ? { articleSection: post.category.title } : {}),
          ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
          wordCount: countWords(post.html.replace(/<[^>]+>/g, ' ')),
          inLanguage: 'en-CA',
        },
      ],
    };
  });
  for (const slug of SITE_PAGE_SLUGS) {
    app.seo.addHead(`/${slug}`, async () => {
      let page;
      try {
        page = await getSitePage(app.db, slug);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
      const isInfo = (INFO_PAGE_SLUGS as readonly string[]).includes(slug);
      return {
        title: page.title,
        description: page.excerpt,
        canonicalPath: `/${slug}`,
        jsonLd: [
          breadcrumbList(publicUrl, [HOME_CRUMB, { name: page.title, path: `/${slug}` }]),
          { '@type': 'WebPage', name: page.title, description: page.excerpt, dateModified: page.updatedAt, url: absoluteUrl(publicUrl, `/${slug}`), inLanguage: 'en-CA', ...(isInfo ? { about: 'Buying and financing a vehicle in Alberta' } : {}) },
        ],
      };
    });
  }
  app.seo.addSitemapSource(async () => {
    const { posts, categories } = await sitemapContent(app.db);
    return [
      ...categories.map((c) => ({ path: categoryPath(c.slug), changefreq: 'weekly' as const, priority: 0.5 })),
      ...posts.map((p) => ({ path: contentPath('post', p.slug), lastmod: p.updatedAt, changefreq: 'monthly' as const, priority: 0.6 })),
    ];
  });

  // ---- Back office (admin only, every change audited) ----
  const authorNameOf = (u: { firstName: string | null; lastName: string | null; username: string }) =>
    [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

  app.get('/api/admin/content', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Every post and page, with filters', querystring: contentAdminListQuerySchema, response: { 200: contentAdminListSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return adminListEntries(app.db, request.query);
  });

  app.get('/api/admin/content/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'One post or page with its Markdown body', params: contentIdParams, response: { 200: contentEntryAdminSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    return adminGetEntry(app.db, request.params.id);
  });

  app.post('/api/admin/content', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Write a post (draft, published now, or scheduled)', body: contentInputSchema, response: { 201: contentMutationResultSchema, ...adminErrors } },
  }, async (request, reply) => {
    const entry = await createEntry(app.db, actorOf(request), authorNameOf(request.user!), request.body);
    return reply.code(201).send({ message: entry.isLive ? 'Published' : entry.status === 'scheduled' ? 'Scheduled' : 'Draft saved', entry });
  });

  app.put('/api/admin/content/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Save a post or page; a changed post slug keeps a redirect from the old one', params: contentIdParams, body: contentInputSchema, response: { 200: contentMutationResultSchema, ...adminErrors } },
  }, async (request) => {
    const entry = await updateEntry(app.db, actorOf(request), request.params.id, request.body);
    return { message: entry.isLive ? 'Saved and live' : entry.status === 'scheduled' ? 'Saved and scheduled' : 'Draft saved', entry };
  });

  app.delete('/api/admin/content/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Delete a post (pages cannot be deleted)', params: contentIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, async (request) => {
    await deleteEntry(app.db, actorOf(request), request.params.id);
    return { message: 'Post deleted' };
  });

  // Blog categories (their slug is fixed once created: see ./categories.ts).
  const categoryList = z.object({ categories: z.array(adminCategorySchema) });
  const categoryIdParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be a positive whole number') });

  app.get('/api/admin/content/categories', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Blog categories in their order, with published and total post counts', response: { 200: categoryList, ...adminErrors } },
  }, async (_request, reply) => {
    noStore(reply);
    return { categories: await listAdminCategories(app.db) };
  });

  app.post('/api/admin/content/categories', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Add a blog category (last in the order); the slug is made from the title when empty', body: categoryCreateSchema, response: { 201: adminCategorySchema, ...adminErrors } },
  }, async (request, reply) => reply.code(201).send(await createCategory(app.db, actorOf(request), request.body)));

  app.put('/api/admin/content/categories/order', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Set the blog\'s category order: every category id once, first shown first', body: categoryOrderSchema, response: { 200: categoryList, ...adminErrors } },
  }, async (request) => ({ categories: await reorderCategories(app.db, actorOf(request), request.body.ids) }));

  app.put('/api/admin/content/categories/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Rename or describe a blog category (its address stays)', params: categoryIdParams, body: categoryInputSchema, response: { 200: adminCategorySchema, ...adminErrors } },
  }, async (request) => updateCategory(app.db, actorOf(request), request.params.id, request.body));

  app.delete('/api/admin/content/categories/:id', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Delete a blog category; its posts stay, uncategorised', params: categoryIdParams, response: { 200: messageSchema, ...adminErrors } },
  }, async (request) => {
    const { uncategorised } = await deleteCategory(app.db, actorOf(request), request.params.id);
    return { message: uncategorised ? `Category deleted; ${uncategorised} post${uncategorised === 1 ? ' is' : 's are'} now uncategorised` : 'Category deleted' };
  });

  app.post('/api/admin/content/preview', {
    preHandler: requireAdmin,
    schema: { tags: ['content', 'admin'], summary: 'Render Markdown exactly as visitors will see it (sanitised)', body: previewBodySchema, response: { 200: previewResultSchema, ...adminErrors } },
  }, async (request, reply) => {
    noStore(reply);
    const { body } = request.body;
    return { html: renderMarkdown(body), readingTime: readingTimeOf(body), words: countWords(body) };
  });

  // Cover upload: the raw image as the body (no multipart needed for one file), through the image pipeline,
  // which checks the real type, size and pixel count and stores WebP/AVIF variants.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/admin/content/cover', {
      preHandler: requireAdmin,
      schema: {
        tags: ['content', 'admin'], summary: 'Upload a cover image (JPEG, PNG, WebP or AVIF as the request body)',
        response: { 201: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }), ...adminErrors, 413: errorSchema, 415: errorSchema },
      },
    }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError(400, 'bad_request', 'Send the image file as the request body');
      const saved = await saveImage(app.storage, request.body, { kind: 'cover', keyPrefix: 'covers' });
      const webp = saved.variants.filter((v) => v.format === 'webp').sort((a, b) => Math.abs(a.width - COVER_WIDTH) - Math.abs(b.width - COVER_WIDTH))[0];
      const url = app.storage.url(variantKey(saved.storageKey, webp?.width ?? saved.width, webp ? 'webp' : saved.variants[0]!.format));
      return reply.code(201).send({ url, width: saved.width, height: saved.height });
    });
  });
}, { name: 'content', dependencies: ['seo'] });
