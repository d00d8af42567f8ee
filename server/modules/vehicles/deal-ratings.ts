// Deal ratings kept with the inventory (issue 19; docs/decisions/017-deal-rating.md). The rule is domain's
// (domain/deal-rating.ts); this file reads the market it rates against and keeps the deal_ratings table in step with
// every vehicle write:
// - inside the write's own transaction (a VehicleCommands commit hook), the make/model groups the write touched are
//   recomputed: a price change of one vehicle moves the market of all its comparables, so the whole group is rated
//   again. The ratings commit or roll back with the change, so no crash leaves them stale.
// - vehicles whose rating moved are added to the write's `changed` event, so the inventory index re-reads them (the
//   best-deal order), the caches drop their JSON (the card's badge), and the change feed NOTIFYs other instances.
// - groups are locked (an advisory lock per group, taken in key order) before they are read, so two instances
//   changing one group at once rate it one after the other, each seeing the other's committed change.
import { sql } from 'drizzle-orm';
import {
  assessDeal, COMPARABLE_YEAR_SPAN, MIN_COMPARABLES, rateDeal, unratedSummary, explainDeal, toDealRating, type DealExplanation, type MarketVehicle, type PricingGuidance,
  type PricingGuidanceQuery, type RatingBandCounts,
} from '@domain/deal-rating';
import type { Db, Tx } from '../../db/client';
import { pacer, yieldToRequests } from '../../lib/yielding';
import { changedIds } from './change-feed';
import type { VehicleCommands, VehicleEvent } from './commands';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

const rowsOf = <T,>(result: unknown) => (result as { rows: T[] }).rows;

/** The group key as SQL computes it; domain's comparableGroup is the same for the makes and models we sell. */
const GROUP_KEY = sql.raw(`lower(v.make) || chr(31) || lower(v.model)`);

interface MarketRow extends MarketVehicle { status: string; group_key: string }

/**
 * The market of these groups: available vehicles (dealer stock and approved private listings) at their asking
 * price, and sold ones at their last asking price before the sale (price_history; the row's price when the history
 * has none). Pending listings are not on the market. All groups when `keys` is null.
 */
async function loadMarket(db: Runner, keys: string[] | null): Promise<MarketRow[]> {
  const result = await db.execute(sql`
    select v.id, v.make, v.model, v.trim, v.year, v.mileage, v.status, v.condition, ${GROUP_KEY} as group_key,
      case when v.status = 'sold' then coalesce((
        select ph.price from price_history ph
        where ph.vehicle_id = v.id and ph.changed_at <= v.sold_at order by ph.changed_at desc, ph.id desc limit 1
      ), v.price) else v.price end as price
    from vehicles v
    where v.status in ('available', 'sold') ${keys ? sql`and ${GROUP_KEY} = any(${sql.param(keys)}::text[])` : sql``}`);
  return rowsOf<{ id: number; make: string; model: string; trim: string | null; year: number; mileage: number; status: string; condition: 'new' | 'used'; group_key: string; price: number }>(result)
    // Spelled out, not spread: a spread of the driver's row objects gave slow, dictionary-shaped objects, and the
    // rating's loop over a group read them 20 times slower (minutes for a 100,000-vehicle lot).
    .map((r) => ({
      id: r.id, make: r.make, model: r.model, trim: r.trim, year: Number(r.year), mileage: Number(r.mileage), status: r.status,
      group_key: r.group_key, price: Number(r.price), sold: r.status === 'sold', condition: r.condition,
    }));
}

interface RatingRow {
  vehicleId: number; groupKey: string; rating: string | null; marketPrice: number | null; difference: number | null;
  differenceBp: number | null; comparableCount: number;
}

/**
 * Every vehicle of the market with its group; available ones rated against their group (null: too few comparables).
 * Issue 30: a bulk import re-rates whole groups (thousands of vehicles) on this thread; the rating gives the event
 * loop back every few milliseconds, so other requests are served meanwhile.
 */
