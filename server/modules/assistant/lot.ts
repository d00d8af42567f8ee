// The assistant's view of the lot (issue 20): every available vehicle's searchable fields, read once and kept in
// memory until the inventory changes (the listing cache's invalidation drops it), so a question that needs more
// than the listing's filters ("good on gas", "7 seats", "fits $400 a month", "which of those has the lowest
// mileage") is a filter over real rows in well under a millisecond, without a query per question.
import { and, eq } from 'drizzle-orm';
import { efficiencyRank, isFuelEfficient, isTowCapable, suitsNewDriver, type LotVehicle } from '@domain/assistant-knowledge';
import { paymentOffer } from '@domain/payment-offer';
import { vehicles } from '../../db/schema';
import { facetsSchema } from '@domain/vehicle';
import { getFacets, type InventoryContext } from '../vehicles/service';
import { makeVocabulary, type Vocabulary } from './intents';
import { vehicleColumns } from '../vehicles/columns';

export type Sort = 'recommended' | 'price-asc' | 'price-desc' | 'year-desc' | 'mileage-asc' | 'efficiency';

/** A monthly budget as a filter: the spec §9 loan payment at the vehicle's capped term must fit it. */
export interface MonthlyBudget { budget: number; downPayment: number; apr: number; termMonths: number }

/** What the shopper is looking for: the listing's filters plus the needs the assistant understands. */
export interface Criteria {
  bodyType?: string | undefined;
  /** Body types ruled out ("not a truck", "SUVs instead" of trucks). */
  notBodyTypes?: string[] | undefined;
  make?: string | undefined;
  model?: string | undefined;
  yearMin?: number | undefined;
  yearMax?: number | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  mileageMax?: number | undefined;
  /** Any of these drivetrains ("winter": AWD or 4WD). */
  drivetrains?: string[] | undefined;
  fuels?: string[] | undefined;
  transmission?: string | undefined;
  features?: string[] | undefined;
  location?: 'Edmonton' | 'Calgary' | undefined;
  seatsMin?: number | undefined;
  efficient?: boolean | undefined;
  towing?: boolean | undefined;
  newDriver?: boolean | undefined;
  monthly?: MonthlyBudget | undefined;
  sort?: Sort | undefined;
}

export function monthlyPaymentOf(v: Pick<LotVehicle, 'price' | 'year'>, m: MonthlyBudget): number {
  // The one payment rule (domain/payment-offer.ts): the figure the vehicle's page shows on these terms.
  return paymentOffer(v, { downPayment: Math.min(m.downPayment, v.price), interestRate: m.apr, loanTerm: m.termMonths }).monthly;
}

/** A lot row with the rules of domain/assistant-knowledge.ts worked out once per snapshot, not per question. */
export interface LotRow extends LotVehicle {
  makeLower: string;
  modelLower: string;
  efficient: boolean;
  efficiencyRank: number;
  towCapable: boolean;
  newDriverFit: boolean;
}

export function toLotRow(v: LotVehicle): LotRow {
  // An explicit literal, not a spread: every row then shares one object shape, which keeps the scan fast.
  return {
    id: v.id, year: v.year, make: v.make, model: v.model, trim: v.trim, price: v.price, mileage: v.mileage, bodyType: v.bodyType,
    transmission: v.transmission, engine: v.engine, drivetrain: v.drivetrain, fuelType: v.fuelType, seats: v.seats, features: v.features,
    location: v.location, stockNumber: v.stockNumber, makeLower: v.make.toLowerCase(), modelLower: v.model.toLowerCase(),
    efficient: isFuelEfficient(v), efficiencyRank: efficiencyRank(v), towCapable: isTowCapable(v), newDriverFit: suitsNewDriver(v),
  };
}

/**
 * Criteria as the scan reads them: every field present (null when not asked for) in one object shape, names
 * lower-cased once. Criteria themselves have any subset of a score of optional fields, and reading those from
 * each of 10,000 rows' checks was most of a search's time.
 */
