// Each vehicle's listing JSON kept in the database (issue 17; docs/decisions/013-inventory-index.md): what
// GET /api/vehicles shows of a vehicle, serialised once per change instead of on every page read. At 100,000
// vehicles most of a page's vehicles are beyond the inventory index's in-memory JSON budget; mapping, validating and
// serialising them on every request cost about 2 ms of CPU per page, a read of stored text a fraction of that.
//
// Never stale: triggers (migration 0014) bump a vehicle's `version` and clear its `json` in the transaction of any
// write to what the JSON reads (vehicles, vehicle_photos, deal_ratings), whoever writes. Nothing in the JSON is
// computed from the current time (held_until and sold_at are stored; the hold expiry job writes the vehicle), so a
// stored JSON stays true until one of those rows changes. A fill reads the vehicle and its version in one statement
// and stores its JSON only if the version is unchanged: a write committed in between wins.
import { inArray, sql } from 'drizzle-orm';
import { vehicleSchema } from '@domain/vehicle';
import type { Db, Tx } from '../../db/client';
import { vehicles } from '../../db/schema';
import { toVehicle, vehicleWithPhotosColumns } from './mapper';

/**
 * The shape of the stored JSON. Bump it with any change to what toVehicle or vehicleSchema produce: JSON stored in
 * another format is recomputed (listing-json.test.ts pins a fixed vehicle's JSON to this number: it fails until both move).
 */
export const LISTING_JSON_FORMAT = 1;

type Runner = Pick<Db, 'execute' | 'select'> | Pick<Tx, 'execute' | 'select'>;

const rowsOf = <T,>(result: unknown) => (result as { rows: T[] }).rows;

/** A vehicle's listing JSON and the version of its row it was computed from (0: no row yet). */
export interface ComputedJson { id: number; version: number; json: string }

/** The listing JSON of these vehicles, computed now, each with its version read in the same statement (one snapshot). */
export async function computeListingJson(db: Runner, ids: readonly number[]): Promise<ComputedJson[]> {
  if (!ids.length) return [];
  const rows = await db.select({
    ...vehicleWithPhotosColumns,
    listingVersion: sql<number>`coalesce((select j.version from vehicle_listing_json j where j.vehicle_id = ${vehicles}.id), 0)`.mapWith(Number),
  }).from(vehicles).where(inArray(vehicles.id, [...ids]));
  return rows.map((r) => ({ id: r.id, version: r.listingVersion, json: JSON.stringify(vehicleSchema.parse(toVehicle(r))) }));
}

/**
 * Stores computed JSON where the vehicle's version is still the one it was computed from. A vehicle removed since is
 * skipped: its row is locked (key share) while the fill inserts, so the foreign key cannot fail half-way.
 */
export async function storeListingJson(db: Runner, computed: readonly ComputedJson[]): Promise<void> {
  if (!computed.length) return;
  await db.execute(sql`
    insert into vehicle_listing_json (vehicle_id, version, format, json)
    select x.id, x.version, ${LISTING_JSON_FORMAT}, x.json
    from unnest(${sql.param(computed.map((c) => c.id))}::int[], ${sql.param(computed.map((c) => c.version))}::int[],
      ${sql.param(computed.map((c) => c.json))}::text[]) as x(id, version, json)
    join vehicles v on v.id = x.id
    for key share of v
    on conflict (vehicle_id) do update set json = excluded.json, format = excluded.format
    where vehicle_listing_json.version = excluded.version`);
}

/**
 * The listing JSON of these vehicles by id: one indexed read of the stored ones; the others (never filled, changed
 * since, or of an older format) are computed, stored and returned. A vehicle that does not exist is left out.
 */
export async function readListingJson(db: Runner, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const stored = rowsOf<{ vehicle_id: number; json: string }>(await db.execute(sql`
    select vehicle_id, json from vehicle_listing_json
    where vehicle_id = any(${sql.param([...ids])}::int[]) and json is not null and format = ${LISTING_JSON_FORMAT}`));
  for (const r of stored) out.set(Number(r.vehicle_id), r.json);
  const missing = ids.filter((id) => !out.has(id));
  if (!missing.length) return out;
  const computed = await computeListingJson(db, missing);
  await storeListingJson(db, computed);
  for (const c of computed) out.set(c.id, c.json);
  return out;
}

/**
 * Fills every vehicle whose JSON is missing or of an older format, in id order, `batch` vehicles per query, until
 * done or `shouldStop`. The table persists, so at 100,000 vehicles this serialises the lot once per database, not
 * once per start. Returns the number of vehicles computed.
 */
export async function fillListingJson(db: Runner, opts: { batch?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  const batch = opts.batch ?? 500;
  let after = 0;
  let filled = 0;
  while (!opts.shouldStop?.()) {
    const ids = rowsOf<{ id: number }>(await db.execute(sql`
      select v.id from vehicles v left join vehicle_listing_json j on j.vehicle_id = v.id
      where v.id > ${after} and (j.json is null or j.format <> ${LISTING_JSON_FORMAT})
      order by v.id limit ${batch}`)).map((r) => Number(r.id));
    if (!ids.length) break;
    const computed = await computeListingJson(db, ids);
    await storeListingJson(db, computed);
    filled += computed.length;
    after = ids[ids.length - 1]!;
  }
  return filled;
}