async function rate(market: MarketRow[]): Promise<RatingRow[]> {
  const pace = pacer();
  const byGroup = new Map<string, MarketRow[]>();
  for (const v of market) {
    const list = byGroup.get(v.group_key);
    if (list) list.push(v);
    else byGroup.set(v.group_key, [v]);
  }
  const out: RatingRow[] = [];
  for (const [groupKey, group] of byGroup) {
    // Each model year's candidates: the group's vehicles within the comparable year span of it, gathered once.
    const byYear = new Map<number, MarketRow[]>();
    for (const v of group) {
      const list = byYear.get(v.year);
      if (list) list.push(v);
      else byYear.set(v.year, [v]);
    }
    const near = new Map<number, MarketRow[]>();
    for (const year of byYear.keys()) {
      const pool: MarketRow[] = [];
      for (let y = year - COMPARABLE_YEAR_SPAN; y <= year + COMPARABLE_YEAR_SPAN; y++) pool.push(...(byYear.get(y) ?? []));
      near.set(year, pool);
    }
    for (const v of group) {
      await pace();
      if (v.status !== 'available') {
        out.push({ vehicleId: v.id, groupKey, rating: null, marketPrice: null, difference: null, differenceBp: null, comparableCount: 0 });
        continue;
      }
      const a = rateDeal(v, near.get(v.year)!);
      out.push({ vehicleId: v.id, groupKey, rating: a.rating, marketPrice: a.marketPrice, difference: a.difference, differenceBp: a.differenceBp, comparableCount: a.comparableCount });
    }
  }
  return out;
}

/** What a row says: a change here must be written, and (but for the group) reach the index and the caches. */
const shown = (r: Omit<RatingRow, 'vehicleId' | 'groupKey'>) => `${r.rating}:${r.marketPrice}:${r.difference}:${r.differenceBp}:${r.comparableCount}`;

const RATINGS_CHUNK = 100;
/** Make/model groups read per statement when a change touches several (issue 30). */
const MARKET_KEYS_PER_READ = 2;

async function writeRatings(tx: Runner, rows: RatingRow[]): Promise<void> {
  // In chunks: one statement's parameters stay far below PostgreSQL's limit at any lot size, and (issue 30) one
  // statement on the embedded database, which runs on this thread, holds other requests up briefly; the event loop
  // gets a turn between chunks.
  for (let k = 0; k < rows.length; k += RATINGS_CHUNK) {
    if (k > 0) await yieldToRequests();
    const chunk = rows.slice(k, k + RATINGS_CHUNK);
    await tx.execute(sql`
      insert into deal_ratings (vehicle_id, group_key, rating, market_price, difference, difference_bp, comparable_count)
      select x.vehicle_id, x.group_key, x.rating, x.market_price, x.difference, x.difference_bp, x.comparable_count
      from json_to_recordset(${JSON.stringify(chunk.map((r) => ({
        vehicle_id: r.vehicleId, group_key: r.groupKey, rating: r.rating, market_price: r.marketPrice, difference: r.difference,
        difference_bp: r.differenceBp, comparable_count: r.comparableCount,
      })))}::json) as x(vehicle_id int, group_key text, rating text, market_price int, difference int, difference_bp int, comparable_count smallint)
      on conflict (vehicle_id) do update set group_key = excluded.group_key, rating = excluded.rating,
        market_price = excluded.market_price, difference = excluded.difference, difference_bp = excluded.difference_bp,
        comparable_count = excluded.comparable_count, computed_at = now()`);
  }
}

interface StoredRow { vehicle_id: number; group_key: string; rating: string | null; market_price: number | null; difference: number | null; difference_bp: number | null; comparable_count: number }

/**
 * Rates the groups again inside `tx`, writes the rows that differ, and reports the vehicles whose rating changed
 * (rated, unrated, another band, market or difference). Locks the groups first, in key order, so concurrent writers
 * never deadlock. `left` are vehicles that may have left these groups (removed, edited): their rows go if they are
 * no longer on the market.
 */
