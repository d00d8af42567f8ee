// Content API (issue 7): the public blog, categories, site pages and feeds; server-rendered heads (Article JSON-LD
// and breadcrumbs in the first HTML response) and sitemap entries through app.seo; and 301s from a post's old slugs,
// for the first HTML response as well as the API. The back office's editor API is in ./admin-routes.ts (admin scope).
// fastify-plugin: the redirect hook must see the SPA's not-found fallback, which lives at the root.
import fp from 'fastify-plugin';
import { readRoute } from '../../plugins/page-reads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Feed } from 'feed';
import { z } from 'zod';
import { errorSchema } from '@domain/api';
import {
  BLOG_DESCRIPTION, blogQuerySchema, categoryPath, contentPath, FEED_PATHS, movedSchema,
  postDetailSchema, postListSchema, sitePageSchema, slugParams, categorySchema, SLUG_PATTERN,
} from '@domain/content';
import { DEALERSHIP } from '@domain/settings';
import { absoluteUrl } from '@domain/structured-data';
import { MovedError } from './service';


export const contentRoutes = fp(async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const content = app.services.content;
  const { publicUrl } = app.config;

  // ---- Public API ----
  readRoute(app, '/api/content/posts', {
    schema: { tags: ['content'], summary: 'Published blog posts, newest first; filter by category or tag', querystring: blogQuerySchema, response: { 200: postListSchema, 400: errorSchema, 404: errorSchema } },
  }, ({ query }) => content.listPosts(query));

  readRoute(app, '/api/content/categories', {
    schema: { tags: ['content'], summary: 'Blog categories with their count of published posts', response: { 200: z.object({ categories: z.array(categorySchema) }) } },
  }, async () => ({ categories: await content.listCategories() }));

  app.get('/api/content/posts/:slug', {
    schema: {
      tags: ['content'], summary: 'A published post with related posts and live vehicles; an old slug answers 301 with movedTo',
      params: slugParams, response: { 200: postDetailSchema, 301: movedSchema, 400: errorSchema, 404: errorSchema },
    },
  }, async (request, reply) => {
    try {
      return await content.getPost(request.params.slug);
    } catch (error) {
      if (!(error instanceof MovedError)) throw error;
      // The client reads movedTo and replaces its URL; a crawler following Location gets the post's API answer.
      reply.header('location', `/api/content/posts/${error.movedTo.split('/').pop()}`);
      return reply.code(301).send({ message: 'This article has moved', movedTo: error.movedTo });
    }
  });

  readRoute(app, '/api/content/pages/:slug', {
    schema: { tags: ['content'], summary: 'An info or legal page of the site', params: slugParams, response: { 200: sitePageSchema, 400: errorSchema, 404: errorSchema } },
  }, ({ params }) => content.getSitePage(params.slug));

  // ---- Feeds ----
  async function buildFeed() {
    const posts = await content.feedPosts();
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
    const movedTo = await content.findMoved('post', match[1]!);
    if (movedTo) return reply.redirect(`${movedTo}${search ? `?${search}` : ''}`, 301);
  });

  // ---- SEO: posts and categories in the sitemap (their heads: client/app/heads.ts) ----
  app.seo.addSitemapSource(async () => {
    const { posts, categories } = await content.sitemapContent();
    return [
      ...categories.map((c) => ({ path: categoryPath(c.slug), changefreq: 'weekly' as const, priority: 0.5 })),
      ...posts.map((p) => ({ path: contentPath('post', p.slug), lastmod: p.updatedAt, changefreq: 'monthly' as const, priority: 0.6 })),
    ];
  });
}, { name: 'content', dependencies: ['seo'] });
