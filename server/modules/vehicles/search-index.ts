// The in-process inventory index (issue 17; docs/decisions/013-inventory-index.md): every listed vehicle's (available,
// or held for a shopper: issue 19, sql-search.ts listedSql) filter and sort columns in typed arrays, a bitset per
// facet value (./bitset.ts), one pre-sorted order per sort key, and the vehicles' JSON, so any combination of the
// listing's filters is answered without a query: a few word passes over bitsets of the whole lot (12.5 KB each at
// 100,000 vehicles), then the page's window in the requested order and each facet's counts.
//
// The database stays the source of truth:
// - the index is built from it at start, in batches, while SQL answers (./sql-search.ts) until it is ready;
// - it is patched from the vehicle write path's after-commit events (./commands.ts), in order, one patch at a time;
//   a vehicle that stops being available leaves at once, before the seller's request is answered;
// - on PostgreSQL other instances' changes arrive by LISTEN/NOTIFY (./change-feed.ts);
// - search-index.test.ts checks pages, totals and facets against SQL over random inventories, filters and writes.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { SORT_KEYS, type SortKey } from '@domain/constants';
import type { PaginatedVehicles } from '@domain/vehicle';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { yieldToRequests } from '../../lib/yielding';
import { and, countBits, hasBit, popcount32, RangeIndex, setBit, slotsOf, union, wordsFor, type Bits } from './bitset';
import { fillListingJson, readListingJson } from './listing-json';
import { listedSql, pagination } from './sql-search';
import {
  FUZZY_MIN_LENGTH, orderFacets, Spellings, type ListFilter, type SearchFilter,
} from './search-filter';

/** What the index keeps of a vehicle: the filter and sort columns (lower-cased where the filters compare so). */
interface Doc {
  id: number;
  make: string; model: string; bodyType: string; transmission: string;
  makeLower: string; modelLower: string; bodyTypeLower: string; transmissionLower: string;
  features: string[];
  location: string; condition: string; sellerType: string;
  price: number; year: number; mileage: number;
  searchText: string;
  /** created_at in microseconds since the epoch: the recommended order compares PostgreSQL's precision. */
  createdAtUs: number;
  hasOriginalPrice: boolean;
  /** The deal rating's difference from the market in basis points (issue 19); null when not rated. */
  dealBp: number | null;
}

/**
 * Reads vehicles as the index keeps them: the listed ones in full, and every vehicle's search text, since the typo
 * rule's vocabulary is the words of every vehicle whatever its status (sql-search.ts loadVocabulary). Raw SQL rather
 * than the query builder: a build reads every vehicle, and mapping 100,000 rows column by column through Drizzle
 * cost a second. Features come as JSON text, which JSON.parse reads faster than the driver's array parser.
 */
async function readDocs(db: Db, where: SQL): Promise<{ docs: Doc[]; texts: { id: number; searchText: string }[] }> {
  const result = await db.execute(sql`
    select id, ${listedSql} as listed, make, model, body_type, transmission,
      lower(make) as make_lower, lower(model) as model_lower, lower(body_type) as body_type_lower,
      lower(transmission) as transmission_lower,
      array_to_json(features)::text as features, location, condition, seller_type, price, year, mileage,
      coalesce(search_text, '') as search_text,
      (extract(epoch from created_at) * 1000000)::float8 as created_us,
      original_price is not null as has_original,
      (select r.difference_bp from deal_ratings r where r.vehicle_id = ${vehicles}.id) as deal_bp
    from ${vehicles} where ${where}`);
  const rows = (result as unknown as { rows: DocRow[] }).rows;
  const texts = rows.map((r) => ({ id: r.id, searchText: r.search_text }));
  const docs = rows.filter((r) => r.listed).map((r) => ({
    id: r.id, make: r.make, model: r.model, bodyType: r.body_type, transmission: r.transmission,
    // PostgreSQL's lower(), as the SQL filter applies it (its notion of case may differ from JavaScript's).
    makeLower: r.make_lower, modelLower: r.model_lower, bodyTypeLower: r.body_type_lower, transmissionLower: r.transmission_lower,
    features: JSON.parse(r.features) as string[],
    location: r.location, condition: r.condition, sellerType: r.seller_type,
    price: Number(r.price), year: Number(r.year), mileage: Number(r.mileage),
    searchText: r.search_text, createdAtUs: Number(r.created_us), hasOriginalPrice: r.has_original,
    dealBp: r.deal_bp === null ? null : Number(r.deal_bp),
  }));
  return { docs, texts };
}
interface DocRow {
  id: number; listed: boolean; make: string; model: string; body_type: string; transmission: string;
  make_lower: string; model_lower: string; body_type_lower: string; transmission_lower: string;
  features: string; location: string; condition: string; seller_type: string; price: number; year: number; mileage: number;
  search_text: string; created_us: number; has_original: boolean; deal_bp: number | null;
}

interface PageAnswer { ids: number[]; pagination: PaginatedVehicles['pagination'] }

/** A question as bitsets (InventoryIndex.evaluate): a dimension not asked is null. */
interface Question {
  rest: Bits; make: Bits | null; model: Bits | null; bodyType: Bits | null; transmission: Bits | null;
  matches: Bits; total: number;
}

/**
 * The typo rule's vocabulary as the SQL path has it (sql-search.ts loadVocabulary): every distinct word of at least
 * FUZZY_MIN_LENGTH - 1 characters in the search text of every vehicle, sold and pending ones included. Kept by the
 * index from what it reads anyway, a count per word, so a write changes it by its own words instead of a query over
 * the whole lot (seconds at 100,000 vehicles); the word list is made again only when a word comes or goes.
 */
class Vocabulary {
  private readonly textOf = new Map<number, string>();
  private readonly counts = new Map<string, number>();
  private list: string[] | null = null;

  /** A vehicle's search text now (null: the vehicle is gone). */
  set(id: number, text: string | null): void {
    const old = this.textOf.get(id);
    if (old === text) return;
    if (old !== undefined) this.count(old, -1);
    if (text === null) this.textOf.delete(id);
    else {
      this.textOf.set(id, text);
      this.count(text, 1);
    }
  }

  private count(text: string, delta: 1 | -1): void {
    // string_to_array(search_text, ' ') and length(w): split on single spaces, length in characters, not UTF-16 units.
    for (const w of text.split(' ')) {
      // A word of n UTF-16 units has at least n / 2 characters: only short ones need counting.
      if (w.length < FUZZY_MIN_LENGTH - 1 || (w.length < 2 * (FUZZY_MIN_LENGTH - 1) && [...w].length < FUZZY_MIN_LENGTH - 1)) continue;
      const n = (this.counts.get(w) ?? 0) + delta;
      if (n === 0) {
        this.counts.delete(w);
        this.list = null;
      } else {
        if (n === 1 && delta === 1) this.list = null;
        this.counts.set(w, n);
      }
    }
  }

