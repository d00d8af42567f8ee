// Every page of the site, answered as server-rendered HTML (DESIGN.md "Server rendering", issue 14): any GET or
// HEAD that no route or built file answers, whatever its Accept header, except under /api (JSON) and for files.
// The page's head comes from the seo module (title, description, canonical, Open Graph, JSON-LD); its body from
// the React app (client/entry-server.tsx through the RenderPage contract), rendered with the API answers this
// visitor would get; its status from what rendered (404 for the not-found page).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  deviceFromHeaders, DEVICE_HEADERS, RENDER_STATE_ELEMENT_ID, sortFromCookie, SORT_COOKIE, themeFromCookie, THEME_COOKIE, type ApiTransport, type RenderPage, type RouteHeadOf,
} from '@domain/page-render';
import { notFoundFor } from '../errors';
import { escapeJsonForScript, prepareTemplate } from '../lib/html';
import { loadClientManifest } from './client-manifest';
import { encodeAsync, PageCache, type Encoding } from './page-cache';

/** Built files and uploads are answered by the static plugin; a miss there is a missing file, not a page. */
const NOT_A_PAGE = /^\/(?:api(?:\/|$)|uploads\/|assets\/)|\.[a-z0-9]{1,8}$/i;

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !NOT_A_PAGE.test(request.url.split('?')[0]!);
}

/** How long a signed-out visitor's page may be served again (page-cache.ts); inventory changes drop it at once. */
export const PAGE_CACHE_TTL_MS = 5_000;

/** A page differs by its cookies (theme, sort, session), its encoding, and the kind of screen it is for. */
const PAGE_VARY = ['cookie', 'accept-encoding', ...DEVICE_HEADERS].join(', ');

export interface PagesOptions {
  clientDir: string;
  /** The React app's server renderer; without it pages go out as the empty shell the browser renders. */
  renderPage?: RenderPage;
  /** What the page's route declares about its head (client/entry-server.tsx); without it, the site's default head. */
  routeHead?: RouteHeadOf;
}

export const pagesPlugin = fp<PagesOptions>(async (app, { clientDir, renderPage, routeHead }) => {
  const indexFile = path.join(clientDir, 'index.html');
  // Read once: every page answer is this template with the page's own head and body written in.
  const template = existsSync(indexFile) ? prepareTemplate(await readFile(indexFile, 'utf8')) : null;
  const manifest = loadClientManifest(clientDir);
  const sessionCookie = app.config.session.cookieName;

  /**
   * The app's API requests during a render, answered as the visitor's browser would be answered: by the read's own
   * handler where the route declared one (plugins/page-reads.ts, for the visitor resolved once per page), else by
   * the API itself, in process.
   */
  const apiFor = (request: FastifyRequest): ApiTransport => async (method, url, headers, body) => {
    // A render only reads; anything else would be a bug in a page, not something to carry out.
    if (method !== 'GET') return { status: 405, statusText: 'Method Not Allowed', text: '' };
    const direct = await app.pageReads.answer(url, await app.authenticate(request));
    if (direct) return direct;
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        ...headers,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      payload: body,
    });
    return { status: res.statusCode, statusText: res.statusMessage, text: res.body };
  };

  // 16 MB holds ~800 listing pages as browsers ask for them (brotli, ~20 kB each); issue 17 bounds the process.
  const cache = new PageCache({ maxEntries: 500, maxBytes: 16 * 1024 * 1024, ttlMs: PAGE_CACHE_TTL_MS });
  app.inventoryCache.onInvalidate(() => cache.clear());
  // The back office changes what pages show (posts, site pages, categories, moderated listings): any change made
  // there drops the cached pages at once, so an edit is never hidden behind a cache for its author or anyone else.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/admin/')) cache.clear();
  });

  const encodingFor = (request: FastifyRequest): Encoding => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
  };

  function send(reply: FastifyReply, status: number, personal: boolean, encoding: Encoding, body: Buffer) {
    reply.code(status).type('text/html; charset=utf-8')
      // The page carries the signed-in visitor's own data (name, e-mail, saved vehicles): not kept by shared caches
      // nor by the browser itself (issue 36 item 4, ASVS 14.3.2), as the personal API answers are not.
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      .header('vary', PAGE_VARY);
    // Here, not by @fastify/compress (app.ts): its hooks cover routes only, and this not-found handler is not one.
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!template || !isPageRequest(request)) throw notFoundFor(request);
    const theme = themeFromCookie(request.cookies[THEME_COOKIE]);
    const sort = sortFromCookie(request.cookies[SORT_COOKIE]);
    const device = deviceFromHeaders(request.headers);
    const personal = Boolean(request.cookies[sessionCookie]);
    const encoding = encodingFor(request);
    // The page differs by theme, stored sort and device (read above), so all three are part of its key.
    const cacheKey = `${theme} ${sort ?? '-'} ${device} ${request.url}`;
    if (!personal) {
      const hit = cache.get(cacheKey, encoding);
      if (hit) return send(reply, hit.status, false, encoding, hit.body);
    }
    let rendered: Awaited<ReturnType<RenderPage>> | null = null;
    if (renderPage) {
      try {
        rendered = await renderPage({
          // Joined, not resolved: a path starting with // must stay a path on this site, not name another host.
          url: `${app.config.publicUrl}${request.url}`,
          theme,
          sort,
          device,
          api: apiFor(request),
          onError: (err) => request.log.error({ err }, 'page render error'),
        });
      } catch (err) {
        // The shell still works: the browser renders the page itself.
        request.log.error({ err }, 'server render failed; serving the page shell');
      }
    }
    // Issue 31 §4: a page renders once when its route loaders fetched all it shows; what they missed is named here.
    if (rendered?.kind === 'page' && rendered.unloaded.length > 0) {
      request.log.warn({ renders: rendered.renders, unloaded: rendered.unloaded }, 'page data missed by its route loaders');
    }
    if (rendered?.kind === 'redirect') {
      return reply.code(rendered.status).header('cache-control', 'no-store').header('vary', 'cookie').redirect(rendered.location, rendered.status);
    }
    // The head its route declares, or the one the render built from the page's data (issue 31 §5).
    let head = app.seo.pageHead(request, routeHead?.(request.url.split('?')[0]!) ?? null, rendered?.kind === 'page' ? rendered.head : null);
    // The page rendered the not-found page (a landing page without its code, a missing site page) and its head did
    // not say so itself (as "Vehicle not found" does): the not-found page's own head, not the route's (issue 31).
    if (rendered?.status === 404 && head.status !== 404) head = app.seo.notFoundHead(request);
    const html = template.render({
      head: head.html,
      root: rendered?.html ?? '',
      afterRoot: rendered ? `<script type="application/json" id="${RENDER_STATE_ELEMENT_ID}">${escapeJsonForScript(rendered.state)}</script>` : '',
      // The page's own chunks, for public/app-loader.js to preload with the entry after the first paint.
      endOfHead: rendered ? `<script type="application/json" id="page-chunks">${escapeJsonForScript(JSON.stringify(manifest.preloadsFor(rendered.modules)))}</script>` : '',
      theme,
    });
    const status = rendered ? rendered.status : head.status;
    const body = await encodeAsync(html, encoding);
    // Only complete renders: a shell (the renderer failed) is not worth keeping.
    if (!personal && rendered && (status === 200 || status === 404)) cache.set(cacheKey, status, encoding, body);
    return send(reply, status, personal, encoding, body);
  });
}, { name: 'pages', dependencies: ['seo', 'static', 'page-reads'] });
