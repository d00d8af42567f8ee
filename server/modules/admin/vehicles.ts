// The back office's inventory writes (issue 4): create and edit through the one input schema, the inventory table's
// query, and bulk actions. Every change goes through the vehicle write API (modules/vehicles/commands.ts), in one
// transaction with its price history and audit entries; caches and shoppers' notices follow the commit.
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BulkActionInput, InventoryPage, InventoryQuery, InventoryRow } from '@domain/admin';
import { AGED_DAYS, bulkNewPrice } from '@domain/admin';
import { VEHICLE_STATUSES, type VehicleStatus } from '@domain/constants';
import type { AdminVehicle, VehiclePatch, VehicleValues } from '@domain/vehicle-input';
import { ORIGINAL_PRICE_MESSAGE, originalPriceOk } from '@domain/vehicle-input';
import type { Db, Tx } from '../../db/client';
import { readDisclosures } from '@domain/amvic-disclosures';
import { priceHistory, users, vehiclePhotos, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuditActor } from '../audit/record';
import type { InventoryCache } from '../vehicles/cache';
import { auditedFields, type VehicleCommands } from '../vehicles/commands';
import { toVehicle, vehicleDetailColumns, vehicleWithPhotosColumns } from '../vehicles/mapper';
import { nextStockNumber } from '../vehicles/stock-numbers';
import { vehicleColumns } from '../vehicles/columns';

export interface AdminContext { db: Db; cache: InventoryCache; vehicles: VehicleCommands }

/** The one admin view of a vehicle: public fields, who owns it, and every price change with who made it. */
export async function loadAdminVehicle(db: Db | Tx, id: number): Promise<AdminVehicle | null> {
  const [row] = await db.select(vehicleDetailColumns).from(vehicles).where(eq(vehicles.id, id));
  if (!row) return null;
  const history = await db
    .select({ price: priceHistory.price, previousPrice: priceHistory.previousPrice, changedAt: priceHistory.changedAt, changedBy: users.username })
    .from(priceHistory).leftJoin(users, eq(users.id, priceHistory.changedBy))
    .where(eq(priceHistory.vehicleId, id))
    .orderBy(desc(priceHistory.changedAt), desc(priceHistory.id));
  return {
    ...toVehicle(row),
    ownerId: row.ownerId,
    amvicDisclosures: readDisclosures(row.amvicDisclosures),
    priceHistory: history.map((h) => ({ price: h.price, previousPrice: h.previousPrice, changedAt: h.changedAt.toISOString(), changedBy: h.changedBy })),
  };
}