  /** The words; the same array until one comes or goes (the spellings are indexed per array). */
  words(): string[] {
    return (this.list ??= [...this.counts.keys()]);
  }
}

const SORTS = SORT_KEYS;

/** Vehicles re-read per statement when a patch names many (issue 30). */
const PATCH_CHUNK = 250;
type Sort = SortKey;

/** spec §9 sort keys, exactly as ./sql-search.ts orderFor. */
const comparators: Record<Sort, (a: Doc, b: Doc) => number> = {
  'price-asc': (a, b) => a.price - b.price || a.id - b.id,
  'price-desc': (a, b) => b.price - a.price || a.id - b.id,
  'year-desc': (a, b) => b.year - a.year || a.id - b.id,
  'mileage-asc': (a, b) => a.mileage - b.mileage || a.id - b.id,
  recommended: (a, b) => Number(b.hasOriginalPrice) - Number(a.hasOriginalPrice) || b.createdAtUs - a.createdAtUs || b.id - a.id,
  // Issue 19: rated vehicles by difference ascending (best deal first), then the unrated; ties by id (SQL's
  // `difference_bp asc nulls last, id asc`).
  'best-deal': (a, b) => (a.dealBp === null ? 1 : 0) - (b.dealBp === null ? 1 : 0) || (a.dealBp ?? 0) - (b.dealBp ?? 0) || a.id - b.id,
};

/** A value dictionary: each distinct string gets a small code, so filters compare integers. */
class Codes {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) this.codes.set(value, (c = this.values.push(value) - 1));
    return c;
  }
  find(value: string): number | undefined { return this.codes.get(value); }
}

/** A bitset per dictionary code of a column: which vehicles have that value. */
function postingsOf(column: ArrayLike<number>, codes: number, words: number): Bits[] {
  const postings = Array.from({ length: codes }, () => new Uint32Array(words));
  for (let i = 0; i < column.length; i++) setBit(postings[column[i]!]!, i);
  return postings;
}

/** Code-point order, for grouping slots (any fixed order would do). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each posting's run of words with a bit set: [from, to) of posting v at 2v, 2v + 1 (0, 0 when empty). */
function spansOf(postings: Bits[]): Int32Array {
  const spans = new Int32Array(postings.length * 2);
  postings.forEach((bits, v) => {
    let from = 0, to = bits.length;
    while (from < to && bits[from] === 0) from++;
    while (to > from && bits[to - 1] === 0) to--;
    spans[2 * v] = from;
    spans[2 * v + 1] = to;
  });
  return spans;
}

/** The columns of one build: rebuilt when vehicles are added or edited, flipped in place when they leave. */
class Columns {
  readonly size: number;
  /** Words of a bitset over this build's slots. */
  readonly words: number;
  readonly ids: Int32Array;
  /** The vehicles still held: a vehicle that left since the build (sold, pending, removed) is cleared. */
  readonly alive: Bits;
  aliveCount: number;
  readonly price: Float64Array;
  readonly year: Float64Array;
  readonly mileage: Float64Array;
  readonly dict = {
    make: new Codes(), model: new Codes(), bodyType: new Codes(), transmission: new Codes(),
    makeRaw: new Codes(), bodyTypeRaw: new Codes(), transmissionRaw: new Codes(), modelKey: new Codes(),
    feature: new Codes(), location: new Codes(), condition: new Codes(), sellerType: new Codes(),
  };
  readonly make: Uint16Array; readonly model: Uint16Array; readonly bodyType: Uint16Array; readonly transmission: Uint16Array;
  readonly makeRaw: Uint16Array; readonly bodyTypeRaw: Uint16Array; readonly transmissionRaw: Uint16Array; readonly modelKey: Uint32Array;
  readonly location: Uint8Array; readonly condition: Uint8Array; readonly sellerType: Uint8Array;
  /** Each vehicle's feature codes: featureCodes[featureStart[i] .. featureStart[i + 1]). */
  readonly featureStart: Int32Array;
  readonly featureCodes: Uint16Array;
  readonly searchText: string[];
  readonly createdAtUs: Float64Array;
  readonly hasOriginalPrice: Uint8Array;
  /** Deal rating differences (basis points); rated[i] 0 when vehicle i has none. */
  readonly dealBp: Int32Array;
  readonly rated: Uint8Array;
  readonly slotOf = new Map<number, number>();
  /** Slots in each sort key's order, and each slot's position in it. */
  readonly orders: Record<Sort, Int32Array>;
  readonly ranks: Record<Sort, Int32Array>;
  /**
   * Per filter dimension, a bitset per (lower-cased, where the filter compares so) value's code; per facet with few
   * values, a bitset per listed value's code (makeRaw …), which counts a facet a word at a time.
   */
  readonly postings: Record<'make' | 'model' | 'bodyType' | 'transmission' | 'location' | 'condition' | 'sellerType' | 'feature'
    | 'makeRaw' | 'bodyTypeRaw' | 'transmissionRaw' | 'modelKey', Bits[]>;
  /** Per posting, the run of words it has bits in: [from, to) of value v at 2v, 2v + 1. */
  readonly spans: Record<'makeRaw' | 'bodyTypeRaw' | 'transmissionRaw' | 'modelKey' | 'feature', Int32Array>;
  /** A feature listed more than once by a vehicle: each extra listing (SQL's unnest counts it again). */
  readonly featureRepeats: { slot: number; code: number }[] = [];
  /** Feature listings per vehicle, on average: what counting features one vehicle at a time costs. */
  readonly featuresPerVehicle: number;
  readonly ranges: Record<'price' | 'year' | 'mileage', RangeIndex>;
  /**
   * The bitsets of the question being answered, one set per build, filled and read without an await between:
   * what must hold for every facet (rest), each disjunctive dimension's condition, the matches, and a spare.
   */
  readonly scratch: Record<'rest' | 'make' | 'model' | 'bodyType' | 'transmission' | 'matches' | 'spare', Bits>;
  /** Scratch for countBy: the positions of a set's non-empty words. */
  readonly nonZero: Int32Array;
  /** Which vehicles' search text contains a word, for recent words: a word's scan is shared by every question. */
  private readonly containingMasks = new Map<string, Bits>();
  private stockCounts: { makes: Int32Array; bodies: Int32Array; transmissions: Int32Array; models: Int32Array; features: Int32Array } | null = null;

