// What shoppers hear about inventory changes (issue 5 "Notifications"): a price drop or a sale of a vehicle they
// saved, and new matches for their saved searches. Subscribed to the vehicle write API's events (modules/vehicles/
// commands.ts), which publishes them after the change commits: a notice never announces a change that was rolled
// back, and a failure here never undoes a change (it is logged by the publisher).
import { and, eq, sql } from 'drizzle-orm';
import { savedSearchFiltersSchema, savedSearchUrl, vehicleMatchesSearch } from '@domain/saved';
import { vehicleTitle as titleOf } from '@domain/vehicle';
import type { Db, Tx } from '../../db/client';
import { savedSearches, savedVehicles, users, vehicles } from '../../db/schema';
import type { VehicleEvent } from '../vehicles/commands';
import { notify, type NewNotification } from './notify';
import { vehicleColumns } from '../vehicles/columns';
import { pacer, yieldToRequests } from '../../lib/yielding';

type PriceChangedEvent = Extract<VehicleEvent, { type: 'price-changed' }>;
type StatusChangedEvent = Extract<VehicleEvent, { type: 'status-changed' }>;

/** The subscriber: every notice of one committed change lands in one transaction. */
export function vehicleNotices(db: Db, publicUrl: string) {
  return async (events: readonly VehicleEvent[]) => {
    const relevant = events.filter((e) => e.type === 'price-changed' || e.type === 'status-changed' || e.type === 'listed');
    if (!relevant.length) return;
    // What this change listed is read before the transaction, a few hundred at a time with a turn of the event loop
    // between (issue 30 §5: an import lists thousands at once, and one read of them all, inside the transaction,
    // held the embedded database's one connection from other requests for half a second).
    const listed = await readListed(db, [...new Set(relevant.flatMap((e) => (e.type === 'listed' ? e.vehicleIds : [])))]);
    await db.transaction(async (tx) => {
      for (const e of relevant) {
        if (e.type === 'price-changed') await vehiclePriceChanged(tx, publicUrl, e);
        else if (e.type === 'status-changed') await vehicleStatusChanged(tx, publicUrl, e);
      }
      // One pass over the saved searches for everything this change listed.
      await vehiclesListed(tx, publicUrl, listed);
    });
  };
}

const money = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });
const cad = (n: number) => money.format(n);

async function vehicleTitle(tx: Tx, vehicleId: number) {
  const [v] = await tx.select(vehicleColumns('year', 'make', 'model', 'trim', 'status'))
    .from(vehicles).where(eq(vehicles.id, vehicleId));
  return v ? { title: titleOf(v), status: v.status } : null;
}

/** Active users who saved the vehicle, with the price when they saved it. */
async function saversOf(tx: Tx, vehicleId: number) {
  return tx.select({ userId: savedVehicles.userId, originalPrice: savedVehicles.originalPrice })
    .from(savedVehicles).innerJoin(users, eq(users.id, savedVehicles.userId))
    .where(and(eq(savedVehicles.vehicleId, vehicleId), eq(users.isActive, 1)));
}

/** A price drop on a saved vehicle: a price_drop notice to everyone who saved it, with the old and new price. */
async function vehiclePriceChanged(tx: Tx, publicUrl: string, event: PriceChangedEvent): Promise<void> {
  if (event.price >= event.previousPrice) return;
  const v = await vehicleTitle(tx, event.vehicleId);
  // A drop on a vehicle nobody can buy (sold, or hidden awaiting review) is not news.
  if (!v || v.status !== 'available') return;
  const savers = await saversOf(tx, event.vehicleId);
  const drop = event.previousPrice - event.price;
  await notify(tx, publicUrl, savers.map((s): NewNotification => ({
    userId: s.userId,
    type: 'price_drop',
    event: 'saved_vehicle.price_drop',
    vehicleId: event.vehicleId,
    link: `/vehicles/${event.vehicleId}`,
    title: `Price drop: ${v.title}`,
    message: `The ${v.title} you saved is now ${cad(event.price)}, down ${cad(drop)} from ${cad(event.previousPrice)}.`,
    data: { previousPrice: event.previousPrice, price: event.price, savedPrice: s.originalPrice || null },
  })));
}

/** A saved vehicle sold: a notice to everyone who saved it, pointing at the saved page's similar vehicles. */
async function vehicleStatusChanged(tx: Tx, publicUrl: string, event: StatusChangedEvent): Promise<void> {
  if (event.status !== 'sold' || event.previousStatus === 'sold') return;
  const v = await vehicleTitle(tx, event.vehicleId);
  if (!v) return;
  const savers = await saversOf(tx, event.vehicleId);
  await notify(tx, publicUrl, savers.map((s): NewNotification => ({
    userId: s.userId,
    type: 'warning',
    event: 'saved_vehicle.sold',
    vehicleId: event.vehicleId,
    link: '/saved',
    title: `Sold: ${v.title}`,
    message: `The ${v.title} you saved has been sold. Your saved list shows similar vehicles.`,
  })));
}

/**
 * Newly listed vehicles matched against every saved search (domain/saved.ts vehicleMatchesSearch, the listing's
 * rules): one notice per search that gained matches. Searches are read in one pass; at a dealership's scale (a few
 * thousand searches) that is a fast in-memory loop.
 */
const LISTED_READ_CHUNK = 250;
const listedColumns = vehicleColumns('id', 'year', 'make', 'model', 'trim', 'bodyType', 'transmission', 'features', 'price', 'mileage', 'searchText', 'status', 'ownerId');

/** The listed vehicles as they are now, those still available. */
async function readListed(db: Db, ids: number[]) {
  const out = [];
  for (let k = 0; k < ids.length; k += LISTED_READ_CHUNK) {
    if (k > 0) await yieldToRequests();
    const chunk = ids.slice(k, k + LISTED_READ_CHUNK);
    out.push(...await db.select(listedColumns).from(vehicles).where(sql`${vehicles.id} = any(${sql.param(chunk)}::int[])`));
  }
  return out.filter((v) => v.status === 'available');
}

async function vehiclesListed(tx: Tx, publicUrl: string, available: Awaited<ReturnType<typeof readListed>>): Promise<void> {
  if (!available.length) return;
  const searches = await tx.select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, filters: savedSearches.filters })
    .from(savedSearches).innerJoin(users, eq(users.id, savedSearches.userId)).where(eq(users.isActive, 1));
  const notes: NewNotification[] = [];
  const pace = pacer();
  for (const s of searches) {
    await pace();
    const parsed = savedSearchFiltersSchema.safeParse(s.filters);
    if (!parsed.success) continue;
    // A seller is not told about their own listing.
    const matches = available.filter((v) => v.ownerId !== s.userId && vehicleMatchesSearch(parsed.data, v));
    if (!matches.length) continue;
    const first = matches[0]!;
    const firstTitle = titleOf(first);
    notes.push({
      userId: s.userId,
      type: 'info',
      event: 'saved_search.match',
      vehicleId: matches.length === 1 ? first.id : null,
      link: matches.length === 1 ? `/vehicles/${first.id}` : savedSearchUrl(parsed.data),
      title: `New match for “${s.name}”`,
      message: matches.length === 1
        ? `A ${firstTitle} at ${cad(first.price)} matches your saved search “${s.name}”.`
        : `${matches.length} new vehicles match your saved search “${s.name}”, including a ${firstTitle} at ${cad(first.price)}.`,
      data: { savedSearchId: s.id, vehicleIds: matches.map((m) => m.id) },
    });
  }
  await notify(tx, publicUrl, notes);
}
