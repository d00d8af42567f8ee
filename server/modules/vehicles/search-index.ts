// The in-process inventory index (issue 17; docs/decisions/013-inventory-index.md): every listed vehicle's (available,
// or held for a shopper: issue 19, sql-search.ts listedSql)
// filter and sort columns in typed arrays, one pre-sorted order per sort key, and the vehicles' JSON, so any
// combination of the listing's filters is answered without a query: a scan of a few microseconds per thousand
// vehicles, in the order of the requested sort, stopping nowhere (the total needs every match).
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
import { fillListingJson, readListingJson } from './listing-json';
import { listedSql, loadVocabulary, pagination } from './sql-search';
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
 * Reads vehicles as the index keeps them. Raw SQL rather than the query builder: a build reads every available
 * vehicle, and mapping 100,000 rows column by column through Drizzle cost a second. Features come as JSON text,
 * which JSON.parse reads faster than the driver's array parser.
 */
async function readDocs(db: Db, where: SQL): Promise<Doc[]> {
  const result = await db.execute(sql`
    select id, make, model, body_type, transmission,
      lower(make) as make_lower, lower(model) as model_lower, lower(body_type) as body_type_lower,
      lower(transmission) as transmission_lower,
      array_to_json(features)::text as features, location, condition, seller_type, price, year, mileage,
      coalesce(search_text, '') as search_text,
      (extract(epoch from created_at) * 1000000)::float8 as created_us,
      original_price is not null as has_original,
      (select r.difference_bp from deal_ratings r where r.vehicle_id = ${vehicles}.id) as deal_bp
    from ${vehicles} where ${listedSql} and ${where}`);
  return (result as unknown as { rows: DocRow[] }).rows.map((r) => ({
    id: r.id, make: r.make, model: r.model, bodyType: r.body_type, transmission: r.transmission,
    // PostgreSQL's lower(), as the SQL filter applies it (its notion of case may differ from JavaScript's).
    makeLower: r.make_lower, modelLower: r.model_lower, bodyTypeLower: r.body_type_lower, transmissionLower: r.transmission_lower,
    features: JSON.parse(r.features) as string[],
    location: r.location, condition: r.condition, sellerType: r.seller_type,
    price: Number(r.price), year: Number(r.year), mileage: Number(r.mileage),
    searchText: r.search_text, createdAtUs: Number(r.created_us), hasOriginalPrice: r.has_original,
    dealBp: r.deal_bp === null ? null : Number(r.deal_bp),
  }));
}
interface DocRow {
  id: number; make: string; model: string; body_type: string; transmission: string;
  make_lower: string; model_lower: string; body_type_lower: string; transmission_lower: string;
  features: string; location: string; condition: string; seller_type: string; price: number; year: number; mileage: number;
  search_text: string; created_us: number; has_original: boolean; deal_bp: number | null;
}

interface PageAnswer { ids: number[]; pagination: PaginatedVehicles['pagination'] }

const SORTS = SORT_KEYS;
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

/** The columns of one build: rebuilt when vehicles are added or edited, flipped in place when they leave. */
class Columns {
  readonly size: number;
  readonly ids: Int32Array;
  /** GONE for a vehicle that left since the build (the miss mask's starting value), 0 for one still held. */
  readonly gone: Uint8Array;
  /** The miss mask of the question being answered: one per build, filled and read without an await between. */
  readonly scratch: Uint8Array;
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
  readonly orders: Record<Sort, Int32Array>;
  /** Which vehicles' search text contains a word, for recent words: a word's scan is shared by every question. */
  private readonly containingMasks = new Map<string, Uint8Array>();
  private readonly featureMasks = new Map<number, Uint8Array>();
  private stockCounts: { makes: Int32Array; bodies: Int32Array; transmissions: Int32Array; models: Int32Array; features: Int32Array } | null = null;

