// Private-seller listings (issue 5): the seller's own listings, admin moderation, and the buyer's message.
// A listing is a vehicles row (sellerType 'private seller', ownerId the seller) plus its private_listings row.
// The vehicle is 'available', and so in search, only while the listing is approved; otherwise it is 'pending'
// (hidden from everyone but its owner and admins, see vehicles/service.ts getVehicle) or 'sold'.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  canEdit, canMarkSold, canModerate, canWithdraw, LISTING_STATES,
  type ListingState, type ModerationListing, type MyListing, type PrivateListingValues,
} from '@domain/private-listings';
import type { z } from 'zod';
import type { buyerMessageSchema } from '@domain/private-listings';
import { vehicleTitle } from '@domain/vehicle';
import type { Db, Tx } from '../../db/client';
import { privateListings, users, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { createLead } from '../leads/service';
import { queueMail } from '../mail/mailer';
import { composeShopperMail } from '../shopper-mail/compose';
import { notify } from '../notifications/notify';
import { toVehicle, vehicleWithPhotosColumns } from '../vehicles/mapper';
import type { VehicleCommands, VehicleRow, VehicleWrite } from '../vehicles/commands';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { vehicleColumns } from '../vehicles/columns';

type VehicleStatus = 'available' | 'pending' | 'sold';

/** The vehicle status a listing state shows to search: only an approved listing is public. */
const vehicleStatusFor = (state: ListingState): VehicleStatus => (state === 'approved' ? 'available' : state === 'sold' ? 'sold' : 'pending');

const listingColumns = {
  listingId: privateListings.id,
  ownerId: privateListings.ownerId,
  state: privateListings.state,
  rejectionReason: privateListings.rejectionReason,
  submittedAt: privateListings.submittedAt,
  reviewedAt: privateListings.reviewedAt,
};

const selectListings = (db: Db | Tx) =>
  db.select({ ...vehicleWithPhotosColumns, ...listingColumns }).from(privateListings).innerJoin(vehicles, eq(vehicles.id, privateListings.vehicleId));
type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

function toMyListing(row: ListingRow): MyListing {
  const v = toVehicle(row);
  return {
    id: row.listingId,
    vehicleId: v.id,
    state: row.state,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    stockNumber: v.stockNumber,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    trim: v.trim,
    price: v.price,
    mileage: v.mileage,
    bodyType: v.bodyType,
    transmission: v.transmission,
    drivetrain: v.drivetrain,
    engine: v.engine,
    fuelType: v.fuelType,
    exteriorColor: v.exteriorColor,
    interiorColor: v.interiorColor,
    doors: v.doors,
    seats: v.seats,
    location: v.location,
    description: v.description,
    features: v.features,
    photos: v.photos,
  };
}

const title = (l: { year: number; make: string; model: string }) => vehicleTitle(l);

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';
const vinTaken = () => conflict('A vehicle with this VIN is already listed', { vin: 'vin is already listed' });

/** The vehicle columns a seller controls. */
const vehicleValues = (input: PrivateListingValues) => ({
  vin: input.vin,
  year: input.year,
  make: input.make,
  model: input.model,
  trim: input.trim,
  price: input.price,
  mileage: input.mileage,
  bodyType: input.bodyType,
  transmission: input.transmission,
  drivetrain: input.drivetrain,
  engine: input.engine,
  fuelType: input.fuelType,
  exteriorColor: input.exteriorColor,
  interiorColor: input.interiorColor,
  doors: input.doors,
  seats: input.seats,
  location: input.location,
  description: input.description,
  features: input.features,
});

/** Listing rows are this module's; the vehicle under each listing changes through the vehicle write API. */
export interface ListingsContext { db: Db; vehicles: VehicleCommands; publicUrl: string; /** Sends a queued e-mail after the commit (mailer.deliver). */ deliver?: (id: number) => Promise<unknown> }
export const contextOf = (app: Pick<Deps, 'db' | 'vehicleCommands' | 'config' | 'mailer'>): ListingsContext => ({
  db: app.db, vehicles: app.vehicleCommands, publicUrl: app.config.publicUrl, ...(app.mailer.deliver ? { deliver: (id: number) => app.mailer.deliver!(id) } : {}),
});

async function loadListing(db: Db | Tx, id: number): Promise<ListingRow | undefined> {
  const [row] = await selectListings(db).where(eq(privateListings.id, id));
  return row;
}

export async function listMine(db: Db, ownerId: number): Promise<MyListing[]> {
  const rows = await selectListings(db).where(eq(privateListings.ownerId, ownerId)).orderBy(desc(privateListings.createdAt), desc(privateListings.id));
  return rows.map(toMyListing);
}

/** Another user's listing answers exactly like a missing one: its existence is nobody else's business. */
export async function getMine(db: Db | Tx, ownerId: number, id: number): Promise<MyListing> {
  const row = await loadListing(db, id);
  if (!row || row.ownerId !== ownerId) throw notFound('Listing not found');
  return toMyListing(row);
}

export async function createListing(ctx: ListingsContext, ownerId: number, input: PrivateListingValues): Promise<MyListing> {
  let id: number;
  try {
    // The seller is the actor: the listing's history shows who submitted it (audited as the listing, not per field).
    id = await ctx.vehicles.transaction({ id: ownerId, name: `user ${ownerId}` }, async (w) => {
      const [taken] = await w.tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vin, input.vin));
      if (taken) throw vinTaken();
      const [vehicle] = await w.create([{
        ...vehicleValues(input),
        stockNumber: '',
        condition: 'used',
        sellerType: 'private seller',
        status: 'pending',
        ownerId,
      }], { privateStockNumber: true, audit: false });
      const [listing] = await w.tx.insert(privateListings).values({ vehicleId: vehicle!.id, ownerId, state: 'pending' }).returning({ id: privateListings.id });
      return listing!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw vinTaken();
    throw err;
  }
  return getMine(ctx.db, ownerId, id);
}

/** Locks the owner's listing for a change; 404 for anyone else's. */
async function lockMine(tx: Tx, ownerId: number, id: number) {
  const [row] = await tx.select({ id: privateListings.id, ownerId: privateListings.ownerId, state: privateListings.state, vehicleId: privateListings.vehicleId })
    .from(privateListings).where(eq(privateListings.id, id)).for('update');
  if (!row || row.ownerId !== ownerId) throw notFound('Listing not found');
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, row.vehicleId)).for('update');
  if (!vehicle) throw notFound('Listing not found');
  return { ...row, vehicle };
}

