// Writes a HeadData (registry.ts) into the built index.html, so the first HTML response carries the page's
// title, description, canonical URL, Open Graph tags and JSON-LD (issue 3 "SEO": no delayed injection).
import { pageTitle } from '@domain/seo';
import { FEED_PATHS } from '@domain/content';
import type { HeadData } from './registry';
import { escapeHtml, jsonForScript } from '../../lib/html';
import { absoluteUrl } from '@domain/structured-data';

export interface RenderOptions {
  publicUrl: string;
  siteName: string;
  /** Site-wide objects (the AutoDealer) placed before the page's own. */
  siteJsonLd: Record<string, unknown>[];
  /** og:image when the page names none. */
  defaultImage: { path: string; alt: string };
}

/** The head tags for one page. */
export function renderHead(head: HeadData, o: RenderOptions): string {
  const title = pageTitle(head.title);
  const canonical = absoluteUrl(o.publicUrl, head.canonicalPath);
  const { type = 'website', image, imageAlt, ...extraOg } = head.og ?? {};
  const ogImage = image === null ? null : absoluteUrl(o.publicUrl, image ?? o.defaultImage.path);
  const ogImageAlt = image === undefined ? o.defaultImage.alt : imageAlt;
  const meta = (attr: 'name' | 'property', key: string, content: string | null | undefined) =>
    content ? `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />` : '';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', o.siteName),
    meta('property', 'og:locale', 'en_CA'),
    meta('property', 'og:type', type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', ogImage),
    meta('property', 'og:image:alt', ogImage ? ogImageAlt : null),
    ...Object.entries(extraOg).map(([k, v]) => meta('property', k.includes(':') ? k : `og:${k}`, v)),
    meta('name', 'twitter:card', ogImage ? 'summary_large_image' : 'summary'),
    // The blog's feeds on every page, as feed readers and browsers look for them in the page's first HTML.
    `<link rel="alternate" type="application/rss+xml" href="${FEED_PATHS.rss}" title="${escapeHtml(`${o.siteName} blog (RSS)`)}" />`,
    `<link rel="alternate" type="application/atom+xml" href="${FEED_PATHS.atom}" title="${escapeHtml(`${o.siteName} blog (Atom)`)}" />`,
    ...(head.imagePreload ?? []).map((img) =>
      `<link rel="preload" as="image" imagesrcset="${escapeHtml(img.srcset)}" imagesizes="${escapeHtml(img.sizes)}" type="${escapeHtml(img.type)}" fetchpriority="high" />`),
    ...[...o.siteJsonLd, ...(head.jsonLd ?? [])].map((obj) =>
      `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', ...obj })}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
