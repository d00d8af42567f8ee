// Each vehicle's listing JSON stored in the database (issue 17): equal to the JSON computed afresh, made stale by
// every write to what it reads (through the write path, the photo service, the deal-rating table, holds), and never
// overwritten with JSON read before a write that committed since.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LEAD } from '@domain/holds';
import { vehicleSchema } from '@domain/vehicle';
import { vehicleListingJson, vehicles } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createLead } from '../leads/service';
import { addPhotos, deletePhoto, mediaContextOf, reorderPhotos } from '../media/service';
import type { VehicleWrite } from './commands';
import { recomputeAllDealRatings } from './deal-ratings';
import {
  computeListingJson, fillListingJson, LISTING_JSON_FORMAT, readListingJson, storeListingJson,
} from './listing-json';
import { toVehicle, vehicleWithPhotosColumns } from './mapper';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const actor = { id: null, name: 'system' };

/** The JSON as the listing computed it before it was stored: the existing code path, read now. */
async function fresh(id: number): Promise<string> {
  const [row] = await t.db.select(vehicleWithPhotosColumns).from(vehicles).where(eq(vehicles.id, id));
  return JSON.stringify(vehicleSchema.parse(toVehicle(row!)));
}

async function stored(id: number): Promise<{ version: number; json: string | null } | undefined> {
  const [row] = await t.db.select({ version: vehicleListingJson.version, json: vehicleListingJson.json })
    .from(vehicleListingJson).where(eq(vehicleListingJson.vehicleId, id));
  return row;
}

/** Reads (and so stores) the vehicle's JSON, and checks it is stored and current. */
async function filled(id: number): Promise<number> {
  const json = (await readListingJson(t.db, [id])).get(id);
  expect(json).toBe(await fresh(id));
  const row = await stored(id);
  expect(row?.json).toBe(json);
  return row!.version;
}

/** The write made the stored JSON stale; the next read computes the new JSON and stores it. */
async function expectStaleThenCurrent(id: number, versionBefore: number): Promise<void> {
  const row = await stored(id);
  expect(row?.json).toBeNull();
  expect(row!.version).toBeGreaterThan(versionBefore);
  await filled(id);
}

const write = <T,>(work: (w: VehicleWrite) => Promise<T>) => t.app.vehicleCommands.transaction(actor, work);

const image = (n: number) => ({
  storageKey: `vehicles/listing-json/${n}`, width: 1600, height: 1067, format: 'jpeg' as const, bytes: 1000,
  variants: [800, 1600].map((width) => ({ width, height: Math.round(width / 1.5), format: 'webp' as const })),
  alt: `Photo ${n}`, name: `${n}.jpg`,
});

describe('the stored listing JSON', () => {
  it('equals the JSON computed afresh, and the second read comes from the table', async () => {
    const ids = [
      (await t.createVehicle({ photos: 3 })).id,
      (await t.createVehicle({ photos: 0, originalPrice: 45_000 })).id,
      (await t.createVehicle({ status: 'sold', soldAt: new Date('2026-10-01T12:00:00Z') })).id,
    ];
    const first = await readListingJson(t.db, ids);
    for (const id of ids) expect(first.get(id)).toBe(await fresh(id));
    for (const id of ids) expect((await stored(id))?.json).toBe(first.get(id));
    // A marker stored in place of the JSON is what the next read returns: it reads the table, not the vehicle.
    await t.db.update(vehicleListingJson).set({ json: '"marker"' }).where(eq(vehicleListingJson.vehicleId, ids[0]!));
    expect((await readListingJson(t.db, ids)).get(ids[0]!)).toBe('"marker"');
    await t.db.update(vehicleListingJson).set({ json: null }).where(eq(vehicleListingJson.vehicleId, ids[0]!));
  });

  it('leaves out a vehicle that does not exist', async () => {
    const { id } = await t.createVehicle();
    const out = await readListingJson(t.db, [id, 2_000_000_000]);
    expect([...out.keys()]).toEqual([id]);
  });

  it('recomputes JSON stored in an older format', async () => {
    const { id } = await t.createVehicle();
    await filled(id);
    await t.db.update(vehicleListingJson).set({ json: '"old shape"', format: LISTING_JSON_FORMAT - 1 }).where(eq(vehicleListingJson.vehicleId, id));
    expect((await readListingJson(t.db, [id])).get(id)).toBe(await fresh(id));
    expect(await stored(id)).toMatchObject({ json: await fresh(id) });
  });

  it("pins the JSON's format: a change to what the mapper produces must bump LISTING_JSON_FORMAT", () => {
    // A fixed vehicle with every kind of field; if this fails, the stored JSON of the old shape would be served as
    // current: bump LISTING_JSON_FORMAT (./listing-json.ts) and put the new hash here.
    const json = JSON.stringify(vehicleSchema.parse(toVehicle({
      id: 7, vin: '1FTFW1E50MF000007', stockNumber: 'T000007', year: 2021, make: 'Ford', model: 'F-150', trim: 'XLT',
      price: 38_000, originalPrice: 41_000, mileage: 50_000, bodyType: 'Truck', condition: 'used', sellerType: 'dealer',
      status: 'available', transmission: 'Automatic', engine: '3.5L V6', drivetrain: '4WD', fuelType: 'Gasoline',
      exteriorColor: 'Oxford White', interiorColor: 'Black', doors: 4, seats: 5, description: 'A truck.', location: 'Edmonton',
      features: ['Bluetooth'], ownerId: null, soldAt: null, heldUntil: null,
      createdAt: new Date('2026-01-01T00:00:00Z'), updatedAt: new Date('2026-01-02T00:00:00Z'),
      photos: [{ id: 1, alt: 'Front', storageKey: 'vehicles/7/0', width: 1600, height: 1067, variants: [{ width: 800, format: 'webp' }, { width: 800, format: 'avif' }] }],
      dealRating: { rating: 'good', marketPrice: 40_000, difference: -2000, comparableCount: 6 },
    })));
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 16);
    expect({ format: LISTING_JSON_FORMAT, hash }).toEqual({ format: 1, hash: '8983ddf1cce26b3a' });
  });
});

