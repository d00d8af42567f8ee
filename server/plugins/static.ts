// One process serves the API, uploaded images under /uploads and the built client (DESIGN.md "One process").
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { notFoundFor } from '../errors';
import { prepareTemplate } from '../modules/seo/render';

/** Hashed build assets and upload variants never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export const staticPlugin = fp<{ config: Config; clientDir?: string }>(async (app, { config, clientDir = path.resolve(process.cwd(), 'dist/client') }) => {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file: unknown paths go straight to the SPA fallback below.
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const isAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
      },
    });
  }
  // Read once: every page answer is this template with the page's own head (modules/seo) written in.
  const template = hasClient ? prepareTemplate(await readFile(path.join(clientDir, 'index.html'), 'utf8')) : null;
  if (!hasClient) {
    app.log.info({ clientDir }, 'no built client found: serving the API only (run npm run build:client)');
  }

  await mkdir(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: !hasClient,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => { reply.header('cache-control', IMMUTABLE); },
  });

  // Client routes (spec §2) are rendered by the SPA, which shows its own not-found page; everything else is JSON.
  // The first HTML response carries the page's title, description, canonical URL, Open Graph tags and JSON-LD
  // (issue 3 "SEO"), so crawlers and link previews need no JavaScript; a missing vehicle answers 404.
  app.setNotFoundHandler(async (request, reply) => {
    if (template && wantsSpaPage(request)) {
      const head = await app.seo.pageHead(request);
      const html = template.render(head.html, head.data);
      reply.code(head.status).type('text/html; charset=utf-8')
        // private: the page may embed the visitor's own API answers (modules/seo, domain/page-preload.ts).
        .header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      // A few kilobytes per page: compressed on the fly, quickly (the assets are compressed at build time).
      // Here, not by @fastify/compress (app.ts): its hooks cover routes only, and this not-found handler is not one.
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
      return reply.send(html);
    }
    throw notFoundFor(request);
  });
}, { name: 'static', dependencies: ['seo'] });
