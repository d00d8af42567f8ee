// Pure decisions behind the listing's URL and saved state (spec §3 "saved listing state", §4 "Listing state").
// No React and no browser globals here: the hook (hooks/use-listing-state.ts) gathers the facts and
// these functions decide, so every rule can be unit-tested.
import {
  type Condition, type Location, DEFAULT_SORT, KILOMETRE_OPTIONS, PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, SORT_KEYS, type SortKey,
  TIMING, YEAR_MIN_DEFAULT, yearMaxDefault,
} from '@domain/constants';
import {
  defaultFilters, type ListingFilters, type ListingQuery, parseCondition, parseLocation, parseWhole, readListingUrl,
} from '@domain/listing';

/** Filter parameters this page writes into the URL. The first eight are the spec's own (§2); the rest are ours (location and condition: issue 33 §2). */
export const FILTER_URL_PARAMS = ['make', 'model', 'bodyType', 'transmission', 'minPrice', 'maxPrice', 'minYear', 'maxYear', 'kmMax', 'feature', 'location', 'condition'] as const;
/** Every parameter that describes a listing: filters plus search, page and sort. */
export const LISTING_URL_PARAMS = [...FILTER_URL_PARAMS, 'search', 'page', 'sortBy'] as const;

export const isSortKey = (v: unknown): v is SortKey => typeof v === 'string' && (SORT_KEYS as readonly string[]).includes(v);

/** spec §4: the chosen sort is stored and used when the URL has none. */
export function effectiveSort(urlSort: SortKey | undefined, stored: string | null): SortKey {
  if (urlSort) return urlSort;
  return isSortKey(stored) ? stored : DEFAULT_SORT;
}

/** Everything the listing shows, read from the URL. The URL is the one source of truth while on the page. */
export interface ListingView extends ListingQuery {
  models: string[];
  transmissions: string[];
  location: Location | null;
  condition: Condition | null;
}

export function readListingView(params: URLSearchParams, storedSort: string | null, now: Date = new Date()): ListingView {
  const u = readListingUrl(params, now);
  return { ...u, sortBy: effectiveSort(u.sortBy, storedSort) };
}

/** The URL-only filters (model, transmission) travel with the sidebar's filters. */
export interface AppliedFilters extends ListingFilters {
  models: string[];
  transmissions: string[];
  location: Location | null;
  condition: Condition | null;
}

/** No filter at all: what Reset All applies. */
export const noFilters = (): AppliedFilters => ({ ...defaultFilters(), models: [], transmissions: [], location: null, condition: null });

/**
 * Write filters into the URL, leaving out defaults (the same "omit defaults" rule as spec §7), so a
 * plain /vehicles stays plain. Other parameters are kept.
 */
export function writeFiltersToUrl(current: URLSearchParams, f: AppliedFilters, now: Date = new Date()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of FILTER_URL_PARAMS) next.delete(k);
  for (const m of f.makes) next.append('make', m);
  for (const m of f.models) next.append('model', m);
  for (const b of f.bodyTypes) next.append('bodyType', b);
  for (const t of f.transmissions) next.append('transmission', t);
  if (f.priceMin > PRICE_MIN_DEFAULT) next.set('minPrice', String(f.priceMin));
  if (f.priceMax < PRICE_MAX_DEFAULT) next.set('maxPrice', String(f.priceMax));
  if (f.yearMin > YEAR_MIN_DEFAULT) next.set('minYear', String(f.yearMin));
  if (f.yearMax < yearMaxDefault(now)) next.set('maxYear', String(f.yearMax));
  if (f.mileageMax !== null) next.set('kmMax', String(f.mileageMax));
  for (const feat of f.features) next.append('feature', feat);
  if (f.location) next.set('location', f.location);
  if (f.condition) next.set('condition', f.condition);
  return next;
}

export const hasListingParams = (params: URLSearchParams) => LISTING_URL_PARAMS.some((k) => params.has(k));

/**
 * A fresh visit keeps every listing parameter the URL carries: a shared or reloaded link shows the same results.
 * spec §4 keeps only search, bodyType, make, model and maxPrice; docs/decisions/014 says why we do not.
 */
export function freshVisitParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of params) if ((LISTING_URL_PARAMS as readonly string[]).includes(k)) next.append(k, v);
  return next;
}

// --- How the shopper arrived ---

export type NavigationType = 'navigate' | 'reload' | 'back_forward' | 'prerender' | undefined;

export interface ArrivalFacts {
  /** performance.getEntriesByType('navigation')[0].type */
  navigationType: NavigationType;
  /** True when /vehicles is the first route this page load showed (no client-side navigation before it). */
  firstRoute: boolean;
  /** Pathname of the route shown before this one in the SPA, if any. */
  previousPath: string | null;
  /** document.referrer */
  referrer: string;
  /** window.location.origin */
  origin: string;
  /** The page parameter of the URL on arrival. */
  urlPage: number;
}

export interface Arrival {
  /** spec §4: a fresh navigation, a reload, or a page above 1 on a new visit. */
  fresh: boolean;
  /** spec §4: from the home page, or with no referrer at all. */
  fromHome: boolean;
}

function isHomeUrl(url: string, origin: string): boolean {
  try {
    const u = new URL(url);
    return u.origin === origin && u.pathname === '/';
  } catch {
    return false;
  }
}

export function classifyArrival(a: ArrivalFacts): Arrival {
  const fresh = a.firstRoute && (a.navigationType === 'navigate' || a.navigationType === 'reload' || a.urlPage > 1);
  const fromHome = a.firstRoute
    ? a.referrer === '' || isHomeUrl(a.referrer, a.origin)
    : a.previousPath === '/';
  return { fresh, fromHome };
}