interface Filter {
  bodyType: string | null; notBodyTypes: string[] | null; make: string | null; model: string | null;
  yearMin: number | null; yearMax: number | null; priceMin: number | null; priceMax: number | null; mileageMax: number | null;
  drivetrains: string[] | null; fuels: string[] | null; transmission: string | null; features: string[] | null;
  location: string | null; seatsMin: number | null; efficient: boolean; towing: boolean; newDriver: boolean; monthly: MonthlyBudget | null;
}

function toFilter(c: Criteria): Filter {
  return {
    bodyType: c.bodyType || null, notBodyTypes: c.notBodyTypes ?? null, make: c.make ? c.make.toLowerCase() : null, model: c.model ? c.model.toLowerCase() : null,
    yearMin: c.yearMin ?? null, yearMax: c.yearMax ?? null, priceMin: c.priceMin ?? null, priceMax: c.priceMax ?? null, mileageMax: c.mileageMax ?? null,
    drivetrains: c.drivetrains?.length ? c.drivetrains : null, fuels: c.fuels?.length ? c.fuels : null, transmission: c.transmission || null,
    features: c.features ?? null, location: c.location || null, seatsMin: c.seatsMin ?? null,
    efficient: !!c.efficient, towing: !!c.towing, newDriver: !!c.newDriver, monthly: c.monthly ?? null,
  };
}

function matches(v: LotRow, f: Filter): boolean {
  if (f.bodyType !== null && v.bodyType !== f.bodyType) return false;
  if (f.notBodyTypes !== null && f.notBodyTypes.includes(v.bodyType)) return false;
  if (f.make !== null && v.makeLower !== f.make) return false;
  if (f.model !== null && v.modelLower !== f.model) return false;
  if (f.yearMin !== null && v.year < f.yearMin) return false;
  if (f.yearMax !== null && v.year > f.yearMax) return false;
  if (f.priceMin !== null && v.price < f.priceMin) return false;
  if (f.priceMax !== null && v.price > f.priceMax) return false;
  if (f.mileageMax !== null && v.mileage > f.mileageMax) return false;
  if (f.drivetrains !== null && !f.drivetrains.includes(v.drivetrain ?? '')) return false;
  if (f.fuels !== null && !f.fuels.includes(v.fuelType)) return false;
  if (f.transmission !== null && v.transmission !== f.transmission) return false;
  if (f.features !== null && f.features.some((x) => !v.features.includes(x))) return false;
  if (f.location !== null && v.location !== f.location) return false;
  if (f.seatsMin !== null && (v.seats ?? 0) < f.seatsMin) return false;
  if (f.efficient && !v.efficient) return false;
  if (f.towing && !v.towCapable) return false;
  if (f.newDriver && !v.newDriverFit) return false;
  if (f.monthly !== null && monthlyPaymentOf(v, f.monthly) > f.monthly.budget) return false;
  return true;
}

const ORDER: Record<Sort, (a: LotRow, b: LotRow) => number> = {
  recommended: (a, b) => b.year - a.year || a.mileage - b.mileage || a.id - b.id,
  'price-asc': (a, b) => a.price - b.price || a.id - b.id,
  'price-desc': (a, b) => b.price - a.price || a.id - b.id,
  'year-desc': (a, b) => b.year - a.year || a.price - b.price || a.id - b.id,
  'mileage-asc': (a, b) => a.mileage - b.mileage || a.id - b.id,
  efficiency: (a, b) => a.efficiencyRank - b.efficiencyRank || a.price - b.price || a.id - b.id,
};

export function defaultSort(c: Criteria): Sort {
  if (c.sort) return c.sort;
  if (c.efficient) return 'efficiency';
  if (c.priceMax !== undefined || c.monthly) return 'price-desc';
  return 'recommended';
}

export interface LotResult { total: number; vehicles: LotRow[] }