/**
 * Moves the vehicle to the status the new listing state implies. Not audited per vehicle: the listing's own entry
 * (moderation) or the seller's action is the record.
 */
async function syncVehicleStatus(w: VehicleWrite, vehicle: VehicleRow, state: ListingState) {
  await w.setStatus(vehicle, vehicleStatusFor(state), { audit: false });
}

const seller = (ownerId: number): AuditActor => ({ id: ownerId, name: `user ${ownerId}` });

/** An edit is a resubmission: the listing leaves search until an admin approves it again (issue 5). */
export async function updateListing(ctx: ListingsContext, ownerId: number, id: number, input: PrivateListingValues): Promise<MyListing> {
  try {
    await ctx.vehicles.transaction(seller(ownerId), async (w) => {
      const mine = await lockMine(w.tx, ownerId, id);
      if (!canEdit(mine.state)) throw conflict('A sold listing cannot be edited');
      const [taken] = await w.tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.vin, input.vin), sql`${vehicles.id} <> ${mine.vehicleId}`));
      if (taken) throw vinTaken();
      const edited = await w.update(mine.vehicle, vehicleValues(input), { audit: false });
      await resubmit(w.tx, id);
      await syncVehicleStatus(w, edited ?? mine.vehicle, 'pending');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw vinTaken();
    throw err;
  }
  return getMine(ctx.db, ownerId, id);
}

const resubmit = (tx: Tx, id: number) => tx.update(privateListings)
  .set({ state: 'pending', rejectionReason: null, reviewedAt: null, reviewedBy: null, submittedAt: sql`now()`, updatedAt: sql`now()` })
  .where(eq(privateListings.id, id));

/**
 * A photo change is an edit too: inside the photo transaction the listing goes back to review (issue 5: "a new or
 * edited listing waits for an admin's approval"). Locks the owner's listing; 404 for anyone else's.
 */
