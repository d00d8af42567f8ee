// Inventory reads and the admin mutations of spec §4/§7. Reads go through the inventory cache (./cache.ts).
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { isActiveAdmin, type User } from '@domain/auth';
import type { VehicleStatus } from '@domain/constants';
import {
  facetsSchema, paginatedVehiclesSchema, vehicleDetailSchema, vehicleSchema,
  type Facets, type PaginatedVehicles, type Vehicle, type VehicleDetail, type VehicleListQuery,
} from '@domain/vehicle';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { priceHistory, vehicles } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { AuditActor } from '../audit/record';
import type { InventoryCache } from './cache';
import type { VehicleCommands } from './commands';
import { toPriceChange, toVehicle, vehicleWithPhotosColumns } from './mapper';

export interface InventoryContext { db: Db; cache: InventoryCache }
/** Writes (mark sold or available, delete) go through the vehicle write API. */
export interface InventoryWriteContext { vehicles: VehicleCommands }
type StatusFilter = VehicleStatus | 'all';

const vehicleArraySchema = z.array(vehicleSchema);

/**
 * The cached reads are kept as finished JSON: the response schema's pass (which also drops fields such as
 * ownerId) and the stringify run once per cache fill instead of once per request. Routes send the string as is.
 */
function toJson<T extends z.ZodType>(schema: T, value: z.input<T>): string {
  return JSON.stringify(schema.parse(value));
}

/** Search words beyond this are ignored: a real query has a handful, and each costs an index probe. */
const MAX_SEARCH_TOKENS = 8;
/** Shorter words, and words without a letter ("2020"), match by substring only: fuzzy matching would be noise. */
const FUZZY_MIN_LENGTH = 4;

/**
 * Visitors and customers see available vehicles only (AMVIC: a sold vehicle leaves search results at once);
 * an active admin may list any status (foundation issue), and without asking sees what the public sees.
 */
export function effectiveStatus(requested: StatusFilter | undefined, user: User | null): StatusFilter {
  if (isActiveAdmin(user)) return requested ?? 'available';
  if (requested === undefined || requested === 'available') return 'available';
  throw forbidden('Admin access required to list sold or pending vehicles');
}