// --- Saved listing state (spec §3) ---

export interface SavedScroll { x: number; y: number; timestamp: number }

/** spec §3 saved listing state. make/bodyType hold every checked value; the last three fields are ours. */
export interface SavedListingState {
  page: number;
  make: string[];
  minPrice: number;
  maxPrice: number;
  minYear: number;
  maxYear: number;
  bodyType: string[];
  transmission: string[];
  sortBy: SortKey;
  scroll: SavedScroll;
  model?: string[];
  mileageMax?: number | null;
  features?: string[];
  search?: string;
  location?: Location | null;
  condition?: Condition | null;
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Shape check for what sessionStorage hands back; spec §8: unreadable listing state is only logged. */
export function isSavedListingState(v: unknown): v is SavedListingState {
  if (!v || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  const scroll = s.scroll as Record<string, unknown> | undefined;
  return isStringArray(s.make) && isStringArray(s.bodyType) && isStringArray(s.transmission)
    && isNum(s.minPrice) && isNum(s.maxPrice) && isNum(s.minYear) && isNum(s.maxYear)
    && !!scroll && isNum(scroll.x) && isNum(scroll.y) && isNum(scroll.timestamp);
}

export function toSavedState(view: ListingView, scroll: { x: number; y: number }, now: number): SavedListingState {
  const f = view.filters;
  return {
    page: view.page,
    make: f.makes,
    minPrice: f.priceMin,
    maxPrice: f.priceMax,
    minYear: f.yearMin,
    maxYear: f.yearMax,
    bodyType: f.bodyTypes,
    transmission: view.transmissions,
    sortBy: view.sortBy,
    scroll: { x: Math.round(scroll.x), y: Math.round(scroll.y), timestamp: now },
    model: view.models,
    mileageMax: f.mileageMax,
    features: f.features,
    search: view.search,
    location: view.location,
    condition: view.condition,
  };
}

/** spec §4: the saved page is used only if it is a positive integer. */
export function savedPage(page: unknown): number {
  return typeof page === 'number' && Number.isInteger(page) && page > 0 ? page : 1;
}

/** spec §4: restore only under 30 minutes old, not on a fresh arrival, not from the home page, not when asked not to. */
export function shouldRestore(
  saved: SavedListingState | null,
  ctx: { now: number; fresh: boolean; fromHome: boolean; preventRestore: boolean },
): saved is SavedListingState {
  if (!saved || ctx.fresh || ctx.fromHome || ctx.preventRestore) return false;
  const age = ctx.now - saved.scroll.timestamp;
  return age >= 0 && age < TIMING.scrollRestoreExpiry;
}

/** The URL a restored state stands for; sort only when it differs from the stored one, page only above 1. */
export function savedStateToUrl(saved: SavedListingState, now: Date = new Date()): URLSearchParams {
  const base = defaultFilters(now);
  const mileage = saved.mileageMax;
  const p = writeFiltersToUrl(new URLSearchParams(), {
    makes: saved.make,
    bodyTypes: saved.bodyType,
    priceMin: saved.minPrice,
    priceMax: saved.maxPrice,
    yearMin: saved.minYear || base.yearMin,
    yearMax: saved.maxYear || base.yearMax,
    mileageMax: isNum(mileage) && (KILOMETRE_OPTIONS as readonly number[]).includes(mileage) ? mileage : null,
    features: isStringArray(saved.features) ? saved.features : [],
    models: isStringArray(saved.model) ? saved.model : [],
    transmissions: saved.transmission,
    location: parseLocation(typeof saved.location === 'string' ? saved.location : null),
    condition: parseCondition(typeof saved.condition === 'string' ? saved.condition : null),
  }, now);
  if (typeof saved.search === 'string' && saved.search.trim()) p.set('search', saved.search.trim());
  const page = savedPage(saved.page);
  if (page > 1) p.set('page', String(page));
  if (isSortKey(saved.sortBy) && saved.sortBy !== DEFAULT_SORT) p.set('sortBy', saved.sortBy);
  return p;
}

/** The arrival plan: what to do with the URL, and whether to restore a saved scroll position. */
export type ArrivalPlan =
  | { kind: 'fresh'; url: URLSearchParams }
  | { kind: 'clean'; url: URLSearchParams }
  /** scroll is null when the URL shows another page than the saved one: its position would mean nothing there. */
  | { kind: 'restore'; url: URLSearchParams | null; scroll: SavedScroll | null }
  | { kind: 'top' };

export function planArrival(input: {
  params: URLSearchParams;
  arrival: Arrival;
  saved: SavedListingState | null;
  preventRestore: boolean;
  now: number;
}): ArrivalPlan {
  const { params, arrival, saved, preventRestore, now } = input;
  if (arrival.fresh) return { kind: 'fresh', url: freshVisitParams(params) };
  if (arrival.fromHome && !hasListingParams(params)) return { kind: 'clean', url: new URLSearchParams() };
  if (shouldRestore(saved, { now, fresh: false, fromHome: arrival.fromHome, preventRestore })) {
    // A URL of its own (a shared link, back to a filtered page) wins; a bare /vehicles gets the saved list back.
    const url = hasListingParams(params) ? null : savedStateToUrl(saved, new Date(now));
    const shownPage = url ? savedPage(saved.page) : (parseWhole(params.get('page')) || 1);
    return { kind: 'restore', url, scroll: savedPage(saved.page) === shownPage ? saved.scroll : null };
  }
  return { kind: 'top' };
}
