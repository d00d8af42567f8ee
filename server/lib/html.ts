// HTML text for the server's pages: escaping for text, attributes and <script> data blocks, and the built
// index.html as a template. The lowest layer (server/lib): used by the pages plugin and the seo module alike.

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
  theme: 'light' | 'dark' | 'system';
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
      // No choice yet ('system'): the device's preference applies through CSS (client/styles.css .theme-system).
      const opening = theme === 'dark'
        ? before.replace(htmlTag[0], `<html${htmlTag[1]} class="dark" style="color-scheme:dark">`)
        : theme === 'system' ? before.replace(htmlTag[0], `<html${htmlTag[1]} class="theme-system">`) : before;
      const themed = theme === 'system'
        ? headRest.replace(/<meta\s+name="theme-color"\s+content="[^"]*"\s*\/?>/i,
          `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLOR.dark}" />`
          + `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOR.light}" />`)
        : headRest.replace(/(<meta\s+name="theme-color"\s+content=")[^"]*(")/i, `$1${THEME_COLOR[theme]}$2`);
      return `${opening}\n    ${head}${themed}${endOfHead ? `  ${endOfHead}\n  ` : ''}${bodyStart}<div id="root">${content}</div>${afterRoot}${after}`;
    },
  };
}