export async function getAdminVehicle(ctx: AdminContext, id: number): Promise<AdminVehicle> {
  const vehicle = await loadAdminVehicle(ctx.db, id);
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

/** 409 when another vehicle already has this VIN or stock number (the table's unique keys, said in words). */
async function assertUnique(tx: Tx, values: { vin: string; stockNumber: string | null }, exceptId?: number) {
  const others = (col: typeof vehicles.vin | typeof vehicles.stockNumber, value: string) =>
    tx.select(vehicleColumns('id', 'stockNumber')).from(vehicles)
      .where(and(eq(col, value), exceptId ? ne(vehicles.id, exceptId) : undefined)).limit(1);
  const [vin] = await others(vehicles.vin, values.vin);
  if (vin) throw conflict(`A vehicle with VIN ${values.vin} is already in the inventory (stock ${vin.stockNumber})`, { vin: 'This VIN is already in the inventory' });
  if (values.stockNumber) {
    const [stock] = await others(vehicles.stockNumber, values.stockNumber);
    if (stock) throw conflict(`Stock number ${values.stockNumber} is already used by another vehicle`, { stockNumber: 'This stock number is already used' });
  }
}

export async function createVehicle(ctx: AdminContext, actor: AuditActor, input: VehicleValues): Promise<AdminVehicle> {
  return ctx.vehicles.transaction(actor, async (w) => {
    await assertUnique(w.tx, input);
    const stockNumber = input.stockNumber ?? await nextStockNumber(w.tx, input.location);
    const [created] = await w.create([{ ...input, stockNumber, sellerType: 'dealer' }]);
    return (await loadAdminVehicle(w.tx, created!.id))!;
  });
}

/**
 * PUT (every field) and PATCH (some fields) of one vehicle. A blank stock number keeps the current one. Price
 * history, the sale time, events and audit entries are the write API's (modules/vehicles/commands.ts).
 */
export async function updateVehicle(ctx: AdminContext, actor: AuditActor, id: number, patch: VehiclePatch | VehicleValues): Promise<AdminVehicle> {
  return ctx.vehicles.transaction(actor, async (w) => {
    const [current] = await w.lock([id]);
    if (!current) throw notFound('Vehicle not found');
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<VehicleValues>;
    const after = { ...current, ...given, stockNumber: given.stockNumber || current.stockNumber };
    if (!originalPriceOk(after.price, after.originalPrice)) throw badRequest(`Invalid body: ${ORIGINAL_PRICE_MESSAGE}`, { originalPrice: ORIGINAL_PRICE_MESSAGE });
    if (after.status === 'pending' && current.status !== 'pending') {
      throw badRequest('Invalid body: status pending is for private listings waiting for review; choose available or sold', { status: 'Choose available or sold' });
    }
    if (JSON.stringify(auditedFields(after)) !== JSON.stringify(auditedFields(current))) {
      await assertUnique(w.tx, after, id);
      await w.update(current, { ...given, stockNumber: after.stockNumber });
    }
    return (await loadAdminVehicle(w.tx, id))!;
  });
}

// ---------------------------------------------------------------- inventory table

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const daysOnLotSql = sql<number>`floor(extract(epoch from (coalesce(${vehicles.soldAt}, now()) - ${vehicles.createdAt})) / 86400)::int`;
const photoCountSql = sql<number>`(select count(*)::int from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id)`;
const coverSql = sql<string | null>`(select p.storage_key || '-' || (
    select (v->>'width') from jsonb_array_elements(p.variants) v where v->>'format' = 'webp' order by (v->>'width')::int limit 1
  ) || '.webp' from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id order by p.position, p.id limit 1)`;

export async function listInventory(ctx: AdminContext, q: InventoryQuery): Promise<InventoryPage> {
  const where: SQL[] = [];
  if (q.search) {
    const term = `%${escapeLike(q.search.toLowerCase())}%`;
    where.push(or(ilike(vehicles.searchText, term), ilike(vehicles.vin, term), ilike(vehicles.stockNumber, term))!);
  }
  if (q.status.length) where.push(inArray(vehicles.status, q.status));
  if (q.location.length) where.push(inArray(vehicles.location, q.location));
  if (q.bodyType.length) where.push(inArray(vehicles.bodyType, q.bodyType));
  if (q.aged) where.push(and(eq(vehicles.status, 'available'), sql`${vehicles.createdAt} < now() - make_interval(days => ${AGED_DAYS})`)!);
  // Issue 19: above the market average (a stored rating with a positive difference; only available vehicles are rated).
  if (q.market) where.push(sql`exists (select 1 from deal_ratings r where r.vehicle_id = ${vehicles}.id and r.difference > 0)`);
  if (q.market === 'aged-above') where.push(sql`${vehicles.createdAt} < now() - make_interval(days => ${AGED_DAYS})`);
  if (q.noPhotos) where.push(sql`not exists (select 1 from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id)`);
  const filter = where.length ? and(...where) : undefined;

  const sortColumn = {
    createdAt: vehicles.createdAt, price: vehicles.price, year: vehicles.year, mileage: vehicles.mileage, make: sql`lower(${vehicles.make})`,
    stockNumber: vehicles.stockNumber, daysOnLot: daysOnLotSql, updatedAt: vehicles.updatedAt,
  }[q.sort];
  const order = q.dir === 'asc' ? asc(sortColumn) : desc(sortColumn);

  const [rows, total, statusCounts] = await Promise.all([
    ctx.db.select({
      ...vehicleColumns('id', 'vin', 'stockNumber', 'year', 'make', 'model', 'trim', 'price', 'originalPrice', 'mileage', 'bodyType', 'status', 'sellerType', 'location', 'createdAt', 'updatedAt', 'soldAt'),
      photoCount: photoCountSql, cover: coverSql, daysOnLot: daysOnLotSql,
      dealRating: vehicleWithPhotosColumns.dealRating,
    }).from(vehicles).where(filter).orderBy(order, desc(vehicles.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(vehicles).where(filter).then((r) => r[0]?.total ?? 0),
    ctx.db.select({ status: vehicles.status, n: sql<number>`count(*)::int` }).from(vehicles).groupBy(vehicles.status),
  ]);
  const counts = Object.fromEntries(VEHICLE_STATUSES.map((s) => [s, statusCounts.find((c) => c.status === s)?.n ?? 0])) as Record<VehicleStatus, number>;
  return {
    rows: rows.map(({ cover, ...r }): InventoryRow => ({
      ...r,
      coverUrl: cover ? `/uploads/${cover}` : null,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), soldAt: r.soldAt?.toISOString() ?? null,
    })),
    total,
    page: q.page,
    pageCount: Math.max(1, Math.ceil(total / q.limit)),
    counts,
  };
}

// ---------------------------------------------------------------- bulk actions

const BULK_MESSAGES = {
  'mark-sold': (n: number) => (n === 1 ? 'Vehicle marked as sold' : `${n} vehicles marked as sold`),
  'mark-available': (n: number) => (n === 1 ? 'Vehicle marked as available' : `${n} vehicles marked as available`),
  delete: (n: number) => (n === 1 ? 'Vehicle deleted' : `${n} vehicles deleted`),
  price: (n: number) => (n === 1 ? 'Price updated' : `${n} prices updated`),
} as const;

/**
 * One action on many vehicles, all or nothing (issue 4, "Inventory table"). An id that does not exist fails the
 * whole request (404, nothing changed), so an admin never wonders which half went through. A private listing still
 * waiting for review is moderated in /admin/listings, not sold or published from here (409).
 */
export async function bulkAction(ctx: AdminContext, actor: AuditActor, input: BulkActionInput & { ids: number[] }) {
  const affected = await ctx.vehicles.transaction(actor, async (w) => {
    const rows = await w.lock(input.ids);
    const missing = input.ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notFound(`Vehicle${missing.length > 1 ? 's' : ''} not found: ${missing.slice(0, 20).join(', ')}`);
    switch (input.action) {
      case 'mark-sold':
      case 'mark-available': {
        const to = input.action === 'mark-sold' ? 'sold' : 'available';
        const pending = rows.filter((r) => r.status === 'pending');
        if (pending.length) {
          throw conflict(`${pending.map((r) => r.stockNumber).join(', ')}: private listing${pending.length > 1 ? 's' : ''} waiting for review; approve or reject in Private listings`);
        }
        for (const r of rows) await w.setStatus(r, to);
        // Already in the asked state counts as done: the admin's intent holds for every selected vehicle.
        return rows.length;
      }
      case 'delete':
        await w.remove(rows);
        return rows.length;
      case 'price': {
        let count = 0;
        const note = `bulk ${input.mode === 'percent' ? `${input.value}%` : `$${input.value}`}`;
        for (const r of rows) {
          const price = bulkNewPrice(r.price, input.mode, input.value);
          if (price === r.price) continue;
          await w.changePrice(r, price, { audit: { note } });
          count += 1;
        }
        return count;
      }
    }
  });
  return { message: BULK_MESSAGES[input.action](affected), affected };
}