  constructor(unordered: Doc[]) {
    // Slots grouped by make, then model and body type: a make's or a model's vehicles fill a run of words, so a
    // question about one make touches its words only, and the makes and models facets count a run per value (see
    // countBy). The sort orders are kept apart (this.orders), so the slots' own order is free to choose.
    const docs = [...unordered].sort((a, b) => compareText(a.makeLower, b.makeLower) || compareText(a.make, b.make)
      || compareText(a.modelLower, b.modelLower) || compareText(a.model, b.model) || compareText(a.bodyType, b.bodyType) || a.id - b.id);
    const n = (this.size = docs.length);
    const words = (this.words = wordsFor(n));
    this.ids = new Int32Array(n);
    this.alive = new Uint32Array(words);
    this.aliveCount = n;
    this.price = new Float64Array(n);
    this.year = new Float64Array(n);
    this.mileage = new Float64Array(n);
    this.make = new Uint16Array(n); this.model = new Uint16Array(n); this.bodyType = new Uint16Array(n); this.transmission = new Uint16Array(n);
    this.makeRaw = new Uint16Array(n); this.bodyTypeRaw = new Uint16Array(n); this.transmissionRaw = new Uint16Array(n); this.modelKey = new Uint32Array(n);
    this.location = new Uint8Array(n); this.condition = new Uint8Array(n); this.sellerType = new Uint8Array(n);
    this.featureStart = new Int32Array(n + 1);
    this.searchText = new Array<string>(n);
    this.createdAtUs = new Float64Array(n);
    this.hasOriginalPrice = new Uint8Array(n);
    this.dealBp = new Int32Array(n);
    this.rated = new Uint8Array(n);
    const features: number[] = [];
    const d = this.dict;
    docs.forEach((doc, i) => {
      this.ids[i] = doc.id;
      this.slotOf.set(doc.id, i);
      setBit(this.alive, i);
      this.price[i] = doc.price; this.year[i] = doc.year; this.mileage[i] = doc.mileage;
      this.make[i] = d.make.code(doc.makeLower); this.model[i] = d.model.code(doc.modelLower);
      this.bodyType[i] = d.bodyType.code(doc.bodyTypeLower); this.transmission[i] = d.transmission.code(doc.transmissionLower);
      this.makeRaw[i] = d.makeRaw.code(doc.make); this.bodyTypeRaw[i] = d.bodyTypeRaw.code(doc.bodyType);
      this.transmissionRaw[i] = d.transmissionRaw.code(doc.transmission);
      this.modelKey[i] = d.modelKey.code(JSON.stringify([doc.make, doc.model, doc.bodyType]));
      this.location[i] = d.location.code(doc.location); this.condition[i] = d.condition.code(doc.condition);
      this.sellerType[i] = d.sellerType.code(doc.sellerType);
      this.featureStart[i] = features.length;
      // Kept as listed, duplicates too: SQL's unnest counts a feature listed twice twice, and the filter only asks
      // whether it is there.
      for (const f of doc.features) features.push(d.feature.code(f));
      this.searchText[i] = doc.searchText;
      this.createdAtUs[i] = doc.createdAtUs;
      this.hasOriginalPrice[i] = doc.hasOriginalPrice ? 1 : 0;
      this.dealBp[i] = doc.dealBp ?? 0;
      this.rated[i] = doc.dealBp === null ? 0 : 1;
    });
    this.featureStart[n] = features.length;
    this.featureCodes = Uint16Array.from(features);
    const orders = {} as Record<Sort, Int32Array>;
    const ranks = {} as Record<Sort, Int32Array>;
    for (const s of SORTS) {
      const slots = docs.map((_, i) => i);
      slots.sort((a, b) => comparators[s](docs[a]!, docs[b]!));
      orders[s] = Int32Array.from(slots);
      ranks[s] = new Int32Array(n);
      slots.forEach((slot, k) => { ranks[s][slot] = k; });
    }
    this.orders = orders;
    this.ranks = ranks;
    const featurePostings = Array.from({ length: d.feature.values.length }, () => new Uint32Array(words));
    for (let i = 0; i < n; i++) {
      for (let k = this.featureStart[i]!, end = this.featureStart[i + 1]!; k < end; k++) {
        const code = this.featureCodes[k]!;
        if (hasBit(featurePostings[code]!, i)) this.featureRepeats.push({ slot: i, code });
        else setBit(featurePostings[code]!, i);
      }
    }
    this.featuresPerVehicle = n ? features.length / n : 0;
    this.postings = {
      make: postingsOf(this.make, d.make.values.length, words), model: postingsOf(this.model, d.model.values.length, words),
      bodyType: postingsOf(this.bodyType, d.bodyType.values.length, words),
      transmission: postingsOf(this.transmission, d.transmission.values.length, words),
      location: postingsOf(this.location, d.location.values.length, words),
      condition: postingsOf(this.condition, d.condition.values.length, words),
      sellerType: postingsOf(this.sellerType, d.sellerType.values.length, words),
      feature: featurePostings,
      makeRaw: postingsOf(this.makeRaw, d.makeRaw.values.length, words),
      bodyTypeRaw: postingsOf(this.bodyTypeRaw, d.bodyTypeRaw.values.length, words),
      transmissionRaw: postingsOf(this.transmissionRaw, d.transmissionRaw.values.length, words),
      modelKey: postingsOf(this.modelKey, d.modelKey.values.length, words),
    };
    const p = this.postings;
    this.spans = {
      makeRaw: spansOf(p.makeRaw), bodyTypeRaw: spansOf(p.bodyTypeRaw), transmissionRaw: spansOf(p.transmissionRaw),
      modelKey: spansOf(p.modelKey), feature: spansOf(p.feature),
    };
    // price-asc and mileage-asc are by ascending value already (ties by id); year-desc reversed is by ascending year.
    this.ranges = {
      price: new RangeIndex(this.price, orders['price-asc'], words),
      year: new RangeIndex(this.year, orders['year-desc'].slice().reverse(), words),
      mileage: new RangeIndex(this.mileage, orders['mileage-asc'], words),
    };
    const bits = () => new Uint32Array(words);
    this.scratch = { rest: bits(), make: bits(), model: bits(), bodyType: bits(), transmission: bits(), matches: bits(), spare: bits() };
    this.nonZero = new Int32Array(words);
  }

  isAlive(slot: number): boolean { return hasBit(this.alive, slot); }

