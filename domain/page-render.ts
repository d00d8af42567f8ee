// Server rendering (DESIGN.md "Server rendering"): what the server and the browser agree on about a page's first
// HTML. The server renders the page with its data (client/entry-server.tsx) and writes that data into the HTML as
// JSON; the browser hydrates the same tree from it (client/main.tsx).

/**
 * The element holding the render state: <script type="application/json" id="render-state">. A data block, never
 * run, so the CSP (no inline script) lets it through.
 */
import { SORT_KEYS, type SortKey } from './constants';
import type { PageHead, StaticHead } from './seo';

export const RENDER_STATE_ELEMENT_ID = 'render-state';

/** Mirrors the theme of browser storage (spec §2 "Theme"), so the server renders the visitor's theme. */
export const THEME_COOKIE = 'theme';

/**
 * 'system': the visitor has not chosen (no cookie), so the page follows the device's light or dark preference
 * (issue 21). The server cannot know that preference; it renders CSS that applies it (`prefers-color-scheme`), so
 * a first visit on a dark phone paints dark at once, with no script and nothing to mismatch on hydration.
 */
export type RenderedTheme = 'light' | 'dark' | 'system';

export const themeFromCookie = (value: string | undefined): RenderedTheme => (value === 'dark' || value === 'light' ? value : 'system');

/**
 * Mirrors the listing's stored sort (spec §4 "the chosen sort is stored and used when the URL has none"), so the
 * server renders /vehicles in the order the browser will show: without it the browser re-sorts the cards just
 * after hydrating, and the cards jump (a layout shift).
 */
export const SORT_COOKIE = 'vehicle-sort';

export const sortFromCookie = (value: string | undefined): SortKey | null =>
  (SORT_KEYS as readonly string[]).includes(value ?? '') ? (value as SortKey) : null;

/**
 * The kind of screen the server renders a page for (issue 35: a phone's first screen). On a phone the listing is
 * one card per row, so only the first card's photo is on the first screen; tablets and computers show two or three
 * per row, and the spec's first 6 cards (§9) are their first screen.
 */
export type RenderedDevice = 'phone' | 'other';

/** The request headers the page's HTML varies by beyond its cookies, for the Vary header and the page cache. */
export const DEVICE_HEADERS = ['sec-ch-ua-mobile', 'user-agent'] as const;

/**
 * A phone, as the request says: Chromium browsers send the Sec-CH-UA-Mobile client hint with every request
 * (?1 on a phone); Safari and Firefox send none, and their phone user agents carry "Mobi" (MDN's advice for
 * telling phones apart; an iPad's and an Android tablet's do not).
 */
export function deviceFromHeaders(headers: { 'sec-ch-ua-mobile'?: string | string[] | undefined; 'user-agent'?: string | undefined }): RenderedDevice {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1' ? 'phone' : 'other';
  return /Mobi/.test(headers['user-agent'] ?? '') ? 'phone' : 'other';
}

/**
 * How the photos of a list's priority cards (spec §9: the first 6 of the listing) after the first load on this
 * device. Every priority card's photo is in the page's HTML, so it shows before the app has started. On wider
 * screens they are the first screen, and load at once. On a phone they are screens below the first card, and
 * loading them at once takes bandwidth from the one photo the shopper sees: the browser loads them as they come near
 * (issue 35, docs/decisions/032-phone-photo-priority.md).
 */
export function priorityPhotoLoading(device: RenderedDevice): 'eager' | 'lazy' {
  return device === 'phone' ? 'lazy' : 'eager';
}

/** What one API request answered, for the app's API client (client/lib/api-client.ts settle). */
export interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
}

/** Answers the app's API requests during a server render, as the visitor would be answered. */
export type ApiTransport = (method: string, url: string, headers: Record<string, string>, body: string | undefined) => Promise<RawAnswer>;

export interface RenderPageInput {
  /** Absolute URL of the page, e.g. https://shop.example.ca/vehicles?page=2. */
  url: string;
  theme: RenderedTheme;
  /** The visitor's stored listing sort (SORT_COOKIE), or null. */
  sort: SortKey | null;
  /** The kind of screen the request came from (deviceFromHeaders). */
  device: RenderedDevice;
  api: ApiTransport;
  /** Where render errors go (the request's logger). */
  onError: (err: unknown) => void;
}

export type RenderPageResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
    kind: 'page';
    status: number;
    /** The #root element's content. */
    html: string;
    /** The render state as JSON, for the RENDER_STATE_ELEMENT_ID data block. */
    state: string;
    /** The lazily loaded components the page rendered (their ids: a module's path, from the client root). */
    modules: string[];
    /** The head its route builds from the page's data (issue 31 §5); null when the route's head is static. */
    head: PageHead | null;
    /** How many times the page rendered: 1 when its route loaders fetched everything it shows (issue 31 §4). */
    renders: number;
    /** The queries the page asked for that no loader had fetched (their keys), which cost the extra renders. */
    unloaded: string[];
  };

/**
 * The page renderer: client/entry-server.tsx implements it, server/main.ts hands it to the app. The server knows
 * only this contract, not the React app behind it.
 */
export type RenderPage = (input: RenderPageInput) => Promise<RenderPageResult>;

/**
 * Where a page's head comes from, as its route entry in the one route table says (issue 31 §5): written there
 * (static pages), or built from the data its route loaders fetched, by the render (RenderPageResult `head`).
 */
export type RouteHead =
  | { kind: 'static'; head: StaticHead }
  | { kind: 'data' };

/**
 * The head the route table gives a path (null: its route declares none, so the site's default head):
 * client/entry-server.tsx implements it, server/main.ts hands it to the app.
 */
export type RouteHeadOf = (pathname: string) => RouteHead | null;
