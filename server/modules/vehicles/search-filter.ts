// What a listing or facets question means, once: the normalised filter both search paths answer (the SQL oracle,
// ./sql-search.ts, and the in-process index, ./search-index.ts), the typo rule, and the facets' order.
import type { VehicleStatus } from '@domain/constants';
import { readSearchWords } from '@domain/search-words';
import type { StockFacets as Facets, VehicleFacetsQuery, VehicleListQuery } from '@domain/vehicle';
import { WORD_SIMILARITY_THRESHOLD } from '../../db/client';
import { trigramsOf, wordSimilarity } from './trigram';

export type StatusFilter = VehicleStatus | 'all';

/** Search words beyond this are ignored: a real query has a handful, and each costs a scan. */
const MAX_SEARCH_TOKENS = 8;
/** Shorter words, and words without a letter ("2020"), match by substring only: fuzzy matching would be noise. */
export const FUZZY_MIN_LENGTH = 4;
/** Similar-looking inventory words to try as well (at most this many per search word). */
export const MAX_SPELLINGS = 5;

/** Lower-cased, de-duplicated, order-free filters: equal questions get equal cache keys and equal answers. */
export function normalizeFilter(q: VehicleFacetsQuery) {
  const set = (values: string[], lower: boolean) => [...new Set(values.map((v) => (lower ? v.toLowerCase() : v)))].sort();
  // Issue 33 §2: "used", "new", "Calgary" and "Edmonton" in the search box are filters, not words to find in a
  // vehicle (they found nothing). A filter given as such wins over a word.
  const words = readSearchWords(q.search ?? '');
  return {
    search: [...new Set(words.rest.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_TOKENS),
    make: set(q.make, true),
    model: set(q.model, true),
    bodyType: set(q.bodyType, true),
    transmission: set(q.transmission, true),
    feature: set(q.feature, false),
    location: q.location ?? words.location,
    condition: q.condition ?? words.condition,
    sellerType: q.sellerType,
    priceMin: q.priceMin,
    priceMax: q.priceMax,
    yearMin: q.yearMin,
    yearMax: q.yearMax,
    mileageMax: q.mileageMax,
  };
}
export type SearchFilter = ReturnType<typeof normalizeFilter>;

export function normalizeQuery(q: VehicleListQuery) {
  return { page: q.page, limit: q.limit, sortBy: q.sortBy, ...normalizeFilter(q) };
}
export type ListFilter = ReturnType<typeof normalizeQuery>;

/**
 * The search words that get typo matching: longer words with a letter that no inventory word contains. Words the
 * inventory knows ("f-150", or the prefix "toyo") are taken as typed: correcting them would only add near misses.
 */
export function fuzzyCandidates(tokens: string[], vocabulary: readonly string[]): string[] {
  return tokens.filter((t) => t.length >= FUZZY_MIN_LENGTH && /\p{L}/u.test(t) && !vocabulary.some((w) => w.includes(t)));
}

/**
 * For each candidate, the inventory words within pg_trgm word similarity WORD_SIMILARITY_THRESHOLD of it, most
 * similar first, then by code point (the SQL path orders by `w collate "C"` to agree), at most MAX_SPELLINGS.
 * Kept per vocabulary: the vocabulary's trigrams are indexed once, and only words sharing enough trigrams with
 * the candidate to possibly reach the threshold are scored (word similarity is at most shared / the candidate's
 * trigram count); answers are remembered for the 1,000 latest words.
 */
export class Spellings {
  private vocabulary: readonly string[] | null = null;
  private byTrigram = new Map<string, number[]>();
  private readonly answers = new Map<string, string[]>();

  of(tokens: string[], vocabulary: readonly string[]): Map<string, string[]> {
    if (vocabulary !== this.vocabulary) this.index(vocabulary);
    const spellings = new Map<string, string[]>();
    for (const t of fuzzyCandidates(tokens, vocabulary)) {
      let words = this.answers.get(t);
      if (!words) {
        words = this.score(t, vocabulary);
        if (this.answers.size >= 1000) this.answers.delete(this.answers.keys().next().value!);
        this.answers.set(t, words);
      }
      if (words.length) spellings.set(t, words);
    }
    return spellings;
  }

  private index(vocabulary: readonly string[]) {
    this.vocabulary = vocabulary;
    this.answers.clear();
    this.byTrigram = new Map();
    vocabulary.forEach((w, i) => {
      for (const trigram of new Set(trigramsOf(w))) {
        const list = this.byTrigram.get(trigram);
        if (list) list.push(i);
        else this.byTrigram.set(trigram, [i]);
      }
    });
  }

  private score(t: string, vocabulary: readonly string[]): string[] {
    const own = new Set(trigramsOf(t));
    const shared = new Map<number, number>();
    for (const trigram of own) for (const i of this.byTrigram.get(trigram) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const scored: { w: string; s: number }[] = [];
    for (const [i, n] of shared) {
      // An upper bound, with a margin for float4 rounding: only these can reach the threshold.
      if (n / own.size < WORD_SIMILARITY_THRESHOLD - 1e-6) continue;
      const w = vocabulary[i]!;
      const s = wordSimilarity(t, w);
      if (s >= WORD_SIMILARITY_THRESHOLD) scored.push({ w, s });
    }
    scored.sort((a, b) => b.s - a.s || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
    return scored.slice(0, MAX_SPELLINGS).map((x) => x.w);
  }
}

/** A facet value's count under the filters, and its count over all available stock (what orders it). */
export interface CountedValue { value: string; count: number; stock: number }
export interface CountedModel { make: string; model: string; bodyType: string; count: number }
/** The facets before ordering: each answer's values, counted with the filters and without. */
export interface CountedFacets extends Omit<Facets, 'makes' | 'bodyTypes' | 'transmissions' | 'features'> {
  makes: CountedValue[];
  bodyTypes: CountedValue[];
  transmissions: CountedValue[];
  features: CountedValue[];
  models: CountedModel[];
}

const english = new Intl.Collator('en');
const byValue = (a: string, b: string) => english.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * One order for both paths, which never moves as filters change (a list that reorders under the shopper's
 * finger is as bad as one that jumps): makes alphabetically (a shopper scans for a brand); body types,
 * transmissions and features by how common they are in the whole available stock; models by make, model, body.
 * English collation, then code points for ties.
 */
export function orderFacets(f: CountedFacets): Facets {
  const byStock = (a: CountedValue, b: CountedValue) => b.stock - a.stock || byValue(a.value, b.value);
  const strip = (list: CountedValue[]) => list.map(({ value, count }) => ({ value, count }));
  return {
    ...f,
    makes: strip([...f.makes].sort((a, b) => byValue(a.value, b.value))),
    bodyTypes: strip([...f.bodyTypes].sort(byStock)),
    transmissions: strip([...f.transmissions].sort(byStock)),
    features: strip([...f.features].sort(byStock)),
    models: [...f.models].sort((a, b) => byValue(a.make, b.make) || byValue(a.model, b.model) || byValue(a.bodyType, b.bodyType)),
  };
}