export function photoChangeResubmits(ownerId: number, id: number) {
  return async (w: VehicleWrite) => {
    const mine = await lockMine(w.tx, ownerId, id);
    if (!canEdit(mine.state)) throw conflict('A sold listing cannot be edited');
    await resubmit(w.tx, id);
    await syncVehicleStatus(w, mine.vehicle, 'pending');
  };
}

async function sellerStep(ctx: ListingsContext, ownerId: number, id: number, to: 'withdrawn' | 'sold'): Promise<MyListing> {
  await ctx.vehicles.transaction(seller(ownerId), async (w) => {
    const mine = await lockMine(w.tx, ownerId, id);
    const allowed = to === 'withdrawn' ? canWithdraw(mine.state) : canMarkSold(mine.state);
    if (!allowed) {
      throw conflict(to === 'withdrawn'
        ? `A listing that is ${mine.state} cannot be withdrawn`
        : 'Only a listing that is live in search can be marked sold');
    }
    await w.tx.update(privateListings).set({ state: to, updatedAt: sql`now()` }).where(eq(privateListings.id, id));
    await syncVehicleStatus(w, mine.vehicle, to);
  });
  return getMine(ctx.db, ownerId, id);
}

export const withdrawListing = (ctx: ListingsContext, ownerId: number, id: number) => sellerStep(ctx, ownerId, id, 'withdrawn');
export const markListingSold = (ctx: ListingsContext, ownerId: number, id: number) => sellerStep(ctx, ownerId, id, 'sold');

// ---- Moderation (admin) ----

export async function moderationQueue(db: Db, state: ListingState): Promise<{ listings: ModerationListing[]; counts: Record<ListingState, number> }> {
  const rows = await db.select({ ...vehicleWithPhotosColumns, ...listingColumns, sellerUsername: users.username, sellerFirstName: users.firstName, sellerEmail: users.email })
    .from(privateListings)
    .innerJoin(vehicles, eq(vehicles.id, privateListings.vehicleId))
    .innerJoin(users, eq(users.id, privateListings.ownerId))
    .where(eq(privateListings.state, state))
    // Oldest first: the queue is worked in the order sellers submitted.
    .orderBy(asc(privateListings.submittedAt), asc(privateListings.id))
    .limit(200);
  const countRows = await db.select({ state: privateListings.state, n: sql<number>`count(*)::int` }).from(privateListings).groupBy(privateListings.state);
  const counts = Object.fromEntries(LISTING_STATES.map((s) => [s, countRows.find((c) => c.state === s)?.n ?? 0])) as Record<ListingState, number>;
  return {
    listings: rows.map((r) => ({ ...toMyListing(r), seller: { id: r.ownerId, username: r.sellerUsername, firstName: r.sellerFirstName, email: r.sellerEmail } })),
    counts,
  };
}

async function lockForModeration(tx: Tx, id: number) {
  const [row] = await tx.select({ state: privateListings.state, vehicleId: privateListings.vehicleId, ownerId: privateListings.ownerId })
    .from(privateListings).where(eq(privateListings.id, id)).for('update');
  if (!row) throw notFound('Listing not found');
  if (!canModerate(row.state)) throw conflict(`This listing is ${row.state}, not waiting for review`);
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, row.vehicleId)).for('update');
  if (!vehicle) throw notFound('Listing not found');
  return { ...row, vehicle };
}

/**
 * Issue 33 §1: the seller's e-mail about the decision on their listing, queued in the decision's transaction. It is
 * transactional (their own listing), so it goes whatever their notification preferences say.
 */
async function queueDecisionMail(tx: Tx, publicUrl: string, l: { ownerId: number; vehicleId: number; vehicle: Parameters<typeof title>[0] & { location?: string | null } }, decision: 'approved' | 'declined', reason?: string) {
  const [seller] = await tx.select({ email: users.email, firstName: users.firstName, isActive: users.isActive }).from(users).where(eq(users.id, l.ownerId));
  if (!seller || seller.isActive !== 1) return null;
  const name = title(l.vehicle);
  return queueMail(tx, composeShopperMail(decision === 'approved' ? {
    to: seller.email, subject: `Your listing is live: ${name}`, greetingName: seller.firstName,
    intro: `We reviewed your private listing of the ${name} and approved it. It now appears in search, marked as a private seller's vehicle.`,
    paragraphs: ['Buyers write to you through the site; their messages reach you by e-mail. Mark the listing sold from My listings when it is gone.'],
    links: [{ label: 'Your listing', url: `${publicUrl}/vehicles/${l.vehicleId}` }],
    category: 'shopper_listing', userId: l.ownerId, city: l.vehicle.location ?? null,
  } : {
    to: seller.email, subject: `Your listing needs changes: ${name}`, greetingName: seller.firstName,
    intro: `We reviewed your private listing of the ${name} and could not approve it as it is.`,
    details: [['Reason', reason ?? '']],
    paragraphs: ['Edit the listing to fix this and it comes back to us for review. It stays hidden from search until it is approved.'],
    links: [{ label: 'My listings', url: `${publicUrl}/my-listings` }],
    category: 'shopper_listing', userId: l.ownerId, city: l.vehicle.location ?? null,
  }));
}

