// Listing state rules of spec §3, §4 and §7: filters, URL mirroring and the API parameters they map to.
import {
  type Condition, CONDITIONS, type Location, LOCATIONS, DEFAULT_SORT, KILOMETRE_OPTIONS, MAX_PAGE_BUTTONS, PAGE_SIZE, PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, SORT_KEYS, type SortKey,
  YEAR_MIN_DEFAULT, yearMaxDefault,
} from './constants';

export interface ListingFilters {
  makes: string[];
  bodyTypes: string[];
  priceMin: number;
  priceMax: number;
  yearMin: number;
  yearMax: number;
  mileageMax: number | null;
  features: string[];
}

/** spec §3 listing filter defaults. */
export function defaultFilters(now: Date = new Date()): ListingFilters {
  return {
    makes: [], bodyTypes: [], priceMin: PRICE_MIN_DEFAULT, priceMax: PRICE_MAX_DEFAULT,
    yearMin: YEAR_MIN_DEFAULT, yearMax: yearMaxDefault(now), mileageMax: null, features: [],
  };
}

export interface ListingQuery {
  filters: ListingFilters;
  search: string;
  page: number;
  sortBy: SortKey;
  /** Extra URL-only filters the home search card and header can set (spec §2). */
  models?: string[];
  transmissions?: string[];
  /** The store and the condition (issue 33 §2): URL parameters `location` and `condition`, one value each. */
  location?: Location | null;
  condition?: Condition | null;
}

/** spec §7: GET /api/vehicles parameters, defaults omitted. */
export function toApiParams(q: ListingQuery, now: Date = new Date(), limit = PAGE_SIZE): URLSearchParams {
  const p = new URLSearchParams();
  p.set('format', 'paginated');
  p.set('page', String(q.page));
  p.set('limit', String(limit));
  const search = q.search.trim();
  if (search) p.set('search', search);
  if (q.sortBy !== DEFAULT_SORT) p.set('sortBy', q.sortBy);
  for (const m of q.filters.makes) p.append('make', m);
  for (const m of q.models ?? []) p.append('model', m);
  for (const b of q.filters.bodyTypes) p.append('bodyType', b);
  for (const t of q.transmissions ?? []) p.append('transmission', t);
  const f = q.filters;
  if (f.priceMin > PRICE_MIN_DEFAULT) p.set('priceMin', String(f.priceMin));
  if (f.priceMax < PRICE_MAX_DEFAULT) p.set('priceMax', String(f.priceMax));
  if (f.yearMin > YEAR_MIN_DEFAULT) p.set('yearMin', String(f.yearMin));
  if (f.yearMax < yearMaxDefault(now)) p.set('yearMax', String(f.yearMax));
  if (f.mileageMax !== null) p.set('mileageMax', String(f.mileageMax));
  for (const feat of f.features) p.append('feature', feat);
  if (q.location) p.set('location', q.location);
  if (q.condition) p.set('condition', q.condition);
  return p;
}

/** The store a URL names (`location=calgary` too), or null. */
export function parseLocation(v: string | null): Location | null {
  const t = v?.trim().toLowerCase();
  return LOCATIONS.find((l) => l.toLowerCase() === t) ?? null;
}

/** The condition a URL names (`condition=Used` too), or null. */
export function parseCondition(v: string | null): Condition | null {
  const t = v?.trim().toLowerCase();
  return CONDITIONS.find((c) => c === t) ?? null;
}

/** Parses a whole, non-negative number from the URL; anything else is dropped (DESIGN.md: URL state parsed leniently). */
export function parseWhole(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v.trim())) return undefined;
  return Number(v.trim());
}

/**
 * spec §5: maxPrice from the URL is parsed as a whole number. A decimal ("25000.7") is floored rather than dropped
 * (issue 33 §5): the shopper still gets the cap they meant, never one above what they typed.
 */
export function parseWholeFloor(v: string | null): number | undefined {
  if (v === null) return undefined;
  const m = /^(\d{1,9})(?:\.\d*)?$/.exec(v.trim());
  return m ? Number(m[1]) : undefined;
}

export interface ListingUrlState {
  search: string;
  page: number;
  sortBy: SortKey | undefined;
  makes: string[];
  models: string[];
  bodyTypes: string[];
  transmissions: string[];
  minPrice: number | undefined;
  maxPrice: number | undefined;
  minYear: number | undefined;
  maxYear: number | undefined;
}