/** Lower-cased, de-duplicated, order-free filters: equal questions get equal cache keys and equal SQL. */
function normalize(q: VehicleListQuery) {
  const set = (values: string[], lower: boolean) => [...new Set(values.map((v) => (lower ? v.toLowerCase() : v)))].sort();
  return {
    page: q.page,
    limit: q.limit,
    sortBy: q.sortBy,
    search: [...new Set((q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_TOKENS),
    make: set(q.make, true),
    model: set(q.model, true),
    bodyType: set(q.bodyType, true),
    transmission: set(q.transmission, true),
    feature: set(q.feature, false),
    location: q.location,
    condition: q.condition,
    sellerType: q.sellerType,
    priceMin: q.priceMin,
    priceMax: q.priceMax,
    yearMin: q.yearMin,
    yearMax: q.yearMax,
    mileageMax: q.mileageMax,
  };
}
type ListFilter = ReturnType<typeof normalize>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Similar-looking inventory words to try as well (at most this many per search word). */
const MAX_SPELLINGS = 5;

/**
 * Every distinct word of the inventory's search text: a few hundred words, however large the lot. Typo matching
 * runs against this list instead of every vehicle's text, which is what keeps a fuzzy search fast.
 */
async function loadVocabulary(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select coalesce(array_agg(distinct w), '{}') as words
    from ${vehicles}, unnest(string_to_array(${vehicles.searchText}, ' ')) as w
    where length(w) >= ${FUZZY_MIN_LENGTH - 1}`);
  return (result as unknown as { rows: { words: string[] }[] }).rows[0]!.words;
}

/**
 * For each longer search word the inventory does not contain, the inventory words within pg_trgm word similarity
 * 0.45 of it, most similar first (one typo in "hyndai" still finds "hyundai"; the threshold is set per connection
 * in db/client.ts). Words the inventory knows ("f-150", or the prefix "toyo") are taken as typed: correcting
 * them would only add near misses such as "1500".
 */
async function spellingsFor(ctx: InventoryContext, tokens: string[]): Promise<Map<string, string[]>> {
  const spellings = new Map<string, string[]>();
  const candidates = tokens.filter((t) => t.length >= FUZZY_MIN_LENGTH && /\p{L}/u.test(t));
  if (!candidates.length) return spellings;
  const vocabulary = await ctx.cache.get('vocabulary', () => loadVocabulary(ctx.db));
  const unknown = candidates.filter((t) => !vocabulary.some((w) => w.includes(t)));
  if (!unknown.length) return spellings;
  const result = await ctx.db.execute(sql`
    select t as token, (array_agg(w order by word_similarity(t, w) desc, w))[1:${MAX_SPELLINGS}] as words
    from unnest(${sql.param(unknown)}::text[]) as t, unnest(${sql.param(vocabulary)}::text[]) as w
    where t <% w
    group by t`);
  for (const row of (result as unknown as { rows: { token: string; words: string[] }[] }).rows) spellings.set(row.token, row.words);
  return spellings;
}

/**
 * A search word matches when it occurs anywhere in the vehicle's search text (year, make, model, trim, body,
 * colours, fuel, drivetrain, features), so prefixes such as "toyo" and "f-15" match, or when one of its close
 * spellings from the inventory does. search_text is stored lower-cased, so LIKE on the lower-cased word is a
 * case-insensitive match (and twice as fast as ILIKE); both use the trigram GIN index.
 */
function searchCondition(token: string, spellings: string[] = []): SQL {
  const matches = [token, ...spellings].map((w) => sql`${vehicles.searchText} like ${`%${escapeLike(w)}%`}`);
  return matches.length === 1 ? matches[0]! : sql`(${sql.join(matches, sql` or `)})`;
}

function whereFor(f: ListFilter, status: StatusFilter, spellings: Map<string, string[]>): SQL | undefined {
  const lowerIn = (column: AnyPgColumn, values: string[]) => inArray(sql`lower(${column})`, values);
  const conditions: (SQL | undefined)[] = [
    status === 'all' ? undefined : eq(vehicles.status, status),
    f.make.length ? lowerIn(vehicles.make, f.make) : undefined,
    f.model.length ? lowerIn(vehicles.model, f.model) : undefined,
    f.bodyType.length ? lowerIn(vehicles.bodyType, f.bodyType) : undefined,
    f.transmission.length ? lowerIn(vehicles.transmission, f.transmission) : undefined,
    // Repeated features narrow the list: the vehicle must have all of them.
    f.feature.length ? arrayContains(vehicles.features, f.feature) : undefined,
    f.location ? eq(vehicles.location, f.location) : undefined,
    f.condition ? eq(vehicles.condition, f.condition) : undefined,
    f.sellerType ? eq(vehicles.sellerType, f.sellerType) : undefined,
    f.priceMin !== undefined ? gte(vehicles.price, f.priceMin) : undefined,
    f.priceMax !== undefined ? lte(vehicles.price, f.priceMax) : undefined,
    f.yearMin !== undefined ? gte(vehicles.year, f.yearMin) : undefined,
    f.yearMax !== undefined ? lte(vehicles.year, f.yearMax) : undefined,
    f.mileageMax !== undefined ? lte(vehicles.mileage, f.mileageMax) : undefined,
    ...f.search.map((token) => searchCondition(token, spellings.get(token))),
  ];
  return and(...conditions);
}

/** spec §9 sort keys, each ending in id so pages never overlap or skip. */
function orderFor(sortBy: VehicleListQuery['sortBy']): SQL[] {
  switch (sortBy) {
    case 'price-asc': return [asc(vehicles.price), asc(vehicles.id)];
    case 'price-desc': return [desc(vehicles.price), asc(vehicles.id)];
    case 'year-desc': return [desc(vehicles.year), asc(vehicles.id)];
    case 'mileage-asc': return [asc(vehicles.mileage), asc(vehicles.id)];
    // recommended: price cuts first (what a shopper hunts for), then the newest arrivals.
    case 'recommended': return [desc(sql`(${vehicles.originalPrice} is not null)`), desc(vehicles.createdAt), desc(vehicles.id)];
  }
}

/** Filters without paging and order: the key of a filter's count, which every page and sort order shares. */
const countKey = (f: ListFilter, status: StatusFilter) =>
  `count:${status}:${JSON.stringify({ ...f, page: undefined, limit: undefined, sortBy: undefined })}`;

async function loadPage(ctx: InventoryContext, f: ListFilter, status: StatusFilter): Promise<PaginatedVehicles> {
  const { db } = ctx;
  const where = whereFor(f, status, await spellingsFor(ctx, f.search));
  const order = orderFor(f.sortBy);
  // The count is cached on its own: paging and re-sorting reuse it. The page itself is one query: the
  // matching ids in order (an index read for the default order), then their rows and photos.
  const total = await ctx.cache.get(countKey(f, status), async () => {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(vehicles).where(where);
    return row?.n ?? 0;
  });
  const pageIds = db.select({ id: vehicles.id }).from(vehicles).where(where).orderBy(...order)
    .limit(f.limit).offset((f.page - 1) * f.limit);
  const rows = total > (f.page - 1) * f.limit
    ? await db.select(vehicleWithPhotosColumns).from(vehicles).where(inArray(vehicles.id, pageIds)).orderBy(...order)
    : [];
  const totalPages = Math.ceil(total / f.limit);
  return {
    vehicles: rows.map(toVehicle),
    pagination: {
      currentPage: f.page,
      totalPages,
      totalVehicles: total,
      hasNext: f.page < totalPages,
      hasPrevious: f.page > 1,
    },
  };
}

/**
 * GET /api/vehicles: one page of the filtered, sorted inventory, as the JSON answer (see toJson): with
 * format=paginated {vehicles, pagination}, otherwise the bare array of the page (spec §7).
 */
export function listVehicles(ctx: InventoryContext, query: VehicleListQuery, status: StatusFilter): Promise<string> {
  const filter = normalize(query);
  const paginated = query.format === 'paginated';
  return ctx.cache.get(`list:${status}:${paginated}:${JSON.stringify(filter)}`, async () => {
    const page = await loadPage(ctx, filter, status);
    return paginated ? toJson(paginatedVehiclesSchema, page) : toJson(vehicleArraySchema, page.vehicles);
  });
}

interface FacetRow {
  total: number;
  makes: Facets['makes'];
  body_types: Facets['bodyTypes'];
  transmissions: Facets['transmissions'];
  features: Facets['features'];
  models: Facets['models'];
  ranges: { priceMin: number | null; priceMax: number | null; yearMin: number | null; yearMax: number | null; mileageMax: number | null };
}

async function loadFacets(db: Db): Promise<Facets> {
  // One statement over the available stock: the filter sidebar and the home search card need all of it at once.
  const counted = (column: string, order: string) => sql.raw(`(
    select coalesce(json_agg(json_build_object('value', value, 'count', n) order by ${order}), '[]'::json)
    from (select ${column} as value, count(*)::int as n from v group by 1) s)`);
  const result = await db.execute(sql`
    with v as materialized (
      select make, model, body_type, transmission, features, price, year, mileage
      from ${vehicles} where ${vehicles.status} = 'available'
    )
    select
      (select count(*)::int from v) as total,
      ${counted('make', 'value')} as makes,
      ${counted('body_type', 'n desc, value')} as body_types,
      ${counted('transmission', 'n desc, value')} as transmissions,
      (select coalesce(json_agg(json_build_object('value', value, 'count', n) order by n desc, value), '[]'::json)
        from (select f as value, count(*)::int as n from v, unnest(v.features) as f group by 1) s) as features,
      (select coalesce(json_agg(json_build_object('make', make, 'model', model, 'bodyType', body_type, 'count', n)
          order by make, model, body_type), '[]'::json)
        from (select make, model, body_type, count(*)::int as n from v group by 1, 2, 3) s) as models,
      (select json_build_object('priceMin', min(price), 'priceMax', max(price), 'yearMin', min(year),
          'yearMax', max(year), 'mileageMax', max(mileage)) from v) as ranges
  `);
  const row = (result as unknown as { rows: FacetRow[] }).rows[0]!;
  const r = row.ranges;
  // An empty lot gives zeros with total 0; the client then applies its spec §3 fallback ranges.
  return {
    total: row.total,
    makes: row.makes,
    bodyTypes: row.body_types,
    transmissions: row.transmissions,
    features: row.features,
    models: row.models,
    price: { min: r.priceMin ?? 0, max: r.priceMax ?? 0 },
    year: { min: r.yearMin ?? 0, max: r.yearMax ?? 0 },
    mileage: { max: r.mileageMax ?? 0 },
  };
}

/** GET /api/vehicles/facets: what the filter sidebar offers, with counts (available vehicles only), as JSON. */
export function getFacets(ctx: InventoryContext): Promise<string> {
  return ctx.cache.get('facets', async () => toJson(facetsSchema, await loadFacets(ctx.db)));
}

/** The vehicle's JSON answer, plus what the visibility rule needs (not part of the answer). */
interface FoundVehicle { json: string; status: VehicleStatus; ownerId: number | null }

async function loadVehicle(db: Db, id: number): Promise<FoundVehicle | null> {
  const [row] = await db.select(vehicleWithPhotosColumns).from(vehicles).where(eq(vehicles.id, id));
  if (!row) return null;
  const history = await db.select({ price: priceHistory.price, previousPrice: priceHistory.previousPrice, changedAt: priceHistory.changedAt })
    .from(priceHistory).where(eq(priceHistory.vehicleId, id))
    .orderBy(desc(priceHistory.changedAt), desc(priceHistory.id));
  const vehicle: VehicleDetail = { ...toVehicle(row), priceHistory: history.map(toPriceChange) };
  return { json: toJson(vehicleDetailSchema, vehicle), status: row.status, ownerId: row.ownerId };
}

/**
 * GET /api/vehicles/:id, as JSON. A sold vehicle still answers, flagged isSold (its page may be bookmarked or
 * shared); a pending private listing is visible only to its owner and to admins, and is a plain 404 to anyone else.
 */
export async function getVehicle(ctx: InventoryContext, id: number, user: User | null): Promise<string> {
  const found = await ctx.cache.get(`vehicle:${id}`, () => loadVehicle(ctx.db, id));
  const visible = found && (found.status !== 'pending' || isActiveAdmin(user) || (user !== null && user.id === found.ownerId));
  if (!visible) throw notFound('Vehicle not found');
  return found.json;
}

async function setStatus(ctx: InventoryWriteContext, actor: AuditActor, id: number, status: 'sold' | 'available'): Promise<Vehicle> {
  const vehicle = await ctx.vehicles.transaction(actor, async (w) => {
    const [before] = await w.lock([id]);
    if (!before) return null;
    // Marking an already sold vehicle sold again changes nothing (its sale time stays).
    await w.setStatus(before, status);
    const [updated] = await w.tx.select(vehicleWithPhotosColumns).from(vehicles).where(eq(vehicles.id, id));
    return toVehicle(updated!);
  });
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

/** spec §4: available → sold (admin). The texts are the spec §8 success toasts. */
export async function markSold(ctx: InventoryWriteContext, actor: AuditActor, id: number) {
  return { message: 'Vehicle marked as sold', vehicle: await setStatus(ctx, actor, id, 'sold') };
}

/** spec §4: sold → available (admin); also approves a pending private listing. */
export async function markAvailable(ctx: InventoryWriteContext, actor: AuditActor, id: number) {
  return { message: 'Vehicle marked as available', vehicle: await setStatus(ctx, actor, id, 'available') };
}

/** spec §4: delete removes the vehicle permanently; photos rows and price history go with it (ON DELETE CASCADE). */
export async function deleteVehicle(ctx: InventoryWriteContext, actor: AuditActor, id: number) {
  const deleted = await ctx.vehicles.transaction(actor, async (w) => {
    const rows = await w.lock([id]);
    await w.remove(rows);
    return rows.length;
  });
  if (!deleted) throw notFound('Vehicle not found');
  return { message: 'Vehicle deleted' };
}