  /**
   * The vehicles whose search text contains `word` (SQL's `like '%word%'`), cached for the 512 latest words. A
   * search word holds no space (the query is split on white space), so it occurs in a text exactly when it occurs
   * in one of the text's space-separated chunks: the distinct chunks (a few thousand, however large the lot) are
   * searched instead of every vehicle's text, and their vehicles marked.
   */
  containing(word: string): Bits {
    let mask = this.containingMasks.get(word);
    if (mask) {
      this.containingMasks.delete(word);
    } else {
      mask = new Uint32Array(this.words);
      if (word.includes(' ')) {
        for (let i = 0; i < this.size; i++) if (this.searchText[i]!.includes(word)) setBit(mask, i);
      } else {
        const { chunks, postings } = this.chunkIndex();
        for (let k = 0; k < chunks.length; k++) {
          if (!chunks[k]!.includes(word)) continue;
          const slots = postings[k]!;
          for (let j = 0; j < slots.length; j++) setBit(mask, slots[j]!);
        }
      }
      if (this.containingMasks.size >= 512) this.containingMasks.delete(this.containingMasks.keys().next().value!);
    }
    this.containingMasks.set(word, mask);
    return mask;
  }

  /** The vehicles whose text contains any of these words (a search word and its close spellings). */
  containingAny(words: string[]): Bits {
    if (words.length === 1) return this.containing(words[0]!);
    const key = `any:${words.join(' ')}`;
    const known = this.containingMasks.get(key);
    if (known) return known;
    const mask = new Uint32Array(this.words);
    union(mask, words.map((w) => this.containing(w)));
    if (this.containingMasks.size >= 512) this.containingMasks.delete(this.containingMasks.keys().next().value!);
    this.containingMasks.set(key, mask);
    return mask;
  }

  private chunks: { chunks: string[]; postings: Int32Array[] } | null = null;

  /** Each distinct space-separated chunk of the search texts, with the vehicles whose text has it. */
  chunkIndex() {
    if (this.chunks) return this.chunks;
    const slotsOf = new Map<string, number[]>();
    for (let i = 0; i < this.size; i++) {
      for (const chunk of new Set(this.searchText[i]!.split(' '))) {
        const list = slotsOf.get(chunk);
        if (list) list.push(i);
        else slotsOf.set(chunk, [i]);
      }
    }
    return (this.chunks = { chunks: [...slotsOf.keys()], postings: [...slotsOf.values()].map((l) => Int32Array.from(l)) });
  }

  /** Each facet value's count over the whole held stock (what orders the facets), per build and departures. */
  stock() {
    if (this.stockCounts) return this.stockCounts;
    const d = this.dict;
    const counts = {
      makes: new Int32Array(d.makeRaw.values.length), bodies: new Int32Array(d.bodyTypeRaw.values.length),
      transmissions: new Int32Array(d.transmissionRaw.values.length), models: new Int32Array(d.modelKey.values.length),
      features: new Int32Array(d.feature.values.length),
    };
    for (let i = 0; i < this.size; i++) {
      if (!this.isAlive(i)) continue;
      counts.makes[this.makeRaw[i]!]!++; counts.bodies[this.bodyTypeRaw[i]!]!++;
      counts.transmissions[this.transmissionRaw[i]!]!++; counts.models[this.modelKey[i]!]!++;
      for (let k = this.featureStart[i]!, end = this.featureStart[i + 1]!; k < end; k++) counts.features[this.featureCodes[k]!]!++;
    }
    return (this.stockCounts = counts);
  }

  /** The vehicles still held, as read: what the next build starts from (the index keeps no other copy). */
  *held(): Generator<Doc> {
    const d = this.dict;
    for (let i = 0; i < this.size; i++) {
      if (!this.isAlive(i)) continue;
      const parts = this.modelParts[this.modelKey[i]!]!;
      const features: string[] = [];
      for (let k = this.featureStart[i]!, end = this.featureStart[i + 1]!; k < end; k++) features.push(d.feature.values[this.featureCodes[k]!]!);
      yield {
        id: this.ids[i]!, make: parts.make, model: parts.model, bodyType: parts.bodyType,
        transmission: d.transmissionRaw.values[this.transmissionRaw[i]!]!,
        makeLower: d.make.values[this.make[i]!]!, modelLower: d.model.values[this.model[i]!]!,
        bodyTypeLower: d.bodyType.values[this.bodyType[i]!]!, transmissionLower: d.transmission.values[this.transmission[i]!]!,
        features, location: d.location.values[this.location[i]!]!, condition: d.condition.values[this.condition[i]!]!,
        sellerType: d.sellerType.values[this.sellerType[i]!]!,
        price: this.price[i]!, year: this.year[i]!, mileage: this.mileage[i]!, searchText: this.searchText[i]!,
        createdAtUs: this.createdAtUs[i]!, hasOriginalPrice: this.hasOriginalPrice[i] === 1,
        dealBp: this.rated[i] ? this.dealBp[i]! : null,
      };
    }
  }

  /** Each model key's parts, by code. */
  get modelParts(): { make: string; model: string; bodyType: string }[] {
    return (this.parts ??= this.dict.modelKey.values.map((key) => {
      const [make, model, bodyType] = JSON.parse(key) as [string, string, string];
      return { make, model, bodyType };
    }));
  }
  private parts: { make: string; model: string; bodyType: string }[] | null = null;

  /**
   * The codes of the values in stock, in the facets' order, per build and departures. orderFacets (one rule for
   * both paths) decides it: its input carries each value's code as its count, so its output lists codes in order.
   */
  facetOrder() {
    if (this.order) return this.order;
    const stock = this.stock();
    const d = this.dict;
    const listed = (codes: Codes, inStock: Int32Array) =>
      codes.values.flatMap((value, code) => (inStock[code]! > 0 ? [{ value, count: code, stock: inStock[code]! }] : []));
    const ordered = orderFacets({
      total: 0,
      makes: listed(d.makeRaw, stock.makes),
      bodyTypes: listed(d.bodyTypeRaw, stock.bodies),
      transmissions: listed(d.transmissionRaw, stock.transmissions),
      features: listed(d.feature, stock.features),
      models: this.modelParts.flatMap((parts, code) => (stock.models[code]! > 0 ? [{ ...parts, count: code }] : [])),
      price: { min: 0, max: 0 }, year: { min: 0, max: 0 }, mileage: { max: 0 },
    });
    const codes = (list: { count: number }[]) => list.map((x) => x.count);
    return (this.order = {
      makes: codes(ordered.makes), bodyTypes: codes(ordered.bodyTypes), transmissions: codes(ordered.transmissions),
      features: codes(ordered.features), models: codes(ordered.models),
    });
  }
  private order: { makes: number[]; bodyTypes: number[]; transmissions: number[]; features: number[]; models: number[] } | null = null;

