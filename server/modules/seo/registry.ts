// The SEO extension API (issue 3, DESIGN.md "One process"): any module adds sitemap entries and server-rendered
// heads for its public pages through `app.seo`, so crawlers and link previews get the title, description,
// canonical URL, Open Graph tags and JSON-LD in the first HTML response, with no delayed injection (spec §1 had
// them injected 1.5-3 s after load, which crawlers and previews miss).
//
// Usage from a module plugin (registered after the seo plugin, see server/app.ts):
//
//   app.seo.addSitemapSource(async (db) => posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })));
//   app.seo.addHead('/blog/:slug', async (request, { slug }) => {   // the route's path in client/app/router.tsx,
//     const post = await findPublished(app.db, slug);                // whose entry has handle: fromServer
//     if (!post) return null;                      // null: the site default head
//     return { title: post.title, description: post.excerpt, canonicalPath: `/blog/${slug}`,
//              og: { type: 'article', image: post.coverUrl }, jsonLd: [{ '@type': 'BlogPosting', ... }] };
//   });
//
// Titles are page titles without the site name: the renderer adds " | Prairie Motor Hub" (domain/seo.ts
// pageTitle, the same function the client's useDocumentTitle uses, so both agree). Paths are site-relative;
// the renderer makes them absolute with config.publicUrl. JSON-LD objects get "@context" added when missing and
// are escaped for a <script> element by the renderer; resolvers pass plain data.
import type { FastifyRequest } from 'fastify';
import type { ImagePreload } from '@domain/page-preload';
import type { Db } from '../../db/client';

export interface SitemapEntry {
  /** Site-relative path, e.g. "/vehicles/12". */
  path: string;
  /** Last modification; omitted from the sitemap when unknown. */
  lastmod?: Date | string | null;
  changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  /** 0.0 - 1.0 */
  priority?: number;
}

export interface HeadData {
  /** Page title without the site name (null: the site's home title). */
  title: string | null;
  description: string;
  /** Site-relative canonical path, e.g. "/vehicles/12" (query string only when it names a distinct page). */
  canonicalPath: string;
  /** Open Graph extras: og:title/description/url/site_name/locale are filled from the fields above. */
  og?: { type?: string; image?: string | null; imageAlt?: string | null; [property: string]: string | null | undefined };
  /** schema.org objects for this page; the site-wide AutoDealer object is added by the renderer. */
  jsonLd?: Record<string, unknown>[];
  /** e.g. "noindex, follow" for thin or missing pages. */
  robots?: string;
  /** HTTP status of the HTML answer (404 for a missing record the SPA will show as not found). Default 200. */
  status?: number;
  /** The page's first, largest image(s), preloaded at high priority. */
  imagePreload?: ImagePreload[];
}

export type SitemapSource = (db: Db) => Promise<SitemapEntry[]>;
export type HeadParams = Record<string, string>;
export type HeadResolver = (request: FastifyRequest, params: HeadParams) => Promise<HeadData | null>;

export interface SeoRegistry {
  /** Adds entries to /sitemap.xml; called on each sitemap request, so entries are always current. */
  addSitemapSource(source: SitemapSource): void;
  /**
   * Server-rendered head for the route whose path is `pattern` ("/blog/:slug", as in client/app/router.tsx, whose
   * entry says its head comes from the server): the route table picks the resolver and passes its decoded
   * parameters (issue 31 §5, one list of pages). null: the site's default head.
   */
  addHead(pattern: string, resolver: HeadResolver): void;
  /** The sitemap sources added so far (used by the sitemap route). */
  readonly sitemapSources: readonly SitemapSource[];
  /** The route paths with a resolver, for the test that holds them to the route table. */
  readonly headPatterns: readonly string[];
  /** Runs the route's resolver; null when it has none or it answered null. */
  resolveHead(request: FastifyRequest, pattern: string, params: HeadParams): Promise<HeadData | null>;
}

export function createSeoRegistry(): SeoRegistry {
  const sources: SitemapSource[] = [];
  const heads = new Map<string, HeadResolver>();
  return {
    addSitemapSource(source) { sources.push(source); },
    addHead(pattern, resolver) {
      if (!pattern.startsWith('/')) throw new Error(`seo.addHead: pattern must start with "/" (got ${pattern})`);
      // One resolver a route: a second would silently never run.
      if (heads.has(pattern)) throw new Error(`seo.addHead: ${pattern} already has a head resolver`);
      heads.set(pattern, resolver);
    },
    get sitemapSources() { return sources; },
    get headPatterns() { return [...heads.keys()]; },
    async resolveHead(request, pattern, params) {
      return (await heads.get(pattern)?.(request, params)) ?? null;
    },
  };
}
