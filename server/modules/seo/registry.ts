// The SEO extension API (issue 3, DESIGN.md "One process"): any module adds sitemap entries and server-rendered
// heads for its public pages through `app.seo`, so crawlers and link previews get the title, description,
// canonical URL, Open Graph tags and JSON-LD in the first HTML response, with no delayed injection (spec §1 had
// them injected 1.5-3 s after load, which crawlers and previews miss).
//
// Usage from a module plugin (registered after the seo plugin, see server/app.ts):
//
//   app.seo.addSitemapSource(async (db) => posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })));
//   app.seo.addHead('/blog/:slug', async (request, { slug }) => {
//     const post = await findPublished(app.db, slug);
//     if (!post) return null;                      // null: next matching resolver, else the site default head
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
   * Server-rendered head for pages whose path matches `pattern` ("/blog/:slug": literal segments and
   * ":name" segments, which arrive decoded in params). Resolvers run in the order added; the first non-null wins.
   */
  addHead(pattern: string, resolver: HeadResolver): void;
  /** The sitemap sources added so far (used by the sitemap route). */
  readonly sitemapSources: readonly SitemapSource[];
  /** Runs the matching resolvers for a path; null when none matched or all answered null. */
  resolveHead(request: FastifyRequest, pathname: string): Promise<HeadData | null>;
}

/** Matches "/blog/:slug" against "/blog/my-post" → { slug: 'my-post' }; null when it does not match. */
export function matchPath(pattern: string, pathname: string): HeadParams | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(pathname);
  if (want.length !== got.length) return null;
  const params: HeadParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      let value: string;
      try { value = decodeURIComponent(g); } catch { return null; }
      params[w.slice(1)] = value;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export function createSeoRegistry(): SeoRegistry {
  const sources: SitemapSource[] = [];
  const heads: { pattern: string; resolver: HeadResolver }[] = [];
  return {
    addSitemapSource(source) { sources.push(source); },
    addHead(pattern, resolver) {
      if (!pattern.startsWith('/')) throw new Error(`seo.addHead: pattern must start with "/" (got ${pattern})`);
      heads.push({ pattern, resolver });
    },
    get sitemapSources() { return sources; },
    async resolveHead(request, pathname) {
      for (const { pattern, resolver } of heads) {
        const params = matchPath(pattern, pathname);
        if (!params) continue;
        const head = await resolver(request, params);
        if (head) return head;
      }
      return null;
    },
  };
}