/** Approve: into search as 'private seller'; audited; the seller is told (issue 5). */
export async function approveListing(ctx: ListingsContext, actor: AuditActor, id: number) {
  const mailId = await ctx.vehicles.transaction(actor, async (w) => {
    const { tx } = w;
    const l = await lockForModeration(tx, id);
    await tx.update(privateListings).set({ state: 'approved', rejectionReason: null, reviewedAt: sql`now()`, reviewedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(privateListings.id, id));
    await syncVehicleStatus(w, l.vehicle, 'approved');
    await recordAudit(tx, actor, {
      action: 'listing.approve', entityType: 'private_listing', entityId: id,
      summary: `Approved private listing ${title(l.vehicle)} (vehicle ${l.vehicleId})`,
      before: { state: l.state }, after: { state: 'approved' },
    });
    await notify(tx, ctx.publicUrl, {
      userId: l.ownerId, type: 'success', event: 'listing.approved', vehicleId: l.vehicleId, link: `/vehicles/${l.vehicleId}`,
      title: 'Your listing is live',
      message: `Your ${title(l.vehicle)} was approved and now appears in search.`,
      emailedSeparately: true,
    });
    return queueDecisionMail(tx, ctx.publicUrl, l, 'approved');
  });
  if (mailId !== null) await ctx.deliver?.(mailId);
  return { message: 'Listing approved' };
}

/** Reject with a reason the seller reads; the listing stays hidden until they edit and resubmit. */
export async function rejectListing(ctx: ListingsContext, actor: AuditActor, id: number, reason: string) {
  const mailId = await ctx.vehicles.transaction(actor, async (w) => {
    const { tx } = w;
    const l = await lockForModeration(tx, id);
    await tx.update(privateListings).set({ state: 'rejected', rejectionReason: reason, reviewedAt: sql`now()`, reviewedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(privateListings.id, id));
    await syncVehicleStatus(w, l.vehicle, 'rejected');
    await recordAudit(tx, actor, {
      action: 'listing.reject', entityType: 'private_listing', entityId: id,
      summary: `Rejected private listing ${title(l.vehicle)} (vehicle ${l.vehicleId}): ${reason}`,
      before: { state: l.state }, after: { state: 'rejected', reason },
    });
    await notify(tx, ctx.publicUrl, {
      userId: l.ownerId, type: 'warning', event: 'listing.rejected', vehicleId: l.vehicleId, link: '/my-listings',
      title: 'Your listing needs changes',
      message: `Your ${title(l.vehicle)} was not approved: ${reason}`,
      emailedSeparately: true,
    });
    return queueDecisionMail(tx, ctx.publicUrl, l, 'declined', reason);
  });
  if (mailId !== null) await ctx.deliver?.(mailId);
  return { message: 'Listing rejected' };
}

// ---- Public: the seller's first name and the buyer's message ----

/** A live private listing's seller (active account); null when the vehicle is not one. */
async function liveSeller(db: Db, vehicleId: number) {
  const [row] = await db.select({ id: users.id, firstName: users.firstName, email: users.email, isActive: users.isActive, ...vehicleColumns('year', 'make', 'model', 'stockNumber') })
    .from(privateListings)
    .innerJoin(vehicles, eq(vehicles.id, privateListings.vehicleId))
    .innerJoin(users, eq(users.id, privateListings.ownerId))
    .where(and(eq(privateListings.vehicleId, vehicleId), eq(privateListings.state, 'approved'), eq(vehicles.status, 'available')));
  return row && row.isActive === 1 ? row : null;
}

export async function sellerOf(db: Db, vehicleId: number) {
  const seller = await liveSeller(db, vehicleId);
  if (seller) return { firstName: seller.firstName, canMessage: true };
  // A private unit on sale without a seller account here (the dealership lists it for its owner): shoppers ask
  // the dealership. An ordinary answer, not a 404, so every visit to its page does not log a failed request.
  const [live] = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.id, vehicleId), eq(vehicles.status, 'available')));
  if (!live) throw notFound('No private seller to contact for this vehicle');
  return { firstName: null, canMessage: false };
}