describe('every input makes it stale', () => {
  it('an edit through the vehicle write path', async () => {
    const { id } = await t.createVehicle({ price: 30_000 });
    const version = await filled(id);
    await write(async (w) => { const [row] = await w.lock([id]); await w.update(row!, { price: 28_000, trim: 'Lariat' }); });
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!)).toMatchObject({ price: 28_000, trim: 'Lariat' });
  });

  it('a photo added, reordered and deleted through the media service', async () => {
    const { id } = await t.createVehicle({ photos: 0 });
    const media = mediaContextOf(t.app);
    let version = await filled(id);
    const added = await addPhotos(media, actor, id, [image(1), image(2)]);
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!).photos).toHaveLength(2);

    version = await filled(id);
    const [a, b] = added.photos.map((p) => p.id);
    await reorderPhotos(media, actor, id, [b!, a!]);
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!).photos.map((p: { id: number }) => p.id)).toEqual([b, a]);

    version = await filled(id);
    await deletePhoto(media, actor, id, b!);
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!).photos.map((p: { id: number }) => p.id)).toEqual([a]);
  });

  it('a deal rating written, changed or removed (raw SQL too); a rewrite that changes nothing keeps it', async () => {
    const { id } = await t.createVehicle();
    const rating = (r: string | null) => t.db.execute(sql`
      insert into deal_ratings (vehicle_id, group_key, rating, market_price, difference, difference_bp, comparable_count)
      values (${id}, 'x', ${r}, 40000, -2000, -500, 6)
      on conflict (vehicle_id) do update set rating = excluded.rating, computed_at = now()`);
    let version = await filled(id);
    await rating('good');
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!).dealRating).toMatchObject({ rating: 'good' });

    version = await filled(id);
    await rating('good');
    expect(await stored(id)).toEqual({ version, json: await fresh(id) });

    await rating('great');
    await expectStaleThenCurrent(id, version);
    version = await filled(id);
    await t.db.execute(sql`delete from deal_ratings where vehicle_id = ${id}`);
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!).dealRating).toBeNull();
  });

  it("the whole-lot rating at start leaves an unchanged vehicle's JSON stored; a price change re-rates its group's", async () => {
    // Six of one model: each is rated against the other five (MIN_COMPARABLES).
    const ids: number[] = [];
    for (const price of [30_000, 31_000, 32_000, 33_000, 34_000, 35_000]) ids.push((await t.createVehicle({ make: 'Kia', model: 'Telluride', year: 2022, price })).id);
    await recomputeAllDealRatings(t.db);
    const versions: number[] = [];
    for (const id of ids) versions.push(await filled(id));
    expect(JSON.parse((await stored(ids[0]!))!.json!).dealRating).not.toBeNull();
    await recomputeAllDealRatings(t.db);
    for (const [k, id] of ids.entries()) expect(await stored(id)).toEqual({ version: versions[k], json: await fresh(id) });

    // Through the write path: the cheapest one's rating moves when another's price does.
    await write(async (w) => { const [row] = await w.lock([ids[5]!]); await w.changePrice(row!, 20_000); });
    await expectStaleThenCurrent(ids[0]!, versions[0]!);
  });

  it('a hold, its release and a sale', async () => {
    const { id } = await t.createVehicle();
    let version = await filled(id);
    await write(async (w) => {
      const [row] = await w.lock([id]);
      const lead = await createLead(w.tx, { ...HOLD_LEAD, name: 'Sam', phone: '780 555 0100', vehicleId: id });
      await w.hold(row!, { leadId: lead.id, heldUntil: new Date(Date.now() + 86_400_000) });
    });
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!)).toMatchObject({ status: 'pending' });
    expect(JSON.parse((await stored(id))!.json!).heldUntil).not.toBeNull();

    version = await filled(id);
    await write(async (w) => { const [row] = await w.lock([id]); await w.endHold(row!, 'released'); });
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!)).toMatchObject({ status: 'available', heldUntil: null });

    version = await filled(id);
    await write(async (w) => { const [row] = await w.lock([id]); await w.setStatus(row!, 'sold'); });
    await expectStaleThenCurrent(id, version);
    expect(JSON.parse((await stored(id))!.json!)).toMatchObject({ status: 'sold', isSold: true });
  });

  it('a removal takes the row with it', async () => {
    const { id } = await t.createVehicle({ photos: 2 });
    await filled(id);
    await write(async (w) => { const [row] = await w.lock([id]); await w.remove([row!]); });
    expect(await stored(id)).toBeUndefined();
    expect((await readListingJson(t.db, [id])).size).toBe(0);
  });
});

