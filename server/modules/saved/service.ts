// The server copy of a user's saved vehicles (issue 5, "Saved vehicles"; spec §3, §4, §7). The browser's list is
// the one the shopper edits; every change is synced here, replacing this list, so notifications (price drop, sold)
// reach the right people. At login the client merges both lists and syncs the union (domain/saved.ts).
import { and, asc, eq, inArray, isNotNull, notInArray, or } from 'drizzle-orm';
import type { SavedVehicleDetailInput, SavedVehiclesResponse } from '@domain/saved';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { savedVehicles, vehicles } from '../../db/schema';
import { toVehicle, vehicleWithPhotosColumns } from '../vehicles/mapper';
import { vehicleColumns } from '../vehicles/columns';

export async function getSavedVehicles(db: Db, userId: number): Promise<SavedVehiclesResponse> {
  const rows = await db.select().from(savedVehicles).where(eq(savedVehicles.userId, userId)).orderBy(asc(savedVehicles.savedAt));
  const ids = rows.map((r) => r.vehicleId);
  // Sold vehicles stay on the list (marked sold, with similar ones offered), and held ones (issue 19: "On hold
  // until …"); a pending private listing is shown as it is now only to the people who may see it, so it is left out.
  const found = ids.length
    ? (await db.select(vehicleWithPhotosColumns).from(vehicles).where(and(inArray(vehicles.id, ids), or(inArray(vehicles.status, ['available', 'sold']), isNotNull(vehicles.heldUntil))))).map(toVehicle)
    : [];
  return {
    savedVehicles: ids,
    savedVehicleDetails: rows.map((r) => ({ vehicleId: r.vehicleId, savedAt: r.savedAt.toISOString(), originalPrice: r.originalPrice })),
    vehicles: found,
  };
}

/**
 * Replaces the user's list with `ids`. Vehicles already on it keep their save time and price; new ones take the
 * detail entry the browser sent (spec §3) or now and the current price. Unknown ids are skipped, not refused: a
 * vehicle deleted since it was saved must not make every later sync fail.
 */
export async function syncSavedVehicles(db: Db, userId: number, ids: number[], details: SavedVehicleDetailInput[] = []): Promise<{ saved: number }> {
  const unique = [...new Set(ids)];
  const detailOf = new Map(details.map((d) => [d.vehicleId, d]));
  await db.transaction(async (tx) => {
    await tx.delete(savedVehicles).where(unique.length
      ? and(eq(savedVehicles.userId, userId), notInArray(savedVehicles.vehicleId, unique))
      : eq(savedVehicles.userId, userId));
    if (!unique.length) return;
    const existing = await tx.select(vehicleColumns('id', 'price')).from(vehicles).where(inArray(vehicles.id, unique));
    if (!existing.length) return;
    await tx.insert(savedVehicles).values(existing.map((v) => {
      const d = detailOf.get(v.id);
      const savedAt = d ? new Date(d.savedAt) : new Date();
      return {
        userId,
        vehicleId: v.id,
        // A save time in the future (a wrong clock) is clamped to now.
        savedAt: savedAt.getTime() > Date.now() ? new Date() : savedAt,
        originalPrice: d?.originalPrice || v.price,
      };
    })).onConflictDoNothing();
  });
  return { saved: await db.$count(savedVehicles, eq(savedVehicles.userId, userId)) };
}

/** An account's deletion (accounts/profile.ts deleteAccount, issue 31 §3): in the deletion's transaction. */
export async function forgetUserSaved(tx: Tx, userId: number): Promise<void> {
  await tx.delete(savedVehicles).where(eq(savedVehicles.userId, userId));
}

/** The saved-vehicles service as the app holds it (server/services.ts): a user's list, read and synced. */
export function savedService(deps: Deps) {
  return bindFirst(deps.db, { getSavedVehicles, syncSavedVehicles });
}