  /**
   * The facets' JSON fragments in the facets' order: each value's code and its escaped text up to its count
   * (`{"value":"Ford","count":`), per build and departures (the order follows the stock).
   */
  facetJson() {
    if (this.fragments) return this.fragments;
    const order = this.facetOrder();
    const d = this.dict;
    const values = (codes: Codes, inOrder: number[]) => ({ codes: inOrder, heads: inOrder.map((code) => `{"value":${JSON.stringify(codes.values[code])},"count":`) });
    return (this.fragments = {
      makes: values(d.makeRaw, order.makes), bodyTypes: values(d.bodyTypeRaw, order.bodyTypes),
      transmissions: values(d.transmissionRaw, order.transmissions), features: values(d.feature, order.features),
      models: {
        codes: order.models,
        heads: order.models.map((code) => {
          const { make, model, bodyType } = this.modelParts[code]!;
          return `{"make":${JSON.stringify(make)},"model":${JSON.stringify(model)},"bodyType":${JSON.stringify(bodyType)},"count":`;
        }),
      },
    });
  }
  private fragments: Record<'makes' | 'bodyTypes' | 'transmissions' | 'features' | 'models', { codes: number[]; heads: string[] }> | null = null;

  /** A bitset no vehicle is in (a value no vehicle has). */
  none(): Bits { return (this.empty ??= new Uint32Array(this.words)); }
  private empty: Bits | null = null;

  /** A vehicle left (sold, pending, removed): out of every answer at once, without a rebuild. */
  remove(slot: number): void {
    if (!this.isAlive(slot)) return;
    this.alive[slot >>> 5]! &= ~(1 << (slot & 31));
    this.aliveCount--;
    this.stockCounts = null;
    this.order = null;
    this.fragments = null;
    this.facetAnswers.clear();
    this.pageAnswers.clear();
    this.version++;
  }

  /** Bumped by every departure: an answer computed across one is not kept. */
  version = 0;

  /** Facets answered on this build since the last departure, for the 256 latest questions (the home page asks one). */
  readonly facetAnswers = new Map<string, string>();
  /** Pages likewise, for the 1,024 latest (a page is its vehicles' ids: a few hundred bytes). */
  readonly pageAnswers = new Map<string, PageAnswer>();

  /** Approximate bytes of the columns, bitsets and search texts. */
  bytes(): number {
    const arrays: ArrayBufferView[] = [this.ids, this.alive, this.price, this.year, this.mileage, this.make, this.model, this.bodyType,
      this.transmission, this.makeRaw, this.bodyTypeRaw, this.transmissionRaw, this.modelKey, this.location, this.condition,
      this.sellerType, this.featureStart, this.featureCodes, this.createdAtUs, this.hasOriginalPrice, this.dealBp, this.rated,
      ...Object.values(this.orders), ...Object.values(this.ranks), ...Object.values(this.postings).flat(), ...Object.values(this.spans),
      ...Object.values(this.scratch), this.nonZero,
      ...this.containingMasks.values()];
    return arrays.reduce((n, a) => n + a.byteLength, 0) + Object.values(this.ranges).reduce((n, r) => n + r.bytes, 0)
      + this.searchText.reduce((n, s) => n + s.length, 0);
  }
}

/**
 * A facet's counts over a set of vehicles (`size` of them), by the cheapest way for this set:
 * - each value's bitset intersected with the set over the value's run of words (a make's or a model's vehicles fill
 *   one run, the slots being grouped so: about one pass over the set in all), or over the set's non-empty words;
 * - the set's own vehicles one by one;
 * - when the set holds most of the held stock, the stock's counts less the vehicles outside it.
 * `perVehicle`: how many values a vehicle adds (1, or its features); `column` null: the features.
 */
function countBy(c: Columns, set: Bits, size: number, facet: {
  column: Uint16Array | Uint32Array | null; postings: Bits[]; spans: Int32Array; stock: Int32Array; perVehicle?: number;
  /** Values a vehicle lists more than once: a bitset says only whether it lists one. */
  repeats?: { slot: number; code: number }[];
}): Int32Array {
  const out = new Int32Array(facet.stock.length);
  const { postings, spans } = facet;
  const nonZero = c.nonZero;
  let words = 0;
  for (let w = 0; w < c.words; w++) if (set[w] !== 0) nonZero[words++] = w;
  let spanned = 0;
  for (let v = 0; v < postings.length; v++) spanned += spans[2 * v + 1]! - spans[2 * v]!;
  const inside = size * 2 <= c.aliveCount;
  const oneByOne = (inside ? size : c.aliveCount - size) * (facet.perVehicle ?? 1);
  // A word's AND and count cost about two vehicles' steps.
  const bySpans = spanned * 2, byWords = postings.length * words * 2;
  if (Math.min(bySpans, byWords) <= oneByOne) {
    for (let v = 0; v < postings.length; v++) {
      const p = postings[v]!;
      let n = 0;
      if (bySpans <= byWords) {
        // No test for an empty word: on mixed sets the branch mispredicts and costs three times the count.
        for (let w = spans[2 * v]!, end = spans[2 * v + 1]!; w < end; w++) n += popcount32(set[w]! & p[w]!);
      } else {
        for (let j = 0; j < words; j++) {
          const w = nonZero[j]!;
          n += popcount32(set[w]! & p[w]!);
        }
      }
      out[v] = n;
    }
    for (const { slot, code } of facet.repeats ?? []) if (hasBit(set, slot)) out[code]!++;
    return out;
  }
  if (!inside) out.set(facet.stock);
  const { alive, featureStart, featureCodes } = c;
  const column = facet.column;
  const step = inside ? 1 : -1;
  for (let w = 0; w < c.words; w++) {
    let x = inside ? set[w]! : alive[w]! & ~set[w]!;
    while (x !== 0) {
      const low = x & -x;
      const i = (w << 5) | (31 - Math.clz32(low));
      if (column) out[column[i]!]! += step;
      else for (let k = featureStart[i]!, end = featureStart[i + 1]!; k < end; k++) out[featureCodes[k]!]! += step;
      x ^= low;
    }
  }
  return out;
}

