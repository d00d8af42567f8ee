// Inventory reads and the admin mutations of spec §4/§7. The public listing and facets are answered by the inventory
// index (./search-index.ts) once it is built, and by SQL (./sql-search.ts) before and for admins' other statuses;
// SQL answers and vehicle details go through the inventory cache (./cache.ts).
import { desc, eq } from 'drizzle-orm';
import { isActiveAdmin, type User } from '@domain/auth';
import { isListed } from '@domain/holds';
import { CONDITIONS, LOCATIONS, type VehicleStatus } from '@domain/constants';
import {
  paginatedVehiclesSchema, stockFacetsSchema, paginationSchema, vehicleDetailSchema, vehicleFacetsQuerySchema, vehicleSchema,
  type Vehicle, type VehicleDetail, type VehicleFacetsQuery, type VehicleListQuery,
} from '@domain/vehicle';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { readDisclosures } from '@domain/amvic-disclosures';
import { priceHistory, vehicles } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { AuditActor } from '../audit/record';
import type { InventoryCache } from './cache';
import type { VehicleCommands } from './commands';
import { dealExplanationSchema } from '@domain/deal-rating';
import { explainVehicleDeal, pricingGuidance } from './deal-ratings';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { getSimilarVehicles } from './similar';
import { toPriceChange, toVehicle, vehicleDetailColumns, vehicleWithPhotosColumns } from './mapper';
import type { InventoryIndex } from './search-index';
import { normalizeFilter, normalizeQuery, orderFacets, type SearchFilter, type StatusFilter } from './search-filter';
import { sqlFacets, sqlPage } from './sql-search';

export interface InventoryContext {
  db: Db;
  cache: InventoryCache;
  /** The in-process index of available vehicles; absent or not yet built, SQL answers. */
  index?: InventoryIndex;
}
/** Writes (mark sold or available, delete) go through the vehicle write API. */
export interface InventoryWriteContext { vehicles: VehicleCommands }

const vehicleArraySchema = z.array(vehicleSchema);

/**
 * The cached reads are kept as finished JSON: the response schema's pass (which also drops fields such as
 * ownerId) and the stringify run once per cache fill instead of once per request. Routes send the string as is.
 */
function toJson<T extends z.ZodType>(schema: T, value: z.input<T>): string {
  return JSON.stringify(schema.parse(value));
}

/**
 * Visitors and customers see available vehicles only (AMVIC: a sold vehicle leaves search results at once), and held
 * ones (issue 19: the 'available' question is the public listing's, sql-search.ts listedSql);
 * an active admin may list any status (foundation issue), and without asking sees what the public sees.
 */
export function effectiveStatus(requested: StatusFilter | undefined, user: User | null): StatusFilter {
  if (isActiveAdmin(user)) return requested ?? 'available';
  if (requested === undefined || requested === 'available') return 'available';
  throw forbidden('Admin access required to list sold or pending vehicles');
}

/** The index answers the public listing (available vehicles) once built; anything else is SQL's. */
const indexFor = (ctx: InventoryContext, status: StatusFilter) => (status === 'available' && ctx.index?.ready ? ctx.index : null);

/**
 * GET /api/vehicles: one page of the filtered, sorted inventory, as the JSON answer (see toJson): with
 * format=paginated {vehicles, pagination}, otherwise the bare array of the page (spec §7). The index's answer is
 * assembled from each vehicle's JSON as serialised by the same schema, so it is the SQL path's to the byte
 * (search-index.test.ts); it is not cached, since a scan costs less than the cache's memory.
 */
export async function listVehicles(ctx: InventoryContext, query: VehicleListQuery, status: StatusFilter): Promise<string> {
  const filter = normalizeQuery(query);
  const paginated = query.format === 'paginated';
  const index = indexFor(ctx, status);
  if (index) {
    const page = await index.page(filter);
    const items = `[${(await index.vehiclesJson(page.ids)).join(',')}]`;
    return paginated ? `{"vehicles":${items},"pagination":${JSON.stringify(paginationSchema.parse(page.pagination))}}` : items;
  }
  return ctx.cache.get(`list:${status}:${paginated}:${JSON.stringify(filter)}`, async () => {
    const page = await sqlPage(ctx, filter, status);
    return paginated ? toJson(paginatedVehiclesSchema, page) : toJson(vehicleArraySchema, page.vehicles);
  });
}

/**
 * GET /api/vehicles/facets: what the filter sidebar offers, with counts that follow the filters (disjunctive
 * facets, see sql-search.ts sqlFacets), over available vehicles, as JSON.
 */
