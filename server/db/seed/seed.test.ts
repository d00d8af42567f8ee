// The seed against a real database (a clone of the migrated template: PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): what it writes, that it runs once, and that a failure leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkVin } from '../../../domain/vin';
import { verifyPassword } from '../../lib/password';
import { urlFor } from '../../test/global-setup';
import { openDatabase, type Database } from '../client';
import { appMeta, priceHistory, users, vehiclePhotos, vehicles } from '../schema';
import { generateDemoData } from './generate';
import { DEMO_CUSTOMER_PASSWORD, SEED_VERSION, seedBaseIfEmpty, seedDemoData, seedIfEmpty } from './index';

const NOW = new Date('2026-11-22T17:00:00Z');
const ADMIN_PASSWORD = 'test-admin-password';

/** A fresh database cloned from the migrated template prepared by the api project's global setup. */
async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(info.dumpPath)]) });
    return { database, drop: () => database.close() };
  }
  const name = `test_seed_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: urlFor(info.url, name), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: info.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function counts(database: Database) {
  const n = async (table: string) => {
    const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (result.rows[0] as { n: number }).n;
  };
  return {
    users: await n('users'),
    vehicles: await n('vehicles'),
    photos: await n('vehicle_photos'),
    prices: await n('price_history'),
    meta: await n('app_meta'),
  };
}

let uploadsDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'seed-test-uploads-'));
  cleanups.push(() => rm(uploadsDir, { recursive: true, force: true }));
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function database(): Promise<Database> {
  const { database: db, drop } = await freshDatabase();
  cleanups.push(drop);
  return db;
}

const indexDefinitions = async (db: Database) => {
  const result = await db.db.execute(sql`select indexdef from pg_indexes where schemaname = current_schema() and tablename in ('vehicles', 'vehicle_photos', 'price_history') order by indexname`);
  return (result.rows as { indexdef: string }[]).map((r) => r.indexdef);
};

describe('seedDemoData', () => {
  it('bulk-loads a benchmark lot and puts every index back', async () => {
    const db = await database();
    const before = await indexDefinitions(db);
    expect(before.some((d) => d.includes('gin_trgm_ops'))).toBe(true);
    const log: string[] = [];
    const summary = await seedDemoData(db.db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false, now: NOW, vehicles: 300, bulkLoad: true, log: (m) => log.push(m) });
    expect(summary).toMatchObject({ users: 5, vehicles: 300 });
    expect(log.some((m) => /rebuilt \d+ indexes/.test(m))).toBe(true);
    expect(await indexDefinitions(db)).toEqual(before);
    expect((await counts(db)).vehicles).toBe(300);
    // The marker is written too, so a server started on this database does not seed it again.
    expect(await seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false })).toBe(false);
  });
});

describe('seedBaseIfEmpty (production, issue 15 item 1)', () => {
  it('writes the admin account alone, once: no demo customers and no lot; a later demo seed does not add them', async () => {
    const db = await database();
    expect(await seedBaseIfEmpty(db, { adminPassword: ADMIN_PASSWORD })).toBe(true);
    expect(await counts(db)).toMatchObject({ users: 1, vehicles: 0, photos: 0, prices: 0, meta: 1 });
    const [admin] = await db.db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', role: 'admin' });
    expect(await verifyPassword(admin!.passwordHash, ADMIN_PASSWORD)).toBe(true);
    expect(await seedBaseIfEmpty(db, { adminPassword: ADMIN_PASSWORD })).toBe(false);
    expect(await seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false })).toBe(false);
    expect((await counts(db)).users).toBe(1);
  });
});

describe('seedIfEmpty', () => {
  it('writes the demo lot once, in the shape the generator describes', async () => {
    const db = await database();
    const expected = generateDemoData({ now: NOW });
    const log: string[] = [];
    expect(await seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false, now: NOW, log: (m) => log.push(m) })).toBe(true);

    const after = await counts(db);
    expect(after).toEqual({
      users: 5,
      vehicles: 250,
      photos: expected.vehicles.reduce((a, v) => a + v.photos.length, 0),
      prices: expected.vehicles.reduce((a, v) => a + v.priceHistory.length, 0),
      meta: 1,
    });
    expect(log.some((m) => m.includes('250/250'))).toBe(true);

    const [marker] = await db.db.select().from(appMeta).where(eq(appMeta.key, 'seed'));
    expect(marker!.value).toEqual({ version: SEED_VERSION, at: NOW.toISOString(), vehicles: 250 });

    // Accounts: the admin's password is the configured one; customers share the documented demo password.
    const accounts = await db.db.select().from(users).orderBy(asc(users.id));
    expect(accounts.map((u) => [u.username, u.role])).toEqual([
      ['admin', 'admin'], ['jordan', 'customer'], ['priya', 'customer'], ['marc', 'customer'], ['aisha', 'customer'],
    ]);
    expect(accounts[0]!.email).toBe('admin@prairiemotorhub.ca');
    expect(await verifyPassword(accounts[0]!.passwordHash, ADMIN_PASSWORD)).toBe(true);
    expect(await verifyPassword(accounts[1]!.passwordHash, DEMO_CUSTOMER_PASSWORD)).toBe(true);
    expect(accounts.every((u) => u.isActive === 1)).toBe(true);

    // Vehicles round-trip: same VINs as generated, private listings owned by customers, sold ones dated.
    const rows = await db.db.select().from(vehicles).orderBy(asc(vehicles.id));
    expect(rows.map((v) => v.vin)).toEqual(expected.vehicles.map((v) => v.vin));
    expect(rows.every((v) => checkVin(v.vin).ok)).toBe(true);
    const customerIds = new Set(accounts.filter((u) => u.role === 'customer').map((u) => u.id));
    for (const v of rows) {
      if (v.sellerType === 'private seller') expect(customerIds.has(v.ownerId!)).toBe(true);
      else expect(v.ownerId).toBeNull();
      expect((v.soldAt !== null)).toBe(v.status === 'sold');
      expect(v.searchText).toContain(v.make.toLowerCase());
    }
    expect(rows.filter((v) => v.originalPrice !== null).length).toBe(expected.vehicles.filter((v) => v.originalPrice !== null).length);

    // Every vehicle's photos start at position 0 and list their stored variants.
    const cover = await db.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, rows[0]!.id)).orderBy(asc(vehiclePhotos.position));
    expect(cover[0]).toMatchObject({ position: 0, width: 1440, height: 1080, variants: [{ width: 480, format: 'webp' }, { width: 960, format: 'webp' }, { width: 1440, format: 'webp' }] });
    expect(cover[0]!.alt).toContain(`${rows[0]!.year} ${rows[0]!.make} ${rows[0]!.model}`);
    const history = await db.db.select().from(priceHistory).where(eq(priceHistory.vehicleId, rows[0]!.id)).orderBy(asc(priceHistory.changedAt));
    expect(history[0]).toMatchObject({ previousPrice: null, changedBy: accounts[0]!.id });
    expect(history.at(-1)!.price).toBe(rows[0]!.price);

    // Second start: the marker is there, nothing is written.
    expect(await seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false, now: NOW })).toBe(false);
    expect(await counts(db)).toEqual(after);
  });

  it('leaves nothing behind when seeding fails half-way, and can then be run again', async () => {
    const db = await database();
    const failing = (m: string) => {
      // Thrown from inside the transaction, after users and the first vehicles are written.
      if (m.includes('vehicles with photos')) throw new Error('disk full');
    };
    await expect(seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false, now: NOW, vehicles: 600, log: failing })).rejects.toThrow('disk full');
    expect(await counts(db)).toEqual({ users: 0, vehicles: 0, photos: 0, prices: 0, meta: 0 });

    expect(await seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, images: false, now: NOW, vehicles: 20 })).toBe(true);
    expect((await counts(db)).vehicles).toBe(20);
  });

  it('generates the photo files it records, and reuses them on the next seed', async () => {
    const db = await database();
    expect(await seedIfEmpty(db, { uploadsDir, adminPassword: ADMIN_PASSWORD, now: NOW, vehicles: 1 })).toBe(true);
    const photos = await db.db.select().from(vehiclePhotos).orderBy(asc(vehiclePhotos.id));
    expect(photos.length).toBeGreaterThanOrEqual(3);
    for (const photo of photos) {
      expect(photo.bytes).toBeGreaterThan(0);
      let total = 0;
      for (const { width, format } of photo.variants) {
        const file = path.join(uploadsDir, `${photo.storageKey}-${width}.${format}`);
        const meta = await sharp(file).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
        total += (await stat(file)).size;
      }
      expect(photo.bytes).toBe(total);
    }

    const again = await database();
    const started = Date.now();
    expect(await seedIfEmpty(again, { uploadsDir, adminPassword: ADMIN_PASSWORD, now: NOW, vehicles: 1 })).toBe(true);
    // Cached files: no rendering, so this is database time only.
    expect(Date.now() - started).toBeLessThan(10_000);
    const reused = await again.db.select({ key: vehiclePhotos.storageKey, bytes: vehiclePhotos.bytes }).from(vehiclePhotos).orderBy(asc(vehiclePhotos.id));
    expect(reused).toEqual(photos.map((p) => ({ key: p.storageKey, bytes: p.bytes })));
  });
});
