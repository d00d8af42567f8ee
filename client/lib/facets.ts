// GET /api/vehicles/facets: the live inventory summary. Shared by the footer's stock claim, the home hero, the home
// search card and the listing's filter sidebar, so it lives in lib/ (DESIGN.md convention 8).
// Unfiltered it is the whole available stock. Given the listing's filters it answers counts that follow them: each
// choice counts what the shopper would get by picking it with everything else as it is (a make's count ignores the
// make filter, a feature's count includes every filter), and every value of the stock is listed, 0 when excluded.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CONDITIONS, type Location, type SELLER_TYPES, TIMING } from '@domain/constants';
import type { Facets } from '@domain/vehicle';
import { apiGet } from './api-client';

type Condition = (typeof CONDITIONS)[number];
type SellerType = (typeof SELLER_TYPES)[number];

export const facetsQueryKey = ['/api/vehicles/facets'] as const;

/** The filter parameters GET /api/vehicles/facets takes: those of GET /api/vehicles (spec §7), without paging and sort. */
export interface FacetFilters {
  make?: readonly string[];
  model?: readonly string[];
  bodyType?: readonly string[];
  transmission?: readonly string[];
  feature?: readonly string[];
  priceMin?: number | null;
  priceMax?: number | null;
  yearMin?: number | null;
  yearMax?: number | null;
  mileageMax?: number | null;
  search?: string | null;
  location?: Location | null;
  condition?: Condition | null;
  sellerType?: SellerType | null;
}

const LIST_KEYS = ['make', 'model', 'bodyType', 'transmission', 'feature'] as const;
const NUMBER_KEYS = ['priceMin', 'priceMax', 'yearMin', 'yearMax', 'mileageMax'] as const;
const TEXT_KEYS = ['search', 'location', 'condition', 'sellerType'] as const;

/** The facet parameters in one canonical form: repeated values trimmed, deduplicated and sorted. */
export type FacetParams = Partial<Record<(typeof LIST_KEYS)[number], string[]> & Record<(typeof NUMBER_KEYS)[number] | (typeof TEXT_KEYS)[number], string>>;

/**
 * The filters as query parameters, normalised so that filters meaning the same thing give the same object, and so
 * the same query key and the same request: blanks and absent values left out, lists sorted (values of one filter
 * are OR-ed, features AND-ed: order never matters), numbers whole, a minimum price of 0 (no minimum) left out.
 * No filters give {}, the unfiltered summary.
 */
export function facetParams(filters?: FacetFilters): FacetParams {
  const out: FacetParams = {};
  if (!filters) return out;
  for (const key of LIST_KEYS) {
    const values = [...new Set((filters[key] ?? []).map((v) => v.trim()).filter(Boolean))].sort();
    if (values.length) out[key] = values;
  }
  for (const key of NUMBER_KEYS) {
    const n = filters[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) continue;
    if (key === 'priceMin' && n === 0) continue;
    out[key] = String(Math.floor(n));
  }
  for (const key of TEXT_KEYS) {
    const s = filters[key]?.trim();
    if (s) out[key] = s;
  }
  return out;
}

/** The facet filters carried by GET /api/vehicles parameters (domain/listing.ts toApiParams): page, limit and sort dropped. */
export function facetFiltersFromParams(p: URLSearchParams): FacetFilters {
  const num = (key: string) => {
    const v = p.get(key);
    return v === null || v.trim() === '' ? null : Number(v);
  };
  return {
    make: p.getAll('make'),
    model: p.getAll('model'),
    bodyType: p.getAll('bodyType'),
    transmission: p.getAll('transmission'),
    feature: p.getAll('feature'),
    priceMin: num('priceMin'),
    priceMax: num('priceMax'),
    yearMin: num('yearMin'),
    yearMax: num('yearMax'),
    mileageMax: num('mileageMax'),
    search: p.get('search'),
    location: p.get('location') as Location | null,
    condition: p.get('condition') as Condition | null,
    sellerType: p.get('sellerType') as SellerType | null,
  };
}

/**
 * The summary, unfiltered without arguments (the footer, the hero, the body-type links and the sidebar's ranges), or
 * with counts that follow the given filters. Unfiltered keeps the plain key, so invalidating facetsQueryKey reaches
 * every variant, and filters that normalise to none share the unfiltered answer. The key is built from the filters
 * alone, never from the browser, so a server-rendered page hydrates from the same cache entry.
 */
export const facetsQueryOptions = (filters?: FacetFilters) => {
  const params = facetParams(filters);
  const filtered = Object.keys(params).length > 0;
  return queryOptions({
    queryKey: filtered ? [...facetsQueryKey, params] as const : facetsQueryKey,
    queryFn: ({ signal }) => apiGet<Facets>('/api/vehicles/facets', filtered ? { params, signal } : { signal }),
    // spec §7: the sidebar's inventory data is cached 5 minutes.
    staleTime: TIMING.facetsStale,
    // Counts that follow filters keep the last answer on screen while the next loads: they never blank out.
    placeholderData: keepPreviousData,
  });
};

/**
 * The dealer's own stock: what "N vehicles in stock" claims count (issue 33 §2). Private sellers' listings are in the
 * listing, labelled as theirs, but are not the dealer's stock (the back office does not count them either).
 */
export const dealerStockQueryOptions = () => facetsQueryOptions({ sellerType: 'dealer' });

export interface FacetOption { value: string; count: number | null }

/**
 * Choices for one facet: every value of the unfiltered stock in its order (so nothing moves as counts change), with
 * its count from the filtered answer, 0 when that answer leaves it out; values only the filtered answer has come
 * after. Without a filtered answer the counts are unknown (null). Values are never dropped.
 */
export function facetOptions(
  all: readonly { value: string; count: number }[],
  filtered: readonly { value: string; count: number }[] | undefined,
): FacetOption[] {
  if (!filtered) return all.map((o) => ({ value: o.value, count: null }));
  const counts = new Map(filtered.map((o) => [o.value, o.count]));
  const list: FacetOption[] = all.map((o) => ({ value: o.value, count: counts.get(o.value) ?? 0 }));
  const known = new Set(all.map((o) => o.value));
  for (const o of filtered) if (!known.has(o.value)) list.push({ value: o.value, count: o.count });
  return list;
}