/** The price, year and mileage ranges of the matches (spec §7's sliders describe the filtered set). */
function extremes(c: Columns, set: Bits, size: number, f: SearchFilter) {
  const r = { priceMin: Infinity, priceMax: -Infinity, yearMin: Infinity, yearMax: -Infinity, mileageMax: -Infinity };
  if (size === 0) return r;
  if (size * 128 > c.aliveCount) {
    // Many matches: the first and last match along each column's ascending order, searched within the filter's own
    // range of that column (the matches lie in it), and given up for the pass below past what that pass would cost
    // (another condition may put the matches at one end of an order: a year filter among prices).
    let steps = c.words + size;
    const { price, year, mileage } = c.ranges;
    const first = (range: RangeIndex, [from, to]: [number, number]) => {
      for (let k = from; k < to && steps-- > 0; k++) if (hasBit(set, range.order[k]!)) return range.order[k]!;
      return -1;
    };
    const last = (range: RangeIndex, [from, to]: [number, number]) => {
      for (let k = to - 1; k >= from && steps-- > 0; k--) if (hasBit(set, range.order[k]!)) return range.order[k]!;
      return -1;
    };
    const prices = price.span(f.priceMin ?? -Infinity, f.priceMax ?? Infinity);
    const years = year.span(f.yearMin ?? -Infinity, f.yearMax ?? Infinity);
    const slots = [first(price, prices), last(price, prices), first(year, years), last(year, years),
      last(mileage, mileage.span(-Infinity, f.mileageMax ?? Infinity))];
    if (slots.every((slot) => slot >= 0)) {
      const [pMin, pMax, yMin, yMax, kmMax] = slots as [number, number, number, number, number];
      return { priceMin: c.price[pMin]!, priceMax: c.price[pMax]!, yearMin: c.year[yMin]!, yearMax: c.year[yMax]!, mileageMax: c.mileage[kmMax]! };
    }
  }
  // Few matches, or a walk that went on too long: the matches themselves, in one pass.
  for (let w = 0; w < set.length; w++) {
    let x = set[w]!;
    while (x !== 0) {
      const low = x & -x;
      const i = (w << 5) | (31 - Math.clz32(low));
      const p = c.price[i]!, y = c.year[i]!, km = c.mileage[i]!;
      if (p < r.priceMin) r.priceMin = p;
      if (p > r.priceMax) r.priceMax = p;
      if (y < r.yearMin) r.yearMin = y;
      if (y > r.yearMax) r.yearMax = y;
      if (km > r.mileageMax) r.mileageMax = km;
      x ^= low;
    }
  }
  return r;
}

/**
 * The vehicles' JSON by id, insertion-ordered (oldest evicted first), within a budget. A vehicle's JSON is about
 * 3.3 KB with its photos: all of a 10,000-vehicle lot fits the 48 MB budget; at 100,000 vehicles a page's vehicles
 * beyond it are read by id from the JSON the database keeps (./listing-json.ts; decision 013 has why they are not
 * kept deflated).
 */
class JsonStore {
  private readonly byId = new Map<number, string>();
  bytes = 0;

  constructor(private readonly budget: number) {}

  /** The budget is spent: keeping has evicted since the last clear (warming stops there). */
  full = false;

  has(id: number): boolean { return this.byId.has(id); }

  get(id: number): string | undefined { return this.byId.get(id); }

  keep(id: number, json: string): void {
    this.drop(id);
    this.byId.set(id, json);
    this.bytes += json.length;
    for (const oldId of this.byId.keys()) {
      if (this.bytes <= this.budget) break;
      this.drop(oldId);
      this.full = true;
    }
  }

  drop(id: number): void {
    const old = this.byId.get(id);
    if (old === undefined) return;
    this.byId.delete(id);
    this.bytes -= old.length;
  }

  clear(): void {
    this.byId.clear();
    this.bytes = 0;
    this.full = false;
  }
}

export interface InventoryIndexOptions {
  /** Vehicle ids per query while building: batches keep the embedded database answering other requests. */
  batchSize?: number;
  /** Budget for vehicles' JSON kept in memory; beyond it a page's missing vehicles are read by id. */
  jsonBytes?: number;
  log?: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

export class InventoryIndex {
  /** The columns of the latest build; vehicles added or edited since wait in `pending` for the next one. */
  private columns: Columns | null = null;
  /** Vehicles read since the columns were built: their new state (null: no longer available). */
  private pending = new Map<number, Doc | null>();
  private dirty = true;
  private built = false;
  /** The typo rule's vocabulary, kept from every vehicle's search text whatever its status (see Vocabulary). */
  private vocabulary = new Vocabulary();
  private readonly spellings = new Spellings();
  private readonly json: JsonStore;
  /** Bumped by every change: a JSON read that started before a change is not kept. */
  private epoch = 0;
  private patches: Promise<void> = Promise.resolve();
  private warming: Promise<void> = Promise.resolve();
  private closing = false;
  private readonly batchSize: number;

  constructor(private readonly db: Db, private readonly options: InventoryIndexOptions = {}) {
    this.batchSize = options.batchSize ?? 20_000;
    this.json = new JsonStore(options.jsonBytes ?? 48 * 1024 * 1024);
  }

  /** How long the latest build took, reading the database included. */
  lastBuildMs = 0;

  /** False until the first build finishes: callers answer from SQL meanwhile. */
  get ready(): boolean { return this.built; }

  /** Settles once every build and patch asked for so far has run (the app waits for it before closing). */
  async idle(): Promise<void> {
    this.closing = true;
    await this.patches;
    await this.warming;
  }

  /** Number of available vehicles held. */
  get count(): number { return this.currentColumns().aliveCount; }

  /** Reads every vehicle, in id ranges; changes that commit meanwhile are queued behind it. */
  build(): Promise<void> {
    const run = this.patches.then(async () => {
      const started = performance.now();
      const result = await this.db.execute(sql`select coalesce(max(id), 0)::int as max from ${vehicles}`);
      const maxId = Number((result as unknown as { rows: { max: number }[] }).rows[0]!.max);
      const docs: Doc[] = [];
      const vocabulary = new Vocabulary();
      // Primary-key ranges, not keyset pages with a limit: each batch is an index range scan, whatever the
      // planner's statistics say about the status column.
      for (let from = 0; from < maxId; from += this.batchSize) {
        const read = await readDocs(this.db, sql`id > ${from} and id <= ${from + this.batchSize}`);
        for (const doc of read.docs) docs.push(doc);
        for (const { id, searchText } of read.texts) vocabulary.set(id, searchText);
      }
      this.epoch++;
      this.json.clear();
      this.vocabulary = vocabulary;
      this.pending.clear();
      this.columns = new Columns(docs);
      this.dirty = false;
      this.built = true;
      this.lastBuildMs = Math.round(performance.now() - started);
    });
    this.patches = run.catch(() => {});
    return run;
  }

