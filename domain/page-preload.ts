// First-load speed (issue 3 "Lighthouse": performance on a mid-range phone). A page's first HTML answer carries
// what the page needs first, so the browser does not wait for the app's JavaScript to ask for it:
// - the API answers it reads first, embedded as JSON (server/modules/seo/plugin.ts) and taken once by the
//   API client (client/lib/preloaded.ts) instead of a round trip;
// - its first, largest image (<link rel="preload">), so the photo downloads while the JavaScript does.

/** The element holding the embedded answers: <script type="application/json" id="api-preload">. */
export const API_PRELOAD_ELEMENT_ID = 'api-preload';

/**
 * How long after the page started an embedded answer may stand in for a request. The app asks for these within
 * a second or two of loading; a component that asks much later gets a fresh answer from the server.
 */
export const API_PRELOAD_FRESH_MS = 15_000;

/** One embedded answer: exactly what GET `url` answered for the same visitor when the page was served. */
export interface PreloadedAnswer {
  url: string;
  status: number;
  body: unknown;
}

/** The key both sides match answers by: the path and its query parameters in a stable order. */
export function preloadKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  query.sort();
  const qs = query.toString();
  return qs ? `${url.slice(0, at)}?${qs}` : url.slice(0, at);
}

/** A <link rel="preload" as="image"> for a responsive image: the browser picks the same file the page's <img> will. */
export interface ImagePreload {
  srcset: string;
  sizes: string;
  /** MIME type, so a browser that cannot show the format skips the preload (as <picture> skips the source). */
  type: string;
}