const isSortKey = (v: string | null): v is SortKey => v !== null && (SORT_KEYS as readonly string[]).includes(v);

/** spec §2 listing URL parameters, read leniently: bad values are dropped rather than failing. */
export function parseListingUrl(params: URLSearchParams): ListingUrlState {
  const page = parseWhole(params.get('page'));
  const list = (k: string) => params.getAll(k).map((s) => s.trim()).filter((s) => s && s.length <= 60);
  const sort = params.get('sortBy');
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: page && page > 0 ? page : 1,
    sortBy: isSortKey(sort) ? sort : undefined,
    makes: list('make'),
    models: list('model'),
    bodyTypes: list('bodyType'),
    transmissions: list('transmission'),
    minPrice: parseWhole(params.get('minPrice')),
    // spec §5: maxPrice from the URL is parsed as a whole number
    maxPrice: parseWholeFloor(params.get('maxPrice')),
    minYear: parseWhole(params.get('minYear')),
    maxYear: parseWhole(params.get('maxYear')),
  };
}

/**
 * spec §4: search mirrors to `search`, page to `page` (removed when 1), sort to `sortBy` (removed when recommended).
 * Other parameters already in the URL are kept.
 */
export function mirrorToUrl(current: URLSearchParams, s: { search: string; page: number; sortBy: SortKey }): URLSearchParams {
  const next = new URLSearchParams(current);
  const search = s.search.trim();
  if (search) next.set('search', search); else next.delete('search');
  if (s.page > 1) next.set('page', String(s.page)); else next.delete('page');
  if (s.sortBy !== DEFAULT_SORT) next.set('sortBy', s.sortBy); else next.delete('sortBy');
  return next;
}

/**
 * Everything a listing URL asks for, read leniently (DESIGN.md): the spec §2 parameters plus our kmMax and feature.
 * The sort is undefined when the URL has none (the browser then uses the stored one, spec §4). A swapped range from
 * a hand-edited link is put right rather than sent as a 400. The browser's listing and the server's head read the
 * URL through this one function, so both describe the same page (docs/decisions/014).
 */
export function readListingUrl(params: URLSearchParams, now: Date = new Date()): Omit<ListingQuery, 'sortBy'> & {
  sortBy: SortKey | undefined; models: string[]; transmissions: string[]; location: Location | null; condition: Condition | null;
} {
  const u = parseListingUrl(params);
  const base = defaultFilters(now);
  const km = parseWhole(params.get('kmMax'));
  const filters: ListingFilters = {
    makes: u.makes,
    bodyTypes: u.bodyTypes,
    priceMin: u.minPrice ?? base.priceMin,
    priceMax: u.maxPrice ?? base.priceMax,
    yearMin: u.minYear ?? base.yearMin,
    yearMax: u.maxYear ?? base.yearMax,
    mileageMax: km !== undefined && (KILOMETRE_OPTIONS as readonly number[]).includes(km) ? km : null,
    features: params.getAll('feature').map((s) => s.trim()).filter((s) => s && s.length <= 60),
  };
  if (filters.priceMin > filters.priceMax) [filters.priceMin, filters.priceMax] = [filters.priceMax, filters.priceMin];
  if (filters.yearMin > filters.yearMax) [filters.yearMin, filters.yearMax] = [filters.yearMax, filters.yearMin];
  return {
    filters, search: u.search, page: u.page, sortBy: u.sortBy, models: u.models, transmissions: u.transmissions,
    location: parseLocation(params.get('location')), condition: parseCondition(params.get('condition')),
  };
}

/** spec §9: up to 5 page buttons centred on the current page. */
export function pageButtons(current: number, total: number, max = MAX_PAGE_BUTTONS): number[] {
  if (total <= 0) return [];
  const count = Math.min(max, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * The last page, when the page asked for lies beyond it (an old shared link to page 99 of a list now 12 pages long),
 * else null. The listing and its head then show that last page, so the link lands somewhere useful (issue 33 §5).
 */
export function lastPageIfBeyond(p: { currentPage: number; totalPages: number }): number | null {
  return p.totalPages >= 1 && p.currentPage > p.totalPages ? p.totalPages : null;
}

/** spec §2: 'Showing X to Y of Z vehicles'. */
export function showingText(page: number, limit: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 vehicles';
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Showing ${from} to ${to} of ${total} vehicles`;
}
