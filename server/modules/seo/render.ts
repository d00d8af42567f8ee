// Writes a HeadData (registry.ts) into the built index.html, so the first HTML response carries the page's
// title, description, canonical URL, Open Graph tags and JSON-LD (issue 3 "SEO": no delayed injection).
import { pageTitle } from '@domain/seo';
import { FEED_PATHS } from '@domain/content';
import type { HeadData } from './registry';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values: every markup character escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON for a <script type="application/ld+json"> element. Inside <script> HTML entities are not decoded, so the
 * JSON stays JSON, but "</script>" or "<!--" in the data (a vehicle description, a blog title) would end the
 * element early and let the rest run as markup. Escaping <, > and & as JSON unicode escapes keeps the same data
 * and makes that impossible; U+2028/2029 are escaped for old JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return escapeJsonForScript(JSON.stringify(value));
}

/** JSON text already serialised, made safe for a <script> element the same way (jsonForScript). */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const absoluteUrl = (publicUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

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

/**
 * The built index.html split once around its head and its root element: the <title> and description Vite copied
 * from client/index.html are taken out (the rendered head replaces them), the rest is kept verbatim.
 */
export interface PageParts {
  /** Early in the head: title, metas, the LCP image preload. */
  head: string;
  /** The #root element's server-rendered content. */
  root: string;
  /** After #root: the render state data block. */
  afterRoot?: string;
  /** Last in the head, after the entry script: preloads of the page's own chunks. */
  endOfHead?: string;
  theme: 'light' | 'dark';
}

export interface IndexTemplate {
  render(parts: PageParts): string;
}

/** theme-color of the browser UI per theme: the header background (client/lib/theme.ts THEME_COLOR). */
const THEME_COLOR = { light: '#ffffff', dark: '#0b1220' } as const;

export function prepareTemplate(html: string): IndexTemplate {
  const cleaned = html
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
  // After the charset and viewport metas when present (Lighthouse wants the charset early), else at the head's start.
  const anchor = /<meta\s+name=["']viewport["'][^>]*>/i.exec(cleaned) ?? /<meta\s+charset[^>]*>/i.exec(cleaned) ?? /<head[^>]*>/i.exec(cleaned);
  if (!anchor) throw new Error('index.html has no <head>');
  const at = anchor.index + anchor[0].length;
  const root = /<div id="root"><\/div>/.exec(cleaned);
  if (!root || root.index < at) throw new Error('index.html has no empty <div id="root"></div> in its body');
  const htmlTag = /<html([^>]*)>/i.exec(cleaned);
  if (!htmlTag) throw new Error('index.html has no <html> element');
  const close = cleaned.search(/<\/head>/i);
  if (close < at || close > root.index) throw new Error('index.html has no </head> before its root');
  const before = cleaned.slice(0, at);
  const headRest = cleaned.slice(at, close);
  const bodyStart = cleaned.slice(close, root.index);
  const after = cleaned.slice(root.index + root[0].length);
  return {
    render({ head, root: content, afterRoot = '', endOfHead = '', theme }) {
      // The theme the visitor chose is rendered, not applied by script after the first paint (issue 14 item 5).
      const opening = theme === 'dark'
        ? before.replace(htmlTag[0], `<html${htmlTag[1]} class="dark" style="color-scheme:dark">`)
        : before;
      const themed = headRest.replace(/(<meta\s+name="theme-color"\s+content=")[^"]*(")/i, `$1${THEME_COLOR[theme]}$2`);
      return `${opening}\n    ${head}${themed}${endOfHead ? `  ${endOfHead}\n  ` : ''}${bodyStart}<div id="root">${content}</div>${afterRoot}${after}`;
    },
  };
}
