// First-start data, written once. The demo (development, or production with its customers' password replaced):
// the seeded admin, four customers, about 250 vehicles with generated photos and price history; generate.ts
// decides what the lot holds. The base (production, issue 15 item 1): the admin account alone, no default
// customer accounts. Either is written in one transaction, so a crash half-way leaves an empty database that the
// next start seeds again.
import { eq, sql } from 'drizzle-orm';
import { DEMO_CUSTOMER_PASSWORD } from '../../config';
import { DEALERSHIP } from '../../../domain/settings';
import { hashPassword } from '../../lib/password';
import type { Database, Db, Tx } from '../client';
import { appMeta, priceHistory, users, vehiclePhotos, vehicles } from '../schema';
import { insertRows } from './bulk';
import { DEFAULT_VEHICLE_COUNT, generateDemoData, type DemoData } from './generate';
import { ensurePhotoFiles } from './images';
import { PHOTO_FORMAT, PHOTO_HEIGHT, PHOTO_WIDTH, PHOTO_WIDTHS } from './photos';

export interface SeedOptions {
  uploadsDir: string;
  adminPassword: string;
  /** The demo customers' password (default: the documented DEMO_CUSTOMER_PASSWORD). */
  customerPassword?: string;
  /** Number of vehicles (default about 250). */
  vehicles?: number;
  /** Generate photo files (default true). Benchmarks and API tests turn this off. */
  images?: boolean;
  now?: Date;
  log?: (msg: string) => void;
  /** Photos rendered at once (default 2: one per core of a small server; sharp threads inside each). */
  imageConcurrency?: number;
  /** Rebuild secondary indexes after loading instead of updating them per row (default: from 5,000 vehicles). */
  bulkLoad?: boolean;
}

export { DEMO_CUSTOMER_PASSWORD } from '../../config';
/** Bump when the demo lot changes shape, so a stored marker says which seed a database holds. */
export const SEED_VERSION = 1;
export const SEED_MARKER_KEY = 'seed';

/** Vehicles per INSERT (with their photos and price history): big enough to be fast, small enough to stream. */
const BATCH = 500;
/** From this many vehicles on (benchmarks), indexes are rebuilt after loading instead of updated per row. */
const BULK_THRESHOLD = 5_000;

export interface SeedSummary {
  users: number;
  vehicles: number;
  photos: number;
  priceChanges: number;
}

/** Seeds demo data once: does nothing when the database already holds a seed marker. Returns whether it seeded. */
export async function seedIfEmpty(database: Database, opts: SeedOptions): Promise<boolean> {
  const log = opts.log ?? (() => {});
  if (await hasSeedMarker(database.db)) {
    log('seed: database already seeded, nothing to do');
    return false;
  }
  const prepared = await prepare(opts);
  const seeded = await database.db.transaction(async (tx) => {
    // Claim the marker first: a second process seeding at the same moment waits on this row, then finds it taken.
    const claimed = await tx.insert(appMeta).values({ key: SEED_MARKER_KEY, value: prepared.marker }).onConflictDoNothing().returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    await writeDemoData(tx, prepared, log);
    return true;
  });
  if (seeded) log(`seed: done in ${elapsed(prepared.started)}`);
  return seeded;
}

/** Writes a full demo lot without looking for the marker (benchmarks seed a fresh database with N vehicles). */
export async function seedDemoData(db: Db | Tx, opts: SeedOptions): Promise<SeedSummary> {
  const log = opts.log ?? (() => {});
  const prepared = await prepare(opts);
  const summary = await db.transaction(async (tx) => {
    const result = await writeDemoData(tx, prepared, log);
    await tx.insert(appMeta).values({ key: SEED_MARKER_KEY, value: prepared.marker })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: prepared.marker, updatedAt: prepared.now } });
    return result;
  });
  log(`seed: done in ${elapsed(prepared.started)}`);
  return summary;
}

/**
 * Production's first start (SEED unset): the admin account and nothing else, once. No demo customers, lot or
 * leads; the site's content pages come from ensureContent as always. Returns whether it seeded.
 */
export async function seedBaseIfEmpty(database: Database, opts: { adminPassword: string; log?: (msg: string) => void }): Promise<boolean> {
  if (await hasSeedMarker(database.db)) return false;
  const admin = generateDemoData({ vehicles: 0, now: new Date(), emailDomain: DEALERSHIP.email.split('@')[1] }).users.find((u) => u.role === 'admin')!;
  const passwordHash = await hashPassword(opts.adminPassword);
  const seeded = await database.db.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta).values({ key: SEED_MARKER_KEY, value: { version: SEED_VERSION, at: new Date().toISOString(), vehicles: 0, kind: 'base' } })
      .onConflictDoNothing().returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    await tx.insert(users).values({ username: admin.username, email: admin.email, passwordHash, firstName: admin.firstName, lastName: admin.lastName, role: 'admin', isActive: 1 })
      .onConflictDoNothing();
    return true;
  });
  if (seeded) opts.log?.('seed: the admin account (production: no demo data)');
  return seeded;
}

export async function hasSeedMarker(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, SEED_MARKER_KEY)).limit(1);
  return rows.length > 0;
}

interface Prepared {
  data: DemoData;
  bulkLoad: boolean;
  now: Date;
  started: number;
  marker: { version: number; at: string; vehicles: number };
  bytes: Map<string, number>;
  adminHash: string;
  customerHash: string;
}

