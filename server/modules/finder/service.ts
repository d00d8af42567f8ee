// Vehicle finder (shopping issue: "a short questionnaire that ranks real inventory and says why each match fits").
// The ranking is the domain rule; this loads the candidates and returns the matches in the API's vehicle shape.
import { eq, inArray } from 'drizzle-orm';
import { finderPriceCap, rankForFinder, type FinderAnswers, type FinderResult, type FinderVehicle } from '@domain/finder';
import { vehicles } from '../../db/schema';
import type { InventoryContext } from '../vehicles/service';
import { toVehicle, vehicleWithPhotosColumns } from '../vehicles/mapper';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { vehicleColumns } from '../vehicles/columns';

/** The most matches one answer lists: enough to choose from, few enough to read. */
export const MAX_FINDER_MATCHES = 12;

/** Only what the ranking reads: the whole lot in a few hundred small rows. */
const finderColumns = vehicleColumns('id', 'year', 'make', 'model', 'price', 'originalPrice', 'mileage', 'bodyType', 'seats', 'fuelType', 'drivetrain', 'features');

/** Available vehicles only: a sold one leaves every search at once (AMVIC), and pending private listings are not public. */
async function loadCandidates(ctx: InventoryContext): Promise<FinderVehicle[]> {
  const rows = await ctx.db.select(finderColumns).from(vehicles).where(eq(vehicles.status, 'available'));
  return rows.map(({ originalPrice, ...v }) => ({ ...v, isOnSale: originalPrice !== null && originalPrice > v.price }));
}

export async function findVehicles(ctx: InventoryContext, answers: FinderAnswers, now: Date = new Date()): Promise<FinderResult> {
  // Cached with the inventory: any vehicle change empties it (server/modules/vehicles/cache.ts).
  const candidates = await ctx.cache.get('finder:candidates', () => loadCandidates(ctx));
  const ranked = rankForFinder(candidates, answers, now, MAX_FINDER_MATCHES);
  const priceCap = finderPriceCap(answers.budget);
  if (!ranked.length) return { matches: [], priceCap };

  const rows = await ctx.db.select(vehicleWithPhotosColumns).from(vehicles)
    .where(inArray(vehicles.id, ranked.map((m) => m.vehicle.id)));
  const byId = new Map(rows.filter((r) => r.status === 'available').map((r) => [r.id, toVehicle(r)]));
  const matches = ranked.flatMap((m) => {
    const vehicle = byId.get(m.vehicle.id);
    return vehicle ? [{ vehicle, score: m.score, reasons: m.reasons }] : [];
  });
  return { matches, priceCap };
}

/** The finder service as the app holds it (server/services.ts); it reads the lot through the inventory cache. */
export function finderService(deps: Deps) {
  return bindFirst({ db: deps.db, cache: deps.inventoryCache } satisfies InventoryContext, { findVehicles });
}
