// Markdown → safe HTML (issue 7, "Rendered content is sanitised, so no script can reach a page through content").
// marked turns Markdown (and any raw HTML an author typed) into HTML; sanitize-html then keeps only an explicit
// allow-list of tags, attributes and URL schemes. The public pages and the editor's preview both call renderMarkdown,
// so what an admin previews is exactly what visitors get.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { BROWSER_STORAGE_MARKER, browserStorageTable } from '@domain/content';

// One instance with our options, so another module configuring the global `marked` cannot change our output.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Inline images an author may paste: raster formats only (an SVG can carry script), base64-encoded. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;
const ABSOLUTE_HTTP = /^https?:\/\//i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'strong', 'em', 'del', 'code', 'pre', 'a', 'img',
    'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption', 'sup', 'sub', 'abbr', 'kbd',
  ],
  // No style, no class (except a code block's language), no id, no event handler: an attribute not listed is dropped.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    table: ['tabindex'],
    th: ['align', 'scope'],
    td: ['align'],
    ol: ['start'],
    abbr: ['title'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images may also be inline data, checked precisely in transformTags below.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  // "//evil.example/x" would leave the site while looking relative.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose text must not survive as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    // The page title is the only h1 (one h1 per page for screen readers and SEO): body headings start at h2.
    h1: 'h2',
    // A table scrolls sideways in its own box on a phone (content-prose.tsx): in the tab order, a keyboard scrolls it
    // too (WCAG 2.1.1; axe's scrollable-region-focusable).
    table: (tagName) => ({ tagName, attribs: { tabindex: '0' } }),
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      // External links must not get a handle on our window (reverse tabnabbing) nor our URL as referrer.
      const rel = ABSOLUTE_HTTP.test(href) ? 'noopener noreferrer' : undefined;
      const { rel: _ignored, ...rest } = attribs;
      return { tagName, attribs: rel ? { ...rest, rel } : rest };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const keep = src !== '' && (!/^data:/i.test(src) || SAFE_DATA_IMAGE.test(src));
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(keep ? { src } : {}), alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' } };
    },
  },
  // An image whose source was refused is removed entirely, not left as a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Generated sections an editable page can place (the cookies policy's table of what the code stores). */
function expandMarkers(markdown: string): string {
  return markdown.includes(BROWSER_STORAGE_MARKER) ? markdown.split(BROWSER_STORAGE_MARKER).join(browserStorageTable()) : markdown;
}

/** Sanitises HTML with the content allow-list. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown (with any raw HTML in it) → HTML that is safe to put in a page. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(expandMarkers(markdown)) as string;
  return sanitizeContentHtml(html).trim();
}

/** The text of a Markdown body, for descriptions and search snippets. */
export function plainTextOf(markdown: string, maxLength = 300): string {
  const text = sanitizeHtml(marked.parse(markdown) as string, { allowedTags: [], allowedAttributes: {}, nonTextTags: SANITIZE.nonTextTags })
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxLength - 20)).trimEnd()}…`;
}
