// Saved searches (issue 5, "Saved vehicles"): listing filters kept under a name, with the count of vehicles listed
// since the user last looked. Matching is domain/saved.ts vehicleMatchesSearch, the same rule the new-match
// notifications use (server/modules/vehicles/events.ts).
import { and, desc, eq, gt } from 'drizzle-orm';
import { MAX_SAVED_SEARCHES, savedSearchFiltersSchema, savedSearchUrl, vehicleMatchesSearch, type SavedSearch, type SavedSearchFilters } from '@domain/saved';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { savedSearches, vehicles } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { vehicleColumns } from '../vehicles/columns';

const NOT_FOUND = 'Saved search not found';
/** The newest vehicles looked at for "new since your last visit"; more than a month of arrivals at a large lot. */
const NEW_SCAN_LIMIT = 2000;

export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  if (!rows.length) return [];
  const since = new Date(Math.min(...rows.map((r) => r.lastSeenAt.getTime())));
  const recent = await db.select(vehicleColumns('make', 'model', 'bodyType', 'transmission', 'features', 'price', 'year', 'mileage', 'searchText', 'createdAt')).from(vehicles).where(and(eq(vehicles.status, 'available'), gt(vehicles.createdAt, since)))
    .orderBy(desc(vehicles.createdAt)).limit(NEW_SCAN_LIMIT);
  return rows.map((r) => {
    const filters: SavedSearchFilters = savedSearchFiltersSchema.parse(r.filters);
    const newCount = recent.filter((v) => v.createdAt > r.lastSeenAt && vehicleMatchesSearch(filters, v)).length;
    return {
      id: r.id, name: r.name, filters, url: savedSearchUrl(filters),
      lastSeenAt: r.lastSeenAt.toISOString(), createdAt: r.createdAt.toISOString(), newCount,
    };
  });
}

export async function createSavedSearch(db: Db, userId: number, input: { name: string; filters: SavedSearchFilters }): Promise<SavedSearch> {
  const count = await db.$count(savedSearches, eq(savedSearches.userId, userId));
  if (count >= MAX_SAVED_SEARCHES) throw conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`);
  const [row] = await db.insert(savedSearches).values({ userId, name: input.name, filters: input.filters }).returning({ id: savedSearches.id });
  const all = await listSavedSearches(db, userId);
  return all.find((s) => s.id === row!.id)!;
}

const mine = (userId: number, id: number) => and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

/** The user opened the search: its matches so far are no longer new. */
export async function markSavedSearchSeen(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db.update(savedSearches).set({ lastSeenAt: new Date(), updatedAt: new Date() }).where(mine(userId, id)).returning({ id: savedSearches.id });
  if (!rows.length) throw notFound(NOT_FOUND);
}

export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db.delete(savedSearches).where(mine(userId, id)).returning({ id: savedSearches.id });
  if (!rows.length) throw notFound(NOT_FOUND);
}

/** An account's deletion (accounts/profile.ts deleteAccount, issue 31 §3): in the deletion's transaction. */
export async function forgetUserSearches(tx: Tx, userId: number): Promise<void> {
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
}

/** The saved-searches service as the app holds it (server/services.ts): a user's searches and what is new in them. */
export function savedSearchesService(deps: Deps) {
  return bindFirst(deps.db, { listSavedSearches, createSavedSearch, markSavedSearchSeen, deleteSavedSearch });
}
