// Decorates app.seo (registry.ts) for the modules registered after it, registers the shopping pages' heads, and
// serves /sitemap.xml and /robots.txt. Registered in server/app.ts before the module routes, so they can add their
// pages; the pages plugin asks app.seo.pageHead for the head of every page it serves, with what the page's route
// declares (client/app/router.tsx `handle.head`, through the RouteHeadOf contract).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HERO_SLIDES, heroSrc } from '@domain/hero-slides';
import type { RouteHead } from '@domain/page-render';
import { HOME_DESCRIPTION, NOT_FOUND_HEAD } from '@domain/seo';
import { DEALERSHIP } from '@domain/settings';
import { isNotIndexed, NOT_INDEXED, registerShoppingPages, SITEMAP_PAGES } from './pages';
import { createSeoRegistry, type HeadData, type SeoRegistry, type SitemapEntry } from './registry';
import { escapeHtml } from '../../lib/html';
import { renderHead, type RenderOptions } from './render';
import { autoDealer } from '@domain/structured-data';

export interface Seo extends SeoRegistry {
  /**
   * The rendered head tags of the page whose route declares `route` (null: none, or no route table: the site's
   * default head): its static head, or the one its render `built` from the page's data (client/app/heads.ts), and
   * the HTTP status that head asks for (404 for a missing record).
   */
  pageHead(request: FastifyRequest, route: RouteHead | null, built: HeadData | null): { html: string; status: number };
  /** The not-found page's head, for a page whose render showed that page (a landing page without its code). */
  notFoundHead(request: FastifyRequest): { html: string; status: number };
  /** Every sitemap entry: public pages, then each source's, de-duplicated by path. */
  sitemapEntries(): Promise<SitemapEntry[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    seo: Seo;
  }
}

/** The home hero's first generated image stands for pages without their own. */
const DEFAULT_IMAGE = { path: heroSrc(HERO_SLIDES[0].name, 1600), alt: HERO_SLIDES[0].alt };

/** Read endpoints a rendering crawler needs to see the public pages' content (robots.txt "Allow" beats the shorter "Disallow: /api/"). */
const CRAWLABLE_API = ['/api/vehicles', '/api/deals/', '/api/content/'];

const lastmodText = (d: SitemapEntry['lastmod']) => {
  if (!d) return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

export const seoPlugin = fp(async (app) => {
  const { publicUrl } = app.config;
  const registry = createSeoRegistry();
  const renderOptions: RenderOptions = { publicUrl, siteName: DEALERSHIP.name, siteJsonLd: [autoDealer(publicUrl)], defaultImage: DEFAULT_IMAGE };
  const sitemapPaths = new Set(SITEMAP_PAGES.map((p) => p.path));

  /** Pages nobody registered a head for: the site's title; public pages keep their canonical, others are noindex. */
  const defaultHead = (pathname: string): HeadData => ({
    title: null,
    description: HOME_DESCRIPTION,
    canonicalPath: pathname,
    ...(sitemapPaths.has(pathname) ? {} : { robots: 'noindex, follow' }),
  });

  const seo: Seo = Object.assign(registry, {
    pageHead(request: FastifyRequest, route: RouteHead | null, built: HeadData | null) {
      const raw = request.url.split('?')[0]!;
      const pathname = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
      let head: HeadData | null = null;
      if (route?.kind === 'static') head = { ...route.head, canonicalPath: pathname };
      // A data head the render could not build (no render, or the page's data failed): the page still works.
      else if (route?.kind === 'data') head = built;
      head ??= defaultHead(pathname);
      if (isNotIndexed(pathname)) head = { ...head, robots: 'noindex, nofollow' };
      return { html: renderHead(head, renderOptions), status: head.status ?? 200 };
    },
    notFoundHead(request: FastifyRequest) {
      const head: HeadData = { ...NOT_FOUND_HEAD, canonicalPath: request.url.split('?')[0]!, status: 404 };
      return { html: renderHead(head, renderOptions), status: 404 };
    },
    async sitemapEntries() {
      const sources = await Promise.all(registry.sitemapSources.map((source) => source(app.db)));
      const fromSources = sources.flat();
      // The home page and the listing change whenever the stock does.
      const newest = fromSources.filter((e) => e.path.startsWith('/vehicles/')).map((e) => lastmodText(e.lastmod)).filter(Boolean).sort().at(-1) ?? null;
      const stockPages = new Set(['/', '/vehicles', '/deal-of-the-day']);
      const all: SitemapEntry[] = [...SITEMAP_PAGES.map((p) => ({ ...p, lastmod: stockPages.has(p.path) ? newest : null })), ...fromSources];
      const seen = new Set<string>();
      return all.filter((e) => !seen.has(e.path) && !isNotIndexed(e.path) && seen.add(e.path));
    },
  });
  app.decorate('seo', seo);
  registerShoppingPages(seo, app.services.vehicles);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls = (await seo.sitemapEntries()).map((e) => {
      const lastmod = lastmodText(e.lastmod);
      return [
        '  <url>',
        `    <loc>${escapeHtml(publicUrl + e.path)}</loc>`,
        lastmod ? `    <lastmod>${lastmod}</lastmod>` : '',
        e.changefreq ? `    <changefreq>${e.changefreq}</changefreq>` : '',
        e.priority !== undefined ? `    <priority>${e.priority.toFixed(1)}</priority>` : '',
        '  </url>',
      ].filter(Boolean).join('\n');
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      `# ${DEALERSHIP.name}: the back office, account pages and personal pages are not for search engines.`,
      'User-agent: *',
      ...CRAWLABLE_API.map((p) => `Allow: ${p}`),
      'Disallow: /api/',
      ...NOT_INDEXED.map((r) => `Disallow: ${r.robots}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });
}, { name: 'seo', dependencies: ['db'] });