/**
 * The buyer's message goes to the seller by email (the outbox by default). The seller's address never
 * reaches the buyer; the buyer's own contact is in the message so the seller can answer.
 */
export async function messageSeller(app: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>, vehicleId: number, senderId: number | null, input: z.output<typeof buyerMessageSchema>) {
  const seller = await liveSeller(app.db, vehicleId);
  if (!seller) throw notFound('No private seller to contact for this vehicle');
  if (senderId === seller.id) throw badRequest('This is your own listing');
  const vehicle = `${title(seller)} (stock ${seller.stockNumber})`;
  const link = `${app.config.publicUrl}/vehicles/${vehicleId}`;
  const text = [
    `Hello${seller.firstName ? ` ${seller.firstName}` : ''},`,
    '',
    `${input.name} sent you a message about your ${vehicle} on Prairie Motor Hub:`,
    '',
    input.message,
    '',
    'To answer, contact the buyer directly:',
    `  Email: ${input.email}`,
    ...(input.phone ? [`  Phone: ${input.phone}`] : []),
    '',
    `Your listing: ${link}`,
    'We never share your email address or phone number with buyers. Meet in a public place and never send money before you see the buyer in person.',
  ].join('\n');
  // Issue 30: the seller's e-mail and the dealer's lead are recorded in one transaction (the outbox), so neither
  // exists without the other; the e-mail is sent after the commit (or by the dispatcher after a crash).
  const mailId = await app.db.transaction(async (tx) => {
    const id = await queueMail(tx, { to: seller.email, subject: `A buyer asked about your ${title(seller)}`, text, category: 'listing_message', userId: seller.id });
    // issue 6: the dealer's inbox holds every enquiry made on the site, private-listing messages included.
    await createLead(tx, {
      source: 'private_listing', leadType: 'listing_message', name: input.name, email: input.email, phone: input.phone ?? null,
      message: input.message, vehicleId, userId: senderId, ref: { type: 'private_listing_vehicle', id: vehicleId },
    });
    return id;
  });
  await app.mailer.deliver?.(mailId);
  return { message: 'Your message was sent to the seller' };
}

/**
 * An account's deletion (accounts/profile.ts deleteAccount, issue 31 §3): its private listings leave the site in the
 * deletion's vehicle transaction, since nobody is left to answer buyers. Withdrawn vehicles are hidden (pending),
 * audited as the account's deletion rather than per vehicle. Returns the vehicles that left sale.
 */
export async function withdrawListingsOf(w: VehicleWrite, ownerId: number): Promise<number[]> {
  const listed = await w.tx.update(privateListings).set({ state: 'withdrawn', updatedAt: new Date() })
    .where(and(eq(privateListings.ownerId, ownerId), sql`${privateListings.state} in ('pending', 'approved')`))
    .returning({ vehicleId: privateListings.vehicleId });
  const vehicleIds = listed.map((l) => l.vehicleId);
  for (const before of await w.lock(vehicleIds)) await w.setStatus(before, 'pending', { audit: false });
  return vehicleIds;
}

/**
 * The private-listings service as the app holds it (server/services.ts): the seller's listings and photos, the
 * buyer's message, the moderation queue. Its listings context is built once here, from the app's parts, instead of
 * in each route.
 */
export function privateListingsService(deps: Deps) {
  const ctx = contextOf(deps);
  return {
    ...bindFirst(ctx, { createListing, updateListing, withdrawListing, markListingSold, approveListing, rejectListing }),
    ...bindFirst(deps.db, { listMine, getMine, moderationQueue, sellerOf }),
    ...bindFirst(deps, { messageSeller }),
    /** The step a seller's photo change takes (the seller's photos themselves go through app.services.media). */
    photoChangeResubmits,
  };
}
