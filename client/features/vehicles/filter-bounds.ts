// The ranges the filter sidebar offers (spec §3, §5), from the inventory's facets.
import { PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, PRICE_STEP, yearMaxDefault } from '@domain/constants';
import type { Facets } from '@domain/vehicle';

/** spec §3: fallbacks when the inventory gives nothing. */
export const FALLBACK_PRICE = [0, 150_000] as const;
export const FALLBACK_YEAR = [2000, 2025] as const;

export interface FilterBounds {
  priceFloor: number;
  priceCeil: number;
  yearFloor: number;
  yearCeil: number;
}

export function filterBounds(facets: Pick<Facets, 'total' | 'price' | 'year'> | undefined, now: Date = new Date()): FilterBounds {
  const has = !!facets && facets.total > 0;
  const maxPrice = has ? facets.price.max : FALLBACK_PRICE[1];
  const minYear = has && facets.year.min > 0 ? facets.year.min : FALLBACK_YEAR[0];
  const maxYear = has && facets.year.max > 0 ? facets.year.max : FALLBACK_YEAR[1];
  return {
    priceFloor: PRICE_MIN_DEFAULT,
    // The slider reaches at least the spec's 150,000, and past it when something costs more (rounded up to a step).
    priceCeil: Math.max(PRICE_MAX_DEFAULT, Math.ceil(maxPrice / PRICE_STEP) * PRICE_STEP),
    yearFloor: minYear,
    // spec §5: year options span the minimum year to max(year, current year + 1).
    yearCeil: Math.max(maxYear, yearMaxDefault(now)),
  };
}