export async function recomputeGroups(tx: Tx, keys: string[], left: number[] = []): Promise<number[]> {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return [];
  // Shared with other writers, exclusive to a whole-lot rating (recomputeAllDealRatings): never both at once.
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('deal-rating:all'))`);
  for (const key of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deal-rating:${key}`}))`);
  const before = rowsOf<StoredRow>(await tx.execute(sql`
    select vehicle_id, group_key, rating, market_price, difference, difference_bp, comparable_count from deal_ratings
    where group_key = any(${sql.param(sorted)}::text[]) or vehicle_id = any(${sql.param(left)}::int[])`));
  // Issue 30: a group at a time (a few at once), so one statement of a bulk change's re-rating stays short.
  const market: MarketRow[] = [];
  for (let k = 0; k < sorted.length; k += MARKET_KEYS_PER_READ) {
    if (k > 0) await yieldToRequests();
    market.push(...await loadMarket(tx, sorted.slice(k, k + MARKET_KEYS_PER_READ)));
  }
  const fresh = await rate(market);
  const found = ratingChanges(before, fresh);
  await applyRatingChanges(tx, found);
  return found.changed;
}

/** Writes what ratingChanges found: the rows of vehicles off the market go, the rows that differ are written. */
async function applyRatingChanges(db: Runner, { gone, toWrite }: { gone: number[]; toWrite: RatingRow[] }): Promise<void> {
  if (gone.length) await db.execute(sql`delete from deal_ratings where vehicle_id = any(${sql.param(gone)}::int[])`);
  await writeRatings(db, toWrite);
}

/**
 * What rating `fresh` again means for the stored rows `before`: the rows to delete (vehicles no longer on the
 * market), the rows to write (only those that differ: a price change re-rates a group, but most of a large
 * group's rows stay), and the vehicles whose rating changed.
 */
function ratingChanges(before: StoredRow[], fresh: RatingRow[]): { gone: number[]; toWrite: RatingRow[]; changed: number[] } {
  const freshIds = new Set(fresh.map((r) => r.vehicleId));
  const old = new Map(before.map((r) => [r.vehicle_id, r]));
  const gone = before.filter((r) => !freshIds.has(r.vehicle_id)).map((r) => r.vehicle_id);
  const changed = new Set<number>();
  const toWrite: RatingRow[] = [];
  for (const r of fresh) {
    const o = old.get(r.vehicleId);
    const was = o ? shown({ rating: o.rating, marketPrice: o.market_price, difference: o.difference, differenceBp: o.difference_bp, comparableCount: Number(o.comparable_count) }) : null;
    const now = shown(r);
    if (was !== now) changed.add(r.vehicleId);
    if (was !== now || o!.group_key !== r.groupKey) toWrite.push(r);
  }
  for (const id of gone) if (old.get(id)!.rating !== null) changed.add(id);
  return { gone, toWrite, changed: [...changed] };
}

/**
 * The groups a change made in steps touched (an import on the embedded database, decision 031), rated again after
 * it finished, a group at a time, and written a chunk per transaction: one transaction over the thousands of rows
 * an import adds would hold the database's one connection from every other request for a second. Between the
 * import's end and this, the new vehicles show no rating yet, and the start's whole-lot rating mends what a crash
 * in between leaves. Returns the vehicles whose rating changed.
 */
export async function rateAfterSteps(db: Db, ids: number[]): Promise<number[]> {
  const changed: number[] = [];
  for (const key of (await groupsTouched(db, ids)).sort()) {
    const before = rowsOf<StoredRow>(await db.execute(sql`
      select vehicle_id, group_key, rating, market_price, difference, difference_bp, comparable_count from deal_ratings
      where group_key = ${key}`));
    const found = ratingChanges(before, await rate(await loadMarket(db, [key])));
    // writeRatings yields between its statements; outside a transaction each one commits on its own.
    await applyRatingChanges(db, found);
    changed.push(...found.changed);
    await yieldToRequests();
  }
  return changed;
}

/** The groups a change of these vehicles touches: their current make/model, and the group their row remembers. */
async function groupsTouched(tx: Runner, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const result = await tx.execute(sql`
    select ${GROUP_KEY} as key from vehicles v where v.id = any(${sql.param(ids)}::int[])
    union
    select group_key as key from deal_ratings where vehicle_id = any(${sql.param(ids)}::int[])`);
  return rowsOf<{ key: string }>(result).map((r) => r.key);
}

/**
 * Keeps ratings in step with every vehicle write: a commit hook, registered before the change feed's NOTIFY hook so
 * the vehicles whose rating moved are in the message to other instances too. A photo change (changedBeside) looks
 * like any edit here and rates its group again, which finds nothing moved: one small group read.
 */
export function keepDealRatings(commands: VehicleCommands, db: Db): void {
  commands.beforeCommit(async (tx, events, { inSteps }) => {
    // A change made in steps is rated after it finished (rateAfterSteps), outside its last transaction.
    if (inSteps) return;
    const ids = changedIds(events);
    if (!ids.length) return;
    const moved = await recomputeGroups(tx, await groupsTouched(tx, ids), ids);
    const extra = moved.filter((id) => !ids.includes(id));
    return extra.length ? [{ type: 'changed', vehicleIds: extra } satisfies VehicleEvent] : undefined;
  });
  commands.afterSteps((ids) => rateAfterSteps(db, ids));
}

/**
 * Rates the whole inventory again, in one transaction under one lock: at start (a lot seeded or imported in bulk
 * outside the write path, or a database from before the table existed) and from scripts. Returns the rated count.
 */
export async function recomputeAllDealRatings(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deal-rating:all'))`);
    const fresh = await rate(await loadMarket(tx, null));
    // Only the rows of vehicles no longer on the market go; the others are rewritten in place, and a row that says
    // what it said before leaves the vehicle's stored listing JSON valid (a trigger, ./listing-json.ts): deleting
    // every row at each start would make every vehicle's JSON stale.
    await tx.execute(sql`delete from deal_ratings r
      where not exists (select 1 from unnest(${sql.param(fresh.map((r) => r.vehicleId))}::int[]) f(id) where f.id = r.vehicle_id)`);
    await writeRatings(tx, fresh);
    return fresh.filter((r) => r.rating !== null).length;
  });
}

