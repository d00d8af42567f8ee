// The home search card's cascade (spec §2 "Vehicle search card", §5 "Homepage search"), as pure rules:
// makes narrowed by body style, models by body style and make, and the listing URL it searches.
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

function tally(rows: readonly ModelFacet[], key: (r: ModelFacet) => string): Option[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + r.count);
  return [...counts].map(([value, count]) => ({ value, count })).filter((o) => o.count > 0).sort(byValue);
}

export const bodyTypeOptions = (models: readonly ModelFacet[]): Option[] => tally(models, (r) => r.bodyType);

/** Makes that have a vehicle of the chosen body style (all makes when none is chosen). */
export const makeOptions = (models: readonly ModelFacet[], bodyType: string): Option[] =>
  tally(bodyType ? models.filter((r) => r.bodyType === bodyType) : models, (r) => r.make);

/** Models of the chosen make, narrowed by body style too; none until a make is chosen. */
export const modelOptions = (models: readonly ModelFacet[], bodyType: string, make: string): Option[] =>
  make ? tally(models.filter((r) => r.make === make && (!bodyType || r.bodyType === bodyType)), (r) => r.model) : [];

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