  /**
   * Re-reads these vehicles after their change committed, and takes them in or out. Patches run one at a time in
   * the order they were asked for, so a later state is never overwritten by an earlier read.
   */
  patch(ids: readonly number[]): Promise<void> {
    const run = this.patches.then(async () => {
      this.epoch++;
      const all = [...new Set(ids)];
      for (const id of all) this.json.drop(id);
      // Issue 30: a bulk import or feed run changes thousands of vehicles at once. They are re-read a few hundred at
      // a time, with a turn of the event loop between: on the embedded database each read runs on this thread, and
      // one read of 5,000 vehicles held every other request up for over a second. They are applied together at the
      // end: each application makes the next listing rebuild the columns, once per patch rather than per chunk.
      const read: Awaited<ReturnType<typeof readDocs>> = { docs: [], texts: [] };
      for (let k = 0; k < all.length; k += PATCH_CHUNK) {
        if (k > 0) await yieldToRequests();
        const chunk = await readDocs(this.db, inArray(vehicles.id, all.slice(k, k + PATCH_CHUNK)));
        read.docs.push(...chunk.docs);
        read.texts.push(...chunk.texts);
      }
      this.applyPatch(all, read);
    });
    this.patches = run.catch((err: unknown) => {
      // A failed re-read leaves the index unsure of these vehicles: rebuild it from the database.
      this.options.log?.error({ err }, 'inventory index: a patch failed; rebuilding');
      this.built = false;
      void this.build().catch((e: unknown) => this.options.log?.error({ err: e }, 'inventory index: the rebuild failed'));
    });
    return run;
  }

  private applyPatch(unique: number[], read: Awaited<ReturnType<typeof readDocs>>): void {
      const present = new Map(read.docs.map((r) => [r.id, r]));
      const texts = new Map(read.texts.map((r) => [r.id, r.searchText]));
      for (const id of unique) {
        // A vehicle's words stay in the vocabulary while it exists, listed or not; a deleted one's leave with it.
        this.vocabulary.set(id, texts.get(id) ?? null);
        const doc = present.get(id);
        const slot = this.columns?.slotOf.get(id);
        if (doc) {
          this.pending.set(id, doc);
          this.dirty = true;
        } else {
          // Leaving (sold, pending, removed): out of the current columns at once, no rebuild needed.
          if (slot !== undefined) this.columns!.remove(slot);
          if (this.pending.has(id)) this.pending.set(id, null);
        }
      }
  }

  /** The columns with every patch applied: rebuilt from the held vehicles and the pending ones when needed. */
  private currentColumns(): Columns {
    if (!this.columns) this.columns = new Columns([]);
    if (this.dirty) {
      const docs: Doc[] = [];
      for (const doc of this.columns.held()) if (!this.pending.has(doc.id)) docs.push(doc);
      for (const doc of this.pending.values()) if (doc) docs.push(doc);
      this.columns = new Columns(docs);
      this.pending.clear();
      this.dirty = false;
    }
    return this.columns;
  }

  /**
   * The bitsets a listed vehicle must be in: one per ticked feature (features combine with AND) and one per search
   * word (any of its close spellings).
   */
  private requiredSets(c: Columns, f: SearchFilter): Bits[] {
    const all: Bits[] = [];
    for (const feature of f.feature) {
      const featureCode = c.dict.feature.find(feature);
      all.push(featureCode === undefined ? c.none() : c.postings.feature[featureCode]!);
    }
    if (f.search.length) {
      const spellings = f.search.some((t) => t.length >= FUZZY_MIN_LENGTH)
        ? this.spellings.of(f.search, this.vocabulary.words())
        : new Map<string, string[]>();
      for (const token of f.search) all.push(c.containingAny([token, ...(spellings.get(token) ?? [])]));
    }
    return all;
  }

  /**
   * The question as bitsets, into the columns' scratch: `rest`, what every facet applies (held, location,
   * condition, seller, the ranges, features, search words); each of the four disjunctive dimensions' own condition
   * (null when not asked: every vehicle passes); and `matches`, all of them. A few word passes per condition
   * (12.5 KB a bitset at 100,000 vehicles) instead of a pass over every vehicle. Synchronous: the caller reads the
   * scratch before anything else can run.
   */
  private evaluate(c: Columns, f: SearchFilter): Question {
    const s = c.scratch;
    const d = c.dict;
    const rest = s.rest;
    rest.set(c.alive);
    const only = (codes: Codes, postings: Bits[], value: string | undefined) => {
      if (value === undefined) return;
      const code = codes.find(value);
      and(rest, rest, code === undefined ? c.none() : postings[code]!);
    };
    only(d.location, c.postings.location, f.location);
    only(d.condition, c.postings.condition, f.condition);
    only(d.sellerType, c.postings.sellerType, f.sellerType);
    const range = (index: RangeIndex, lo: number | undefined, hi: number | undefined) => {
      if (lo === undefined && hi === undefined) return;
      index.select(lo ?? -Infinity, hi ?? Infinity, s.spare);
      and(rest, rest, s.spare);
    };
    range(c.ranges.price, f.priceMin, f.priceMax);
    range(c.ranges.year, f.yearMin, f.yearMax);
    range(c.ranges.mileage, undefined, f.mileageMax);
    for (const set of this.requiredSets(c, f)) and(rest, rest, set);
    // A dimension's values combine with OR; a value no vehicle has adds nothing.
    const anyOf = (codes: Codes, postings: Bits[], values: string[], out: Bits): Bits | null => {
      if (!values.length) return null;
      union(out, values.flatMap((v) => {
        const code = codes.find(v);
        return code === undefined ? [] : [postings[code]!];
      }));
      return out;
    };
    const make = anyOf(d.make, c.postings.make, f.make, s.make);
    const model = anyOf(d.model, c.postings.model, f.model, s.model);
    const bodyType = anyOf(d.bodyType, c.postings.bodyType, f.bodyType, s.bodyType);
    const transmission = anyOf(d.transmission, c.postings.transmission, f.transmission, s.transmission);
    const matches = s.matches;
    matches.set(rest);
    for (const dim of [make, model, bodyType, transmission]) if (dim) and(matches, matches, dim);
    return { rest, make, model, bodyType, transmission, matches, total: countBits(matches) };
  }

  /** The typo rule's vocabulary as the index keeps it (the test compares it with sql-search.ts loadVocabulary). */
  typoVocabulary(): readonly string[] { return this.vocabulary.words(); }

  /**
   * Prepares what the first text search would otherwise wait for: the search texts' chunks and the vocabulary's
   * trigrams (about a second at 100,000 vehicles). Called once the index is built.
   */
  prepareSearch(): void {
    this.currentColumns().chunkIndex();
    this.spellings.of([], this.vocabulary.words());
  }

  /** One page of the listing (available vehicles only), as ./sql-search.ts sqlPage answers it. */
  async page(f: ListFilter): Promise<PageAnswer> {
    const c = this.currentColumns();
    const key = JSON.stringify(f);
    const known = c.pageAnswers.get(key);
    if (known) return known;
    const answer = this.findPage(c, f);
    if (c.pageAnswers.size >= 1024) c.pageAnswers.delete(c.pageAnswers.keys().next().value!);
    c.pageAnswers.set(key, answer);
    return answer;
  }