  constructor(docs: Doc[]) {
    const n = (this.size = docs.length);
    this.ids = new Int32Array(n);
    this.gone = new Uint8Array(n);
    this.scratch = new Uint8Array(n);
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
    for (const s of SORTS) {
      const slots = docs.map((_, i) => i);
      slots.sort((a, b) => comparators[s](docs[a]!, docs[b]!));
      orders[s] = Int32Array.from(slots);
    }
    this.orders = orders;
  }

  /**
   * The vehicles whose search text contains `word` (SQL's `like '%word%'`), cached for the 512 latest words. A
   * search word holds no space (the query is split on white space), so it occurs in a text exactly when it occurs
   * in one of the text's space-separated chunks: the distinct chunks (a few thousand, however large the lot) are
   * searched instead of every vehicle's text, and their vehicles marked.
   */
  containing(word: string): Uint8Array {
    let mask = this.containingMasks.get(word);
    if (mask) {
      this.containingMasks.delete(word);
    } else {
      mask = new Uint8Array(this.size);
      if (word.includes(' ')) {
        for (let i = 0; i < this.size; i++) if (this.searchText[i]!.includes(word)) mask[i] = 1;
      } else {
        const { chunks, postings } = this.chunkIndex();
        for (let k = 0; k < chunks.length; k++) {
          if (!chunks[k]!.includes(word)) continue;
          const slots = postings[k]!;
          for (let j = 0; j < slots.length; j++) mask[slots[j]!] = 1;
        }
      }
      if (this.containingMasks.size >= 512) this.containingMasks.delete(this.containingMasks.keys().next().value!);
    }
    this.containingMasks.set(word, mask);
    return mask;
  }

  /** The vehicles whose text contains any of these words (a search word and its close spellings). */
  containingAny(words: string[]): Uint8Array {
    if (words.length === 1) return this.containing(words[0]!);
    const key = `any:${words.join(' ')}`;
    const known = this.containingMasks.get(key);
    if (known) return known;
    const mask = new Uint8Array(this.size);
    for (const w of words) {
      const m = this.containing(w);
      for (let i = 0; i < this.size; i++) mask[i]! |= m[i]!;
    }
    if (this.containingMasks.size >= 512) this.containingMasks.delete(this.containingMasks.keys().next().value!);
    this.containingMasks.set(key, mask);
    return mask;
  }

  private chunks: { chunks: string[]; postings: Int32Array[] } | null = null;