describe('a fill never stores JSON older than a committed write', () => {
  it('JSON read before an edit is not stored after it', async () => {
    const { id } = await t.createVehicle({ price: 33_000 });
    const before = await computeListingJson(t.db, [id]);
    await write(async (w) => { const [row] = await w.lock([id]); await w.changePrice(row!, 31_000); });
    await storeListingJson(t.db, before);
    expect((await stored(id))?.json).toBeNull();
    expect(JSON.parse((await readListingJson(t.db, [id])).get(id)!)).toMatchObject({ price: 31_000 });
  });

  it('a vehicle without a row yet (older than the table) reads as version 0, and an edit in between still wins', async () => {
    const { id } = await t.createVehicle({ price: 33_000 });
    await t.db.delete(vehicleListingJson).where(eq(vehicleListingJson.vehicleId, id));
    const before = await computeListingJson(t.db, [id]);
    expect(before[0]!.version).toBe(0);
    await write(async (w) => { const [row] = await w.lock([id]); await w.changePrice(row!, 32_000); });
    await storeListingJson(t.db, before);
    expect((await stored(id))?.json).toBeNull();

    // Without a write in between, the row is created with the JSON.
    await t.db.delete(vehicleListingJson).where(eq(vehicleListingJson.vehicleId, id));
    await storeListingJson(t.db, await computeListingJson(t.db, [id]));
    expect(await stored(id)).toEqual({ version: 0, json: await fresh(id) });
  });

  it('JSON read before a removal is skipped, not an error', async () => {
    const { id } = await t.createVehicle();
    const before = await computeListingJson(t.db, [id]);
    await write(async (w) => { const [row] = await w.lock([id]); await w.remove([row!]); });
    await storeListingJson(t.db, before);
    expect(await stored(id)).toBeUndefined();
  });
});

describe('the backfill', () => {
  it('fills every vehicle without JSON, in batches, and stops when asked', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => t.createVehicle({ photos: 1 }).then((v) => v.id)));
    await t.db.delete(vehicleListingJson).where(eq(vehicleListingJson.vehicleId, ids[0]!));
    await t.db.execute(sql`update vehicle_listing_json set json = null`);
    expect(await fillListingJson(t.db, { batch: 2, shouldStop: () => true })).toBe(0);
    expect((await stored(ids[1]!))?.json).toBeNull();

    const count = Number((await t.db.execute(sql`select count(*)::int as n from vehicles`) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(await fillListingJson(t.db, { batch: 2 })).toBe(count);
    for (const id of ids) expect((await stored(id))?.json).toBe(await fresh(id));
    expect(await fillListingJson(t.db, { batch: 2 })).toBe(0);
  });
});