  /**
   * The page's window of the matches in the sort key's order: walking the order until the window is full when
   * matches are common (a few dozen steps for a broad question), or ranking the matches themselves when they are
   * few (a walk would pass most of the lot to find them).
   */
  private findPage(c: Columns, f: ListFilter): PageAnswer {
    const { matches, total } = this.evaluate(c, f);
    const ids: number[] = [];
    const from = (f.page - 1) * f.limit;
    const to = Math.min(from + f.limit, total);
    if (from < to) {
      const order = c.orders[f.sortBy];
      const walkSteps = (to * c.size) / total;
      if (walkSteps <= total * (1 + Math.log2(total)) + c.words) {
        for (let k = 0, seen = 0; seen < to; k++) {
          const i = order[k]!;
          if (!hasBit(matches, i)) continue;
          if (seen >= from) ids.push(c.ids[i]!);
          seen++;
        }
      } else {
        const rank = c.ranks[f.sortBy];
        const positions = slotsOf(matches).map((slot) => rank[slot]!).sort();
        for (let k = from; k < to; k++) ids.push(c.ids[order[positions[k]!]!]!);
      }
    }
    return { ids, pagination: pagination(f, total) };
  }

  /** The disjunctive facets of ./sql-search.ts sqlFacets, as the JSON answer. */
  async facetsJson(f: SearchFilter): Promise<string> {
    const c = this.currentColumns();
    const key = JSON.stringify(f);
    const known = c.facetAnswers.get(key);
    if (known) return known;
    const answer = this.countFacets(c, f);
    if (c.facetAnswers.size >= 256) c.facetAnswers.delete(c.facetAnswers.keys().next().value!);
    c.facetAnswers.set(key, answer);
    return answer;
  }

  /**
   * Each facet counts the vehicles that pass every condition but its own dimension's (disjunctive faceting): the
   * makes over rest ∧ model ∧ body ∧ transmission, and so on; the models leave out make, model and body type (the
   * home card's cascade). The answer is written as JSON from fragments prepared once per build (each value's
   * escaped text), so no object per value is made.
   */
  private countFacets(c: Columns, f: SearchFilter): string {
    const q = this.evaluate(c, f);
    const stock = c.stock();
    const set = c.scratch.spare;
    /** The facet's set: rest and every asked dimension but the ones left out; its count. */
    const without = (...left: (Bits | null)[]) => {
      set.set(q.rest);
      for (const dim of [q.make, q.model, q.bodyType, q.transmission]) if (dim && !left.includes(dim)) and(set, set, dim);
      return countBits(set);
    };
    const { postings: p, spans } = c;
    const makes = countBy(c, set, without(q.make), { column: c.makeRaw, postings: p.makeRaw, spans: spans.makeRaw, stock: stock.makes });
    const bodies = countBy(c, set, without(q.bodyType), { column: c.bodyTypeRaw, postings: p.bodyTypeRaw, spans: spans.bodyTypeRaw, stock: stock.bodies });
    const transmissions = countBy(c, set, without(q.transmission), {
      column: c.transmissionRaw, postings: p.transmissionRaw, spans: spans.transmissionRaw, stock: stock.transmissions,
    });
    const models = countBy(c, set, without(q.make, q.model, q.bodyType), { column: c.modelKey, postings: p.modelKey, spans: spans.modelKey, stock: stock.models });
    const features = countBy(c, q.matches, q.total, {
      column: null, postings: p.feature, spans: spans.feature, stock: stock.features, perVehicle: c.featuresPerVehicle, repeats: c.featureRepeats,
    });

    const { total, matches } = q;
    const r = extremes(c, matches, total, f);
    const json = c.facetJson();
    const listed = (fragments: { codes: number[]; heads: string[] }, count: Int32Array) => {
      let out = '[';
      for (let k = 0; k < fragments.codes.length; k++) out += (k ? ',' : '') + fragments.heads[k]! + count[fragments.codes[k]!]! + '}';
      return out + ']';
    };
    const some = total > 0;
    return `{"total":${total},"makes":${listed(json.makes, makes)},"bodyTypes":${listed(json.bodyTypes, bodies)},`
      + `"transmissions":${listed(json.transmissions, transmissions)},"features":${listed(json.features, features)},`
      + `"models":${listed(json.models, models)},"price":{"min":${some ? r.priceMin : 0},"max":${some ? r.priceMax : 0}},`
      + `"year":{"min":${some ? r.yearMin : 0},"max":${some ? r.yearMax : 0}},"mileage":{"max":${some ? r.mileageMax : 0}}}`;
  }

  /** The vehicles' JSON (vehicleSchema, as the SQL path serialises it), in the order of ids. */
  async vehiclesJson(ids: number[]): Promise<string[]> {
    // The kept ones are taken now, as of the scan: keeping the fetched ones below may evict them.
    const page = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const json = this.json.get(id);
      if (json === undefined) missing.push(id);
      else page.set(id, json);
    }
    if (!missing.length) return ids.map((id) => page.get(id)!);
    const epoch = this.epoch;
    // Stored in the database, serialised once per change (./listing-json.ts): one indexed read for the page.
    const fetched = await readListingJson(this.db, missing);
    for (const [id, json] of fetched) page.set(id, json);
    if (epoch === this.epoch) for (const [id, json] of fetched) this.json.keep(id, json);
    // A vehicle deleted between the scan and this read is left out of the page rather than failing it.
    return ids.flatMap((id) => {
      const json = page.get(id);
      return json === undefined ? [] : [json];
    });
  }

  /**
   * Fills the JSON of held vehicles up to the budget, in batches, so first visits to pages need no query; then the
   * database's stored JSON of any vehicle that has none (./listing-json.ts).
   */
  warm(): Promise<void> {
    this.jsonWarm = false;
    this.warming = this.fill().catch(() => {}).finally(() => { this.jsonWarm = true; });
    return this.warming;
  }

  /** False while warm() fills the vehicles' JSON after a build (the health endpoint reports it). */
  jsonWarm = false;

  private async fill(): Promise<void> {
    const c = this.currentColumns();
    const ids = Array.from(c.ids).filter((id, slot) => c.isAlive(slot) && !this.json.has(id));
    for (let k = 0; k < ids.length && !this.json.full && !this.closing; k += 500) {
      await this.vehiclesJson(ids.slice(k, k + 500));
    }
    // Then the stored JSON of every vehicle beyond the budget: once per database, as it persists.
    await fillListingJson(this.db, { batch: 500, shouldStop: () => this.closing });
  }

  /** Approximate bytes held: the columns, the search texts and the JSON. */
  memoryEstimate(): number {
    return (this.columns?.bytes() ?? 0) + this.json.bytes;
  }
}
