// Up to 6 available vehicles like this one (same body type, close in price and year), offered on every vehicle page
// and prominently on a sold one: GET /api/vehicles/:id/similar (routes.ts).
import { and, eq, ne, sql } from 'drizzle-orm';
import { isHeld } from '@domain/holds';
import type { Vehicle } from '@domain/vehicle';
import { isActiveAdmin, type User } from '@domain/auth';
import { vehicles } from '../../db/schema';
import { toVehicle, vehicleWithPhotosColumns } from './mapper';
import { notFound } from '../../errors';
import type { InventoryContext } from './service';

export const SIMILAR_LIMIT = 6;
/** "Close": within this share of the price and this many model years. */
const PRICE_BAND = 0.35;
const YEAR_BAND = 4;

export async function getSimilarVehicles(ctx: InventoryContext, id: number, user: User | null): Promise<Vehicle[]> {
  // Same visibility as the vehicle page: unknown, or a pending listing the caller may not see → 404.
  const [base] = await ctx.db.select({
    price: vehicles.price, year: vehicles.year, bodyType: vehicles.bodyType, status: vehicles.status, ownerId: vehicles.ownerId, heldUntil: vehicles.heldUntil,
  }).from(vehicles).where(eq(vehicles.id, id));
  // A held vehicle (issue 19) is public like an available one.
  if (!base || (base.status === 'pending' && !isHeld(base) && !isActiveAdmin(user) && user?.id !== base.ownerId)) throw notFound('Vehicle not found');
  return ctx.cache.get(`similar:${id}`, async () => {
    // Ranked by relative price distance plus a tenth per model year apart: a $2,000 gap on a $40,000 truck
    // weighs about as much as half a model year.
    const distance = sql`abs(${vehicles.price} - ${base.price}::int)::float8 / ${Math.max(base.price, 1)}::float8 + abs(${vehicles.year} - ${base.year}::int) * 0.1`;
    const rows = await ctx.db.select(vehicleWithPhotosColumns).from(vehicles)
      .where(and(
        eq(vehicles.status, 'available'),
        ne(vehicles.id, id),
        sql`lower(${vehicles.bodyType}) = lower(${base.bodyType})`,
        sql`${vehicles.price} between ${Math.floor(base.price * (1 - PRICE_BAND))}::int and ${Math.ceil(base.price * (1 + PRICE_BAND))}::int`,
        sql`${vehicles.year} between ${base.year - YEAR_BAND}::int and ${base.year + YEAR_BAND}::int`,
      ))
      .orderBy(distance, vehicles.id)
      .limit(SIMILAR_LIMIT);
    return rows.map(toVehicle);
  });
}