export async function getFacets(ctx: InventoryContext, query: VehicleFacetsQuery = EMPTY_FILTER): Promise<string> {
  const filter = normalizeFilter(query);
  const stock = await stockFacetsJson(ctx, filter);
  // Issue 33 §2: the store and condition choices, each counted with every filter but its own (the shopper sees what
  // Calgary would give with "used" still picked). Written after the rest, which both paths answer alike.
  const counts = async (key: 'location' | 'condition', values: readonly string[]) => {
    const out = [];
    for (const value of values) out.push({ value, count: await countOf(ctx, { ...filter, [key]: value }) });
    return JSON.stringify(out);
  };
  return `${stock.slice(0, -1)},"locations":${await counts('location', LOCATIONS)},"conditions":${await counts('condition', CONDITIONS)}}`;
}

async function stockFacetsJson(ctx: InventoryContext, filter: SearchFilter): Promise<string> {
  const index = indexFor(ctx, 'available');
  // The index writes the answer's exact shape itself (search-index.test.ts compares it with SQL's): no schema pass.
  if (index) return index.facetsJson(filter);
  return ctx.cache.get(`facets:${JSON.stringify(filter)}`, async () => toJson(stockFacetsSchema, orderFacets(await sqlFacets(ctx, filter))));
}

/** How many available vehicles pass the filter: the facets' own total, by whichever path answers them. */
async function countOf(ctx: InventoryContext, filter: SearchFilter): Promise<number> {
  const json = await stockFacetsJson(ctx, filter);
  const m = /"total":(\d+)/.exec(json);
  return m ? Number(m[1]) : (JSON.parse(json) as { total: number }).total;
}

const EMPTY_FILTER = vehicleFacetsQuerySchema.parse({});

/** The vehicle's JSON answer, plus what the visibility rule needs (not part of the answer). */
interface FoundVehicle { json: string; status: VehicleStatus; ownerId: number | null; heldUntil: Date | null }

async function loadVehicle(db: Db, id: number): Promise<FoundVehicle | null> {
  const [row] = await db.select(vehicleDetailColumns).from(vehicles).where(eq(vehicles.id, id));
  if (!row) return null;
  const history = await db.select({ price: priceHistory.price, previousPrice: priceHistory.previousPrice, changedAt: priceHistory.changedAt })
    .from(priceHistory).where(eq(priceHistory.vehicleId, id))
    .orderBy(desc(priceHistory.changedAt), desc(priceHistory.id));
  const vehicle: VehicleDetail = { ...toVehicle(row), priceHistory: history.map(toPriceChange), amvicDisclosures: readDisclosures(row.amvicDisclosures) };
  return { json: toJson(vehicleDetailSchema, vehicle), status: row.status, ownerId: row.ownerId, heldUntil: row.heldUntil };
}

/**
 * GET /api/vehicles/:id, as JSON. A sold vehicle still answers, flagged isSold (its page may be bookmarked or
 * shared); a held vehicle (issue 19) is public as an available one; a pending private listing is visible only to its
 * owner and to admins, and is a plain 404 to anyone else.
 */
export async function getVehicle(ctx: InventoryContext, id: number, user: User | null): Promise<string> {
  const found = await ctx.cache.get(`vehicle:${id}`, () => loadVehicle(ctx.db, id));
  const visible = found && (isListed(found) || found.status === 'sold' || isActiveAdmin(user) || (user !== null && user.id === found.ownerId));
  if (!visible) throw notFound('Vehicle not found');
  return found.json;
}

/**
 * GET /api/vehicles/:id/deal-rating, as JSON: the vehicle's visibility rule first (getVehicle), then the explanation,
 * cached with the inventory reads (dropped by every vehicle change, the ratings' included).
 */
export async function getDealExplanation(ctx: InventoryContext, id: number, user: User | null): Promise<string> {
  await getVehicle(ctx, id, user);
  const found = await ctx.cache.get(`deal:${id}`, async () => {
    const explanation = await explainVehicleDeal(ctx.db, id);
    if (!explanation) return null;
    const { status: _status, ...body } = explanation;
    return toJson(dealExplanationSchema, body);
  });
  if (!found) throw notFound('Vehicle not found');
  return found;
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

/** The vehicles service as the app holds it (server/services.ts): the public inventory reads and the admin's actions. */
export function vehiclesService(deps: Deps) {
  const read: InventoryContext = { db: deps.db, cache: deps.inventoryCache, index: deps.inventoryIndex };
  const write: InventoryWriteContext = { vehicles: deps.vehicleCommands };
  return {
    ...bindFirst(read, { listVehicles, getFacets, getVehicle, getDealExplanation, getSimilarVehicles }),
    ...bindFirst(write, { markSold, markAvailable, deleteVehicle }),
    ...bindFirst(deps.db, { pricingGuidance }),
  };
}
