// Deal of the day (shopping issue): one featured sale vehicle per Edmonton calendar day, chosen by the domain rule,
// and the other current sale vehicles ranked by what they save.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { msUntilNextDeal, pickDealOfTheDay, savingOf } from '@domain/deals';
import type { Vehicle } from '@domain/vehicle';
import { vehicles } from '../../db/schema';
import type { InventoryContext } from '../vehicles/service';
import { toVehicle, vehicleWithPhotosColumns } from '../vehicles/mapper';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { albertaDate } from '@domain/alberta-time';

export const MAX_OTHER_DEALS = 24;

export interface DealsToday {
  deal: Vehicle | null;
  /** The dealership-local date (YYYY-MM-DD) the deal belongs to. */
  date: string;
  /** When the next deal starts: the next midnight in Edmonton. */
  nextDealAt: string;
  others: Vehicle[];
}

/** Available vehicles whose price was cut (isOnSale). Sold ones never appear (AMVIC: sold leaves the ads at once). */
async function loadOnSale(ctx: InventoryContext): Promise<Vehicle[]> {
  const rows = await ctx.db.select(vehicleWithPhotosColumns).from(vehicles)
    .where(and(eq(vehicles.status, 'available'), isNotNull(vehicles.originalPrice)))
    .orderBy(asc(vehicles.id));
  return rows.map(toVehicle).filter((v) => v.isOnSale);
}

export async function getDealsToday(ctx: InventoryContext, now: Date = new Date()): Promise<DealsToday> {
  // Cached with the inventory: any vehicle change empties it, so a sold deal disappears at once.
  const onSale = await ctx.cache.get('deals:on-sale', () => loadOnSale(ctx));
  const deal = pickDealOfTheDay(onSale, now);
  const others = onSale
    .filter((v) => v.id !== deal?.id)
    .sort((a, b) => savingOf(b) - savingOf(a) || a.id - b.id)
    .slice(0, MAX_OTHER_DEALS);
  return {
    deal,
    date: albertaDate(now),
    nextDealAt: new Date(now.getTime() + msUntilNextDeal(now)).toISOString(),
    others,
  };
}

/** The deals service as the app holds it (server/services.ts); it reads the lot through the inventory cache. */
export function dealsService(deps: Deps) {
  return bindFirst({ db: deps.db, cache: deps.inventoryCache } satisfies InventoryContext, { getDealsToday });
}
