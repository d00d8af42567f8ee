// The home search card's cascade (spec §2 "Vehicle search card", §5 "Homepage search"), as pure rules:
// makes narrowed by body style, models by body style and make, and the listing URL it searches.
// Which choices are offered comes from the whole stock; their counts may come from the facets of the card's chosen
// values (GET /api/vehicles/facets counts models whatever make, model and body style are chosen, with the other
// filters, such as Max Price, applied), so a choice the price rules out shows 0 instead of vanishing.
import type { FacetFilters } from '@/lib/facets';
import type { Facets } from '@domain/vehicle';

export type ModelFacet = Facets['models'][number];

export interface SearchCardState {
  bodyType: string;
  make: string;
  model: string;
  /** The Max Price field's raw text: a CAD number, min 0, step 1000 (spec §5). */
  maxPrice: string;
}

export const EMPTY_SEARCH: SearchCardState = { bodyType: '', make: '', model: '', maxPrice: '' };

export interface Option { value: string; count: number }

const byValue = (a: Option, b: Option) => a.value.localeCompare(b.value, 'en-CA');

/**
 * The values of `key` among the rows `pick` keeps: those the stock has (a count above 0 in `rows`), each with its
 * count summed from `counted` (0 when it has none there), or from `rows` when there is no `counted`.
 */
function tally(
  rows: readonly ModelFacet[], counted: readonly ModelFacet[] | undefined,
  pick: (r: ModelFacet) => boolean, key: (r: ModelFacet) => string,
): Option[] {
  const sum = (list: readonly ModelFacet[]) => {
    const totals = new Map<string, number>();
    for (const r of list) if (pick(r)) totals.set(key(r), (totals.get(key(r)) ?? 0) + r.count);
    return totals;
  };
  const offered = sum(rows);
  const counts = counted ? sum(counted) : offered;
  for (const [value, n] of counts) if (n > 0 && !offered.has(value)) offered.set(value, n); // stock newer than `rows`
  return [...offered].filter(([, n]) => n > 0).map(([value]) => ({ value, count: counts.get(value) ?? 0 })).sort(byValue);
}

const any = () => true;

export const bodyTypeOptions = (models: readonly ModelFacet[], counted?: readonly ModelFacet[]): Option[] =>
  tally(models, counted, any, (r) => r.bodyType);

/** Makes that have a vehicle of the chosen body style (all makes when none is chosen). */
export const makeOptions = (models: readonly ModelFacet[], bodyType: string, counted?: readonly ModelFacet[]): Option[] =>
  tally(models, counted, bodyType ? (r) => r.bodyType === bodyType : any, (r) => r.make);

/** Models of the chosen make, narrowed by body style too; none until a make is chosen. */
export const modelOptions = (models: readonly ModelFacet[], bodyType: string, make: string, counted?: readonly ModelFacet[]): Option[] =>
  make ? tally(models, counted, (r) => r.make === make && (!bodyType || r.bodyType === bodyType), (r) => r.model) : [];

/** spec §2: changing body style clears make and model; changing make clears model. */
export function changeField(state: SearchCardState, field: keyof SearchCardState, value: string): SearchCardState {
  switch (field) {
    case 'bodyType': return { ...state, bodyType: value, make: '', model: '' };
    case 'make': return { ...state, make: value, model: '' };
    default: return { ...state, [field]: value };
  }
}

/** spec §5: maxPrice is a whole number of dollars, never negative; anything else counts as unset. */
export function parseMaxPrice(raw: string): number | null {
  const text = raw.trim();
  if (!text) return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.floor(n);
}

/** The facet filters of the card's chosen values: the counts and the result count follow what a search would show. */
export function cardFacetFilters(s: SearchCardState): FacetFilters {
  const one = (v: string) => (v ? [v] : []);
  return { bodyType: one(s.bodyType), make: one(s.make), model: one(s.model), priceMax: parseMaxPrice(s.maxPrice) };
}

/** spec §5: the search needs at least one criterion. */
export const hasCriterion = (s: SearchCardState): boolean =>
  Boolean(s.bodyType || s.make || s.model || parseMaxPrice(s.maxPrice) !== null);

/** spec §2: /vehicles?bodyType=&make=&model=&maxPrice= with only the filled ones, in that order. */
export function searchUrl(s: SearchCardState): string {
  const params = new URLSearchParams();
  if (s.bodyType) params.set('bodyType', s.bodyType);
  if (s.make) params.set('make', s.make);
  if (s.model) params.set('model', s.model);
  const max = parseMaxPrice(s.maxPrice);
  if (max !== null) params.set('maxPrice', String(max));
  const qs = params.toString();
  return qs ? `/vehicles?${qs}` : '/vehicles';
}