/** Everything slow that does not need the database: the lot itself, photo files and password hashes. */
async function prepare(opts: SeedOptions): Promise<Prepared> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const now = opts.now ?? new Date();
  const count = opts.vehicles ?? DEFAULT_VEHICLE_COUNT;
  const data = generateDemoData({ vehicles: count, now, emailDomain: DEALERSHIP.email.split('@')[1] });
  log(`seed: generated ${data.vehicles.length} vehicles in ${elapsed(started)}`);
  const bytes = opts.images === false
    ? new Map<string, number>()
    : await ensurePhotoFiles(data.vehicles.flatMap((v) => v.photos), opts.uploadsDir, { concurrency: opts.imageConcurrency ?? 2, log });
  // argon2 is deliberately slow: hash the shared customer password once, not once per customer.
  const [adminHash, customerHash] = await Promise.all([hashPassword(opts.adminPassword), hashPassword(opts.customerPassword ?? DEMO_CUSTOMER_PASSWORD)]);
  const bulkLoad = opts.bulkLoad ?? data.vehicles.length >= BULK_THRESHOLD;
  return { data, bulkLoad, now, started, bytes, adminHash, customerHash, marker: { version: SEED_VERSION, at: now.toISOString(), vehicles: data.vehicles.length } };
}

async function writeDemoData(tx: Tx, p: Prepared, log: (msg: string) => void): Promise<SeedSummary> {
  const { data, now } = p;
  const DAY = 86_400_000;
  const userRows = await tx.insert(users).values(data.users.map((u, i) => ({
    username: u.username,
    email: u.email,
    passwordHash: u.role === 'admin' ? p.adminHash : p.customerHash,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    isActive: 1,
    // Accounts predate the oldest listing.
    createdAt: new Date(now.getTime() - (200 - i * 10) * DAY),
    updatedAt: new Date(now.getTime() - (200 - i * 10) * DAY),
  }))).returning({ id: users.id, username: users.username });
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  const adminId = userId.get('admin')!;
  log(`seed: ${userRows.length} users`);

  const bulk = p.bulkLoad;
  const restore = bulk ? await dropSecondaryIndexes(tx, ['vehicles', 'vehicle_photos', 'price_history']) : [];
  if (bulk) log(`seed: bulk load, ${restore.length} secondary indexes rebuilt afterwards`);
  const variants = PHOTO_WIDTHS.map((width) => ({ width, format: PHOTO_FORMAT }));
  let photoCount = 0;
  let priceCount = 0;
  for (let start = 0; start < data.vehicles.length; start += BATCH) {
    const batch = data.vehicles.slice(start, start + BATCH);
    const inserted = await insertRows(tx, vehicles, batch.map((v) => ({
      vin: v.vin,
      stockNumber: v.stockNumber,
      year: v.year,
      make: v.make,
      model: v.model,
      trim: v.trim,
      price: v.price,
      originalPrice: v.originalPrice,
      mileage: v.mileage,
      bodyType: v.bodyType,
      condition: v.condition,
      sellerType: v.sellerType,
      status: v.status,
      transmission: v.transmission,
      engine: v.engine,
      drivetrain: v.drivetrain,
      fuelType: v.fuelType,
      exteriorColor: v.exteriorColor,
      interiorColor: v.interiorColor,
      doors: v.doors,
      seats: v.seats,
      description: v.description,
      location: v.location,
      features: v.features,
      amvicDisclosures: v.amvicDisclosures,
      ownerId: v.ownerUsername ? userId.get(v.ownerUsername)! : null,
      soldAt: v.soldAt,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    })), ['id', 'vin']);
    // Match by VIN rather than trusting RETURNING's row order.
    const idOf = new Map(inserted.map((r) => [r.vin as string, r.id as number]));

    const photoRows = batch.flatMap((v) => v.photos.map((ph) => ({
      vehicleId: idOf.get(v.vin)!,
      position: ph.position,
      alt: ph.alt,
      storageKey: ph.storageKey,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      variants,
      bytes: p.bytes.get(ph.storageKey) ?? 0,
      createdAt: v.createdAt,
    })));
    await insertRows(tx, vehiclePhotos, photoRows);
    photoCount += photoRows.length;

    const priceRows = batch.flatMap((v) => v.priceHistory.map((c) => ({
      vehicleId: idOf.get(v.vin)!,
      previousPrice: c.previousPrice,
      price: c.price,
      changedBy: c.by === 'owner' && v.ownerUsername ? userId.get(v.ownerUsername)! : adminId,
      changedAt: c.changedAt,
    })));
    await insertRows(tx, priceHistory, priceRows);
    priceCount += priceRows.length;

    const done = Math.min(start + BATCH, data.vehicles.length);
    if (done === data.vehicles.length || done % 5_000 === 0) log(`seed: ${done}/${data.vehicles.length} vehicles with photos and price history`);
  }
  if (restore.length) {
    const started = Date.now();
    for (const statement of restore) await tx.execute(sql.raw(statement));
    log(`seed: rebuilt ${restore.length} indexes in ${elapsed(started)}`);
  }
  return { users: userRows.length, vehicles: data.vehicles.length, photos: photoCount, priceChanges: priceCount };
}

/**
 * Drops the tables' secondary indexes (not those backing primary keys or unique constraints) and returns
 * the statements that recreate them. Building an index once over loaded rows is several times faster than
 * updating it row by row, the trigram GIN index above all. Runs inside the seed's transaction, so the
 * indexes are back (or never gone) whatever happens; definitions come from the catalog, not from a copy here.
 */
async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<string[]> {
  const result = await tx.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = i.schemaname))
    order by i.indexname`);
  const rows = result.rows as { name: string; definition: string }[];
  for (const { name } of rows) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  return rows.map((r) => r.definition);
}

function elapsed(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
