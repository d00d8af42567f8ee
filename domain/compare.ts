// Comparison list rules of spec §4 and the dialog's display rules of spec §2.
import { COMPARE_MAX } from './constants';

interface Comparable { id: number; price: number; mileage: number; year: number }

/**
 * spec §4: adding a vehicle already present does nothing. New vehicles go to the front; when 3 are already
 * selected the last entry (the oldest added, since each addition goes first) is dropped.
 */
export function addToCompare<T extends Comparable>(list: readonly T[], v: T): T[] {
  if (list.some((x) => x.id === v.id)) return [...list];
  return [v, ...list].slice(0, COMPARE_MAX);
}

/**
 * spec §4: what adding `v` drops from a full list (the oldest picks, at the end), so the shopper can be told; empty
 * when `v` is already there or there is room.
 */
export function droppedByAdding<T extends Comparable>(list: readonly T[], v: T): T[] {
  if (list.some((x) => x.id === v.id)) return [];
  return list.slice(COMPARE_MAX - 1);
}

export function removeFromCompare<T extends Comparable>(list: readonly T[], id: number): T[] {
  return list.filter((x) => x.id !== id);
}

export function toggleCompare<T extends Comparable>(list: readonly T[], v: T): T[] {
  return list.some((x) => x.id === v.id) ? removeFromCompare(list, v.id) : addToCompare(list, v);
}

/** spec §2: best values are highlighted: lowest price, lowest mileage, newest year (ties all win). */
export function bestValues(list: readonly Comparable[]) {
  if (list.length === 0) return { price: new Set<number>(), mileage: new Set<number>(), year: new Set<number>() };
  const minPrice = Math.min(...list.map((v) => v.price));
  const minKm = Math.min(...list.map((v) => v.mileage));
  const maxYear = Math.max(...list.map((v) => v.year));
  return {
    price: new Set(list.filter((v) => v.price === minPrice).map((v) => v.id)),
    mileage: new Set(list.filter((v) => v.mileage === minKm).map((v) => v.id)),
    year: new Set(list.filter((v) => v.year === maxYear).map((v) => v.id)),
  };
}

/** spec §2: 'New' for the current model year, else 'N year(s) old'. Next year's models are new too. */
export function ageText(year: number, now: Date = new Date()): string {
  const age = now.getFullYear() - year;
  if (age <= 0) return 'New';
  return `${age} ${age === 1 ? 'year' : 'years'} old`;
}

/** spec §2: up to 6 features and '+N more', or 'No features listed'. */
export function featureSummary(features: readonly string[], max = 6): { shown: string[]; more: string | null; empty: string | null } {
  if (features.length === 0) return { shown: [], more: null, empty: 'No features listed' };
  return { shown: features.slice(0, max), more: features.length > max ? `+${features.length - max} more` : null, empty: null };
}