/** The make/model group of one vehicle, for an explanation or the back office's guidance. */
async function groupMarket(db: Runner, make: string, model: string): Promise<MarketRow[]> {
  const result = await db.execute(sql`select lower(${make}) || chr(31) || lower(${model}) as key`);
  return loadMarket(db, [rowsOf<{ key: string }>(result)[0]!.key]);
}

/**
 * GET /api/vehicles/:id/deal-rating: the rating and what it rests on, computed from the same rule over the same
 * rows the stored rating used (both follow every committed write). null when the vehicle does not exist. A vehicle
 * that is not for sale (sold or pending) gets no rating: its comparables are still listed when there are any.
 */
export async function explainVehicleDeal(db: Db, id: number): Promise<(DealExplanation & { status: string }) | null> {
  const result = await db.execute(sql`select id, make, model, year, mileage, price, status, condition from vehicles where id = ${id}`);
  const v = rowsOf<{ id: number; make: string; model: string; year: number; mileage: number; price: number; status: string; condition: 'new' | 'used' }>(result)[0];
  if (!v) return null;
  const subject = { id: v.id, make: v.make, model: v.model, year: Number(v.year), mileage: Number(v.mileage), price: Number(v.price), condition: v.condition };
  const a = assessDeal(subject, await groupMarket(db, v.make, v.model));
  const dealRating = v.status === 'available' ? toDealRating(a) : null;
  return {
    status: v.status,
    vehicleId: v.id,
    dealRating,
    summary: dealRating
      ? explainDeal({ difference: dealRating.difference, comparableCount: a.comparableCount, yearMin: a.yearMin!, yearMax: a.yearMax!, adjustedKm: a.adjustedKm }, v.model)
      : unratedSummary(v.status, a.comparableCount),
    comparableCount: a.comparableCount,
    yearMin: a.yearMin,
    yearMax: a.yearMax,
    adjustedKm: a.adjustedKm,
    comparables: a.comparables,
  };
}

/** GET /api/admin/pricing-guidance: the market a typed vehicle would meet, and the rating its typed price would get. */
export async function pricingGuidance(db: Db, q: PricingGuidanceQuery): Promise<PricingGuidance> {
  const a = assessDeal({ id: q.excludeId ?? null, make: q.make, model: q.model, year: q.year, mileage: q.mileage, price: q.price ?? 0, ...(q.condition ? { condition: q.condition } : {}) }, await groupMarket(db, q.make, q.model));
  const enough = a.marketPrice !== null;
  return {
    comparableCount: a.comparableCount,
    minComparables: MIN_COMPARABLES,
    rangeMin: a.rangeMin,
    rangeMax: a.rangeMax,
    average: enough ? a.marketPrice : null,
    yearMin: a.yearMin,
    yearMax: a.yearMax,
    rating: enough && q.price !== undefined ? a.rating : null,
    difference: enough && q.price !== undefined ? a.difference : null,
  };
}

/** The dashboard: dealer units in stock per rating band, and those without a rating (the dashboard's stock figures are the dealer's). */
export async function ratingBandCounts(db: Db): Promise<RatingBandCounts> {
  const result = await db.execute(sql`
    select coalesce(r.rating, 'notRated') as band, count(*)::int as n
    from vehicles v left join deal_ratings r on r.vehicle_id = v.id
    where v.status = 'available' and v.seller_type = 'dealer' group by 1`);
  const counts: RatingBandCounts = { great: 0, good: 0, fair: 0, high: 0, notRated: 0 };
  for (const r of rowsOf<{ band: keyof RatingBandCounts; n: number }>(result)) counts[r.band] = Number(r.n);
  return counts;
}