  /** Each distinct space-separated chunk of the search texts, with the vehicles whose text has it. */
  private chunkIndex() {
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

  /** The vehicles that list this feature. */
  featureMask(code: number): Uint8Array {
    let mask = this.featureMasks.get(code);
    if (!mask) {
      mask = new Uint8Array(this.size);
      for (let i = 0; i < this.size; i++) {
        for (let k = this.featureStart[i]!, end = this.featureStart[i + 1]!; k < end; k++) if (this.featureCodes[k] === code) { mask[i] = 1; break; }
      }
      this.featureMasks.set(code, mask);
    }
    return mask;
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
      if (this.gone[i]) continue;
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
      if (this.gone[i]) continue;
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

  /** Number of vehicles still held. */
  get heldCount(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (!this.gone[i]) n++;
    return n;
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

  /** A mask no vehicle is in (a feature no vehicle lists). */
  none(): Uint8Array { return (this.empty ??= new Uint8Array(this.size)); }
  private empty: Uint8Array | null = null;

  /** A vehicle left (sold, pending, removed): out of every answer at once, without a rebuild. */
  remove(slot: number): void {
    this.gone[slot] = GONE;
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
}

/**
 * Dimensions of the disjunctive facets: a vehicle that fails only its facet's own condition still counts there.
 * GONE: no longer listed (sold, pending without a hold, or removed since the build).
 */
const MAKE = 1, MODEL = 2, BODY = 4, TRANS = 8, REST = 16, GONE = 32;

/** miss[i] |= table[column[i]]: a dimension's condition over one dictionary-coded column, without a branch. */
function orTable(miss: Uint8Array, column: Uint8Array | Uint16Array, table: Uint8Array): void {
  for (let i = 0, n = miss.length; i < n; i++) miss[i]! |= table[column[i]!]!;
}

/** REST for every vehicle whose value lies outside [lo, hi]. */
function orOutside(miss: Uint8Array, column: Float64Array, lo: number, hi: number): void {
  for (let i = 0, n = miss.length; i < n; i++) {
    const v = column[i]!;
    if (v < lo || v > hi) miss[i]! |= REST;
  }
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
  private vocabulary: Promise<string[]> | null = null;
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
  get count(): number { return this.currentColumns().heldCount; }

  /** Reads every available vehicle, in id ranges; changes that commit meanwhile are queued behind it. */
  build(): Promise<void> {
    const run = this.patches.then(async () => {
      const started = performance.now();
      const result = await this.db.execute(sql`select coalesce(max(id), 0)::int as max from ${vehicles}`);
      const maxId = Number((result as unknown as { rows: { max: number }[] }).rows[0]!.max);
      const docs: Doc[] = [];
      // Primary-key ranges, not keyset pages with a limit: each batch is an index range scan, whatever the
      // planner's statistics say about the status column.
      for (let from = 0; from < maxId; from += this.batchSize) {
        for (const doc of await readDocs(this.db, sql`id > ${from} and id <= ${from + this.batchSize}`)) docs.push(doc);
      }
      this.epoch++;
      this.json.clear();
      this.vocabulary = null;
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
      this.vocabulary = null;
      const unique = [...new Set(ids)];
      for (const id of unique) this.json.drop(id);
      const rows = unique.length ? await readDocs(this.db, inArray(vehicles.id, unique)) : [];
      const present = new Map(rows.map((r) => [r.id, r]));
      for (const id of unique) {
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
    });
    this.patches = run.catch((err: unknown) => {
      // A failed re-read leaves the index unsure of these vehicles: rebuild it from the database.
      this.options.log?.error({ err }, 'inventory index: a patch failed; rebuilding');
      this.built = false;
      void this.build().catch((e: unknown) => this.options.log?.error({ err: e }, 'inventory index: the rebuild failed'));
    });
    return run;
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

  private async currentVocabulary(): Promise<string[]> {
    this.vocabulary ??= loadVocabulary(this.db).catch((err: unknown) => { this.vocabulary = null; throw err; });
    return this.vocabulary;
  }

  /**
   * The masks a listed vehicle must be in: one per ticked feature (features combine with AND) and one per search
   * word (any of its close spellings). Asynchronous only because the typo rule may load the vocabulary.
   */
  private async requiredMasks(c: Columns, f: SearchFilter): Promise<Uint8Array[]> {
    const all: Uint8Array[] = [];
    for (const feature of f.feature) {
      const featureCode = c.dict.feature.find(feature);
      all.push(featureCode === undefined ? c.none() : c.featureMask(featureCode));
    }
    if (f.search.length) {
      const spellings = f.search.some((t) => t.length >= FUZZY_MIN_LENGTH)
        ? this.spellings.of(f.search, await this.currentVocabulary())
        : new Map<string, string[]>();
      for (const token of f.search) all.push(c.containingAny([token, ...(spellings.get(token) ?? [])]));
    }
    return all;
  }

  /**
   * Which dimensions each held vehicle fails under the filter (0: it matches), into the columns' scratch mask: one
   * tight pass per condition asked (a lookup table indexed by a dictionary code, or a bound), none for conditions
   * not asked. A value no vehicle has empties its dimension without ending the work, since the facets still count
   * the other dimensions' vehicles. Synchronous: the caller reads the mask before anything else can run.
   */
  private misses(c: Columns, f: SearchFilter, required: Uint8Array[]): Uint8Array {
    const n = c.size;
    const miss = c.scratch;
    miss.set(c.gone);
    const d = c.dict;
    const table = (codes: Codes, values: string[], bit: number) => {
      const t = new Uint8Array(codes.values.length).fill(bit);
      for (const v of values) {
        const code = codes.find(v);
        if (code !== undefined) t[code] = 0;
      }
      return t;
    };
    if (f.make.length) orTable(miss, c.make, table(d.make, f.make, MAKE));
    if (f.model.length) orTable(miss, c.model, table(d.model, f.model, MODEL));
    if (f.bodyType.length) orTable(miss, c.bodyType, table(d.bodyType, f.bodyType, BODY));
    if (f.transmission.length) orTable(miss, c.transmission, table(d.transmission, f.transmission, TRANS));
    if (f.location !== undefined) orTable(miss, c.location, table(d.location, [f.location], REST));
    if (f.condition !== undefined) orTable(miss, c.condition, table(d.condition, [f.condition], REST));
    if (f.sellerType !== undefined) orTable(miss, c.sellerType, table(d.sellerType, [f.sellerType], REST));
    if (f.priceMin !== undefined || f.priceMax !== undefined) orOutside(miss, c.price, f.priceMin ?? -Infinity, f.priceMax ?? Infinity);
    if (f.yearMin !== undefined || f.yearMax !== undefined) orOutside(miss, c.year, f.yearMin ?? -Infinity, f.yearMax ?? Infinity);
    if (f.mileageMax !== undefined) orOutside(miss, c.mileage, -Infinity, f.mileageMax);
    for (const mask of required) {
      // mask[i] is 1 (in) or 0 (out): 0 - 1 is all bits set, so an out vehicle gets REST, an in one nothing.
      for (let i = 0; i < n; i++) miss[i]! |= REST & (mask[i]! - 1);
    }
    return miss;
  }

  /** One page of the listing (available vehicles only), as ./sql-search.ts sqlPage answers it. */
  async page(f: ListFilter): Promise<PageAnswer> {
    const c = this.currentColumns();
    const key = JSON.stringify(f);
    const known = c.pageAnswers.get(key);
    if (known) return known;
    const version = c.version;
    const required = await this.requiredMasks(c, f);
    if (c !== this.columns || this.dirty || c.version !== version) return this.page(f); // changed meanwhile: ask again
    const answer = this.findPage(c, f, required);
    if (c.pageAnswers.size >= 1024) c.pageAnswers.delete(c.pageAnswers.keys().next().value!);
    c.pageAnswers.set(key, answer);
    return answer;
  }

  /**
   * The total counts the matches in slot order (a sequential pass); the page walks the sort key's order only
   * until its window is full, so an unfiltered or broad question stops after a few dozen vehicles.
   */
  private findPage(c: Columns, f: ListFilter, required: Uint8Array[]): PageAnswer {
    const miss = this.misses(c, f, required);
    let total = 0;
    for (let i = 0; i < c.size; i++) if (miss[i] === 0) total++;
    const ids: number[] = [];
    const from = (f.page - 1) * f.limit;
    const to = Math.min(from + f.limit, total);
    if (from < to) {
      const order = c.orders[f.sortBy];
      const slotIds = c.ids;
      for (let k = 0, seen = 0; seen < to; k++) {
        const i = order[k]!;
        if (miss[i] !== 0) continue;
        if (seen >= from) ids.push(slotIds[i]!);
        seen++;
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
    const version = c.version;
    const required = await this.requiredMasks(c, f);
    if (c !== this.columns || this.dirty || c.version !== version) return this.facetsJson(f); // changed meanwhile: ask again
    const answer = this.countFacets(c, f, required);
    if (c.facetAnswers.size >= 256) c.facetAnswers.delete(c.facetAnswers.keys().next().value!);
    c.facetAnswers.set(key, answer);
    return answer;
  }

  /**
   * One pass over the miss mask: a vehicle that fails nothing counts everywhere, one that fails only its make's
   * condition counts in the makes (disjunctive faceting), and so on. The answer is written as JSON from fragments
   * prepared once per build (each value's escaped text), so no object per value is made.
   */
  private countFacets(c: Columns, f: SearchFilter, required: Uint8Array[]): string {
    const miss = this.misses(c, f, required);
    const d = c.dict;
    const makes = new Int32Array(d.makeRaw.values.length), bodies = new Int32Array(d.bodyTypeRaw.values.length);
    const transmissions = new Int32Array(d.transmissionRaw.values.length), models = new Int32Array(d.modelKey.values.length);
    const features = new Int32Array(d.feature.values.length);
    const { makeRaw, bodyTypeRaw, transmissionRaw, modelKey, featureStart, featureCodes, price, year, mileage } = c;
    let total = 0;
    let priceMin = Infinity, priceMax = -Infinity, yearMin = Infinity, yearMax = -Infinity, mileageMax = -Infinity;
    for (let i = 0, n = c.size; i < n; i++) {
      const m = miss[i]!;
      if (m === 0) {
        total++;
        makes[makeRaw[i]!]!++; bodies[bodyTypeRaw[i]!]!++; transmissions[transmissionRaw[i]!]!++; models[modelKey[i]!]!++;
        for (let k = featureStart[i]!, end = featureStart[i + 1]!; k < end; k++) features[featureCodes[k]!]!++;
        const p = price[i]!, y = year[i]!, km = mileage[i]!;
        if (p < priceMin) priceMin = p;
        if (p > priceMax) priceMax = p;
        if (y < yearMin) yearMin = y;
        if (y > yearMax) yearMax = y;
        if (km > mileageMax) mileageMax = km;
        continue;
      }
      if (m === MAKE) makes[makeRaw[i]!]!++;
      else if (m === BODY) bodies[bodyTypeRaw[i]!]!++;
      else if (m === TRANS) transmissions[transmissionRaw[i]!]!++;
      // The models leave out make, model and body type, the home card's cascade: any mix of those three.
      if ((m & (TRANS | REST | GONE)) === 0) models[modelKey[i]!]!++;
    }
    const json = c.facetJson();
    const listed = (fragments: { codes: number[]; heads: string[] }, count: Int32Array) => {
      let out = '[';
      for (let k = 0; k < fragments.codes.length; k++) out += (k ? ',' : '') + fragments.heads[k]! + count[fragments.codes[k]!]! + '}';
      return out + ']';
    };
    const some = total > 0;
    return `{"total":${total},"makes":${listed(json.makes, makes)},"bodyTypes":${listed(json.bodyTypes, bodies)},`
      + `"transmissions":${listed(json.transmissions, transmissions)},"features":${listed(json.features, features)},`
      + `"models":${listed(json.models, models)},"price":{"min":${some ? priceMin : 0},"max":${some ? priceMax : 0}},`
      + `"year":{"min":${some ? yearMin : 0},"max":${some ? yearMax : 0}},"mileage":{"max":${some ? mileageMax : 0}}}`;
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
    const ids = Array.from(c.ids).filter((id, slot) => !c.gone[slot] && !this.json.has(id));
    for (let k = 0; k < ids.length && !this.json.full && !this.closing; k += 500) {
      await this.vehiclesJson(ids.slice(k, k + 500));
    }
    // Then the stored JSON of every vehicle beyond the budget: once per database, as it persists.
    await fillListingJson(this.db, { batch: 500, shouldStop: () => this.closing });
  }

  /** Approximate bytes held: the columns, the search texts and the JSON. */
  memoryEstimate(): number {
    const c = this.columns;
    if (!c) return this.json.bytes;
    const typed = [c.ids, c.gone, c.scratch, c.price, c.year, c.mileage, c.make, c.model, c.bodyType, c.transmission, c.makeRaw, c.bodyTypeRaw,
      c.transmissionRaw, c.modelKey, c.location, c.condition, c.sellerType, c.featureStart, c.featureCodes, c.dealBp, c.rated, ...Object.values(c.orders)]
      .reduce((n, a) => n + a.byteLength, 0);
    const texts = c.searchText.reduce((n, s) => n + s.length, 0);
    return typed + texts + this.json.bytes;
  }
}