/** The matches' count and the first `limit` in order: one pass keeping the best few (no sort of every match). */
export function searchLot(lot: readonly LotRow[], c: Criteria, limit = 5): LotResult {
  const order = ORDER[defaultSort(c)];
  const filter = toFilter(c);
  const top: LotRow[] = [];
  let total = 0;
  for (const v of lot) {
    if (!matches(v, filter)) continue;
    total++;
    if (top.length === limit && order(v, top[limit - 1]!) >= 0) continue;
    let i = top.length === limit ? limit - 1 : top.length;
    while (i > 0 && order(v, top[i - 1]!) < 0) { top[i] = top[i - 1]!; i--; }
    top[i] = v;
  }
  return { total, vehicles: top };
}

// ---- The snapshot ----

/** With other writers (PostgreSQL, several instances), re-read at most this often; with one writer, only on change. */
const SNAPSHOT_REFRESH_MS = 5_000;

/** The available vehicles, and the same by id (built once per snapshot). */
export interface Lot { rows: LotRow[]; byId: Map<number, LotRow> }

async function readLot(ctx: InventoryContext): Promise<Lot> {
  const read = await ctx.db.select({
    ...vehicleColumns('id', 'year', 'make', 'model', 'trim', 'price', 'mileage', 'bodyType', 'transmission', 'engine', 'drivetrain', 'fuelType', 'seats', 'features', 'location', 'stockNumber'),

  // Issue 33 §2: the assistant speaks for the dealer: "we have … in stock" counts dealer stock, never private
  // sellers' listings (which the back office does not count as stock either).
  }).from(vehicles).where(and(eq(vehicles.status, 'available'), eq(vehicles.sellerType, 'dealer')));
  // Re-made as plain values in one object shape (with toLotRow's literal): scanning the driver's rows, or rows made
  // by spreading them, measured 7-19 ms for a filter over 10,000 vehicles against 0.2-0.5 ms, and every question scans.
  const rows = (JSON.parse(JSON.stringify(read)) as LotVehicle[]).map(toLotRow);
  return { rows, byId: new Map(rows.map((v) => [v.id, v])) };
}

async function readVocabulary(ctx: InventoryContext): Promise<Vocabulary> {
  const facets = facetsSchema.parse(JSON.parse(await getFacets(ctx)));
  return makeVocabulary(facets.makes.map((m) => m.value), facets.models.map((m) => ({ make: m.make, model: m.model })));
}

interface Kept<T> { at: number; value: Promise<T> }

/**
 * The lot as one app's assistant sees it (owned by its service, issue 31 §1: two apps in one process share
 * nothing): the available vehicles, and the makes and models on them for reading questions. Both are dropped the
 * moment this process changes the inventory (the cache's invalidation) and re-read in the background every few
 * seconds when other instances may write, so their writes arrive too without making a shopper wait for the read.
 */
export class LotView {
  private lot: Kept<Lot> | null = null;
  private vocab: Kept<Vocabulary> | null = null;

  constructor(private readonly ctx: InventoryContext) {
    ctx.cache.onInvalidate(() => { this.lot = null; this.vocab = null; });
  }

  read(now = Date.now()): Promise<Lot> {
    const snap = this.lot;
    if (!snap) {
      const fresh: Kept<Lot> = { at: now, value: readLot(this.ctx) };
      this.lot = fresh;
      fresh.value.catch(() => { if (this.lot === fresh) this.lot = null; });
      return fresh.value;
    }
    if (Number.isFinite(this.ctx.cache.ttlMs) && now - snap.at > Math.max(SNAPSHOT_REFRESH_MS, this.ctx.cache.ttlMs)) {
      snap.at = now;
      readLot(this.ctx).then((lot) => { if (this.lot === snap) snap.value = Promise.resolve(lot); }, () => { /* keep the last good one */ });
    }
    return snap.value;
  }

  /** The makes and models on the lot now: worked out once per inventory state, not per question (issue 20). */
  vocabulary(now = Date.now()): Promise<Vocabulary> {
    if (!this.vocab || now - this.vocab.at > this.ctx.cache.ttlMs) {
      const fresh: Kept<Vocabulary> = { at: now, value: readVocabulary(this.ctx) };
      this.vocab = fresh;
      fresh.value.catch(() => { if (this.vocab === fresh) this.vocab = null; });
    }
    return this.vocab.value;
  }
}
