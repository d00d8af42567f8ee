// The SEO extension API (issue 3, DESIGN.md "One process"): any module adds sitemap entries for its public pages
// through `app.seo`:
//
//   app.seo.addSitemapSource(async (db) => posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })));
//
// A page's head (title, description, canonical URL, Open Graph tags and JSON-LD, in the first HTML response with no
// delayed injection) is declared by its route entry (client/app/router.tsx): a static head written there, or one
// built from the page's data by client/app/heads.ts (issue 31 §5). The renderer (render.ts) makes paths absolute
// with config.publicUrl, adds " | Prairie Motor Hub" to titles (domain/seo.ts pageTitle, as the browser does) and
// "@context" to JSON-LD objects, and escapes them for a <script> element.
import type { PageHead } from '@domain/seo';
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

/** A page's head (domain/seo.ts PageHead). */
export type HeadData = PageHead;

export type SitemapSource = (db: Db) => Promise<SitemapEntry[]>;

export interface SeoRegistry {
  /** Adds entries to /sitemap.xml; called on each sitemap request, so entries are always current. */
  addSitemapSource(source: SitemapSource): void;
  /** The sitemap sources added so far (used by the sitemap route). */
  readonly sitemapSources: readonly SitemapSource[];
}

export function createSeoRegistry(): SeoRegistry {
  const sources: SitemapSource[] = [];
  return {
    addSitemapSource(source) { sources.push(source); },
    get sitemapSources() { return sources; },
  };
}
