// The inventory index against the SQL oracle (issue 17): random inventories, random write sequences through the
// vehicle write path, and random filter combinations; every page, total and facet count of the index must equal
// what SQL answers over the same rows, to the byte of the JSON. Seeded, so a failure replays.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@domain/vin';
import { vehicleFacetsQuerySchema, vehicleListQuerySchema, type Facets } from '@domain/vehicle';
import { HOLD_LEAD, holdRefusal, isHeld } from '@domain/holds';
import { vehicles } from '../../db/schema';
import { createLead } from '../leads/service';
import { createTestApp, type TestContext } from '../../test/helpers';
import { InventoryCache } from './cache';
import { recomputeAllDealRatings } from './deal-ratings';
import { InventoryIndex } from './search-index';
import { loadVocabulary } from './sql-search';
import { getFacets, listVehicles } from './service';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const actor = { id: null, name: 'system' };
let serial = 0;

// Small pools, so filters hit often; case variants, as the filters compare lower-cased.
const MAKES = ['Ford', 'Toyota', 'TOYOTA', 'Hyundai', 'RAM', 'Mercedes-Benz'];
const MODELS = ['F-150', 'Camry', 'Tucson', '1500', 'RAV4', 'GLC'];
const BODIES = ['Truck', 'SUV', 'Sedan', 'suv'];
const TRANSMISSIONS = ['Automatic', 'Manual', 'CVT'];
const FEATURES = ['Backup Camera', 'Bluetooth', 'Heated Seats', 'Sunroof', 'Remote Start'];
const COLOURS = ['Oxford White', 'Silver', 'Magnetic Grey', 'Ruby Red'];
const WORDS = ['toyo', 'f-15', 'hyndai', 'toyta', 'silvr', 'camri', 'heated', 'red', 'suv', '2020', 'truk', 'mercedes', 'zzzz', 'benz'];

const vehicleArb = fc.record({
  make: fc.constantFrom(...MAKES),
  model: fc.constantFrom(...MODELS),
  bodyType: fc.constantFrom(...BODIES),
  transmission: fc.constantFrom(...TRANSMISSIONS),
  features: fc.subarray(FEATURES),
  exteriorColor: fc.constantFrom(...COLOURS),
  location: fc.constantFrom('Edmonton' as const, 'Calgary' as const),
  condition: fc.constantFrom('new' as const, 'used' as const),
  sellerType: fc.constantFrom('dealer' as const, 'private seller' as const),
  // 'held': pending with a held-until time (issue 19), listed like an available vehicle; plain pending is not.
  status: fc.constantFrom('available' as const, 'available' as const, 'sold' as const, 'pending' as const, 'held' as const),
  // Few distinct values: ties in every sort key.
  price: fc.integer({ min: 5, max: 60 }).map((n) => n * 1000),
  originalPrice: fc.option(fc.integer({ min: 61, max: 70 }).map((n) => n * 1000), { nil: null }),
  year: fc.integer({ min: 2015, max: 2025 }),
  mileage: fc.integer({ min: 0, max: 20 }).map((n) => n * 10_000),
  // Microseconds apart, and equal: the recommended order compares PostgreSQL's precision.
  createdAtUs: fc.integer({ min: 0, max: 5 }),
});
type NewVehicle = typeof vehicleArb extends fc.Arbitrary<infer T> ? T : never;

function row(v: NewVehicle) {
  const n = String(++serial).padStart(6, '0');
  const { createdAtUs: _us, status, ...fields } = v;
  return {
    ...fields,
    ...(status === 'held' ? { status: 'pending' as const, heldUntil: new Date('2026-11-03T12:00:00Z') } : { status }),
    vin: withCheckDigit(`1FTFW1E50MF${n}`), stockNumber: `X${n}`, trim: 'Base', engine: '2.0L', drivetrain: 'AWD', fuelType: 'Gasoline',
    interiorColor: 'Black', doors: 4, seats: 5, description: 'A generated vehicle.',
  };
}

const writeArb = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), price: fc.integer({ min: 5, max: 60 }).map((n) => n * 1000) }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('available' as const, 'sold' as const, 'pending' as const) }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), make: fc.constantFrom(...MAKES), features: fc.subarray(FEATURES) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  // Holds through the write path: put on hold (when it can be), and released or expired.
  fc.record({ kind: fc.constant('hold' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('end-hold' as const), pick: fc.nat(), reason: fc.constantFrom('released' as const, 'expired' as const) }),
  fc.record({ kind: fc.constant('create' as const), vehicle: vehicleArb }),
);
type Write = typeof writeArb extends fc.Arbitrary<infer T> ? T : never;

// Each filter is set in about one question in four, so that combinations still match vehicles.
const some = <T,>(pool: T[]) => fc.oneof({ arbitrary: fc.constant<T[]>([]), weight: 3 }, { arbitrary: fc.subarray(pool, { minLength: 1, maxLength: 2 }), weight: 1 });
const rarely = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
const filterArb = fc.record({
  make: some([...MAKES, 'ford', 'Kia']),
  model: some([...MODELS, 'camry']),
  bodyType: some([...BODIES, 'Van']),
  transmission: some(TRANSMISSIONS),
  feature: some([...FEATURES, 'Tow Hitch']),
  location: rarely(fc.constantFrom('Edmonton', 'Calgary')),
  condition: rarely(fc.constantFrom('new', 'used')),
  sellerType: rarely(fc.constantFrom('dealer', 'private seller')),
  prices: rarely(fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 70 }))),
  years: rarely(fc.tuple(fc.integer({ min: 2014, max: 2026 }), fc.integer({ min: 2014, max: 2026 }))),
  mileageMax: rarely(fc.integer({ min: 0, max: 20 }).map((n) => n * 10_000)),
  search: rarely(fc.subarray(WORDS, { minLength: 1, maxLength: 2 }).map((w) => w.join(' '))),
  sortBy: fc.constantFrom('recommended', 'price-asc', 'price-desc', 'year-desc', 'mileage-asc', 'best-deal'),
  page: fc.oneof({ arbitrary: fc.constant(1), weight: 2 }, { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 }),
  limit: fc.integer({ min: 1, max: 12 }),
  paginated: fc.boolean(),
}).map(({ prices, years, paginated, ...f }) => ({
  ...f,
  format: paginated ? 'paginated' : 'array',
  // Some filters give only one bound: an open range is the common case.
  ...(prices ? { priceMin: Math.min(...prices) * 1000, ...(prices[0] !== prices[1] ? { priceMax: Math.max(...prices) * 1000 } : {}) } : {}),
  ...(years ? { yearMin: Math.min(...years), yearMax: Math.max(...years) } : {}),
}));

async function replaceInventory(list: NewVehicle[]) {
  await t.db.execute(sql`delete from ${vehicles}`);
  if (list.length) {
    const inserted = await t.db.insert(vehicles).values(list.map(row)).returning({ id: vehicles.id });
    // Set after the insert: created_at to the microsecond, ties included.
    await t.db.execute(sql`
      update ${vehicles} set created_at = timestamptz '2026-11-01 12:00:00+00' + x.us * interval '1 microsecond'
      from unnest(${sql.param(inserted.map((r) => r.id))}::int[], ${sql.param(list.map((v) => v.createdAtUs))}::int[]) as x(id, us)
      where ${vehicles.id} = x.id`);
  }
  // Loaded behind the write path's back, as the seed is: rated as at start (app.ts).
  await recomputeAllDealRatings(t.db);
}

async function applyWrite(write: Write) {
  const ids = (await t.db.select({ id: vehicles.id }).from(vehicles).orderBy(vehicles.id)).map((r) => r.id);
  await t.app.vehicleCommands.transaction(actor, async (w) => {
    if (write.kind === 'create') {
      await w.create([row(write.vehicle)]);
      return;
    }
    if (!ids.length) return;
    const [before] = await w.lock([ids[write.pick % ids.length]!]);
    if (!before) return;
    if (write.kind === 'price') await w.changePrice(before, write.price);
    else if (write.kind === 'status') await w.setStatus(before, write.status);
    else if (write.kind === 'edit') await w.update(before, { make: write.make, features: write.features });
    else if (write.kind === 'hold') {
      if (holdRefusal(before)) return;
      const lead = await createLead(w.tx, { ...HOLD_LEAD, name: 'Sam', phone: '780 555 0100', vehicleId: before.id });
      await w.hold(before, { leadId: lead.id, heldUntil: new Date('2026-11-05T12:00:00Z') });
    } else if (write.kind === 'end-hold') {
      if (isHeld(before)) await w.endHold(before, write.reason);
    } else await w.remove([before]);
  });
}

describe('inventory index', () => {
  it('answers pages, totals and facets exactly as SQL, across random inventories, writes and filters', async () => {
    const index = t.app.inventoryIndex;
    let asked = 0;
    let answered = 0;
    let heldAnswers = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(vehicleArb, { minLength: 20, maxLength: 60 }), fc.array(writeArb, { maxLength: 6 }), fc.array(filterArb, { minLength: 1, maxLength: 8 }),
      async (inventory, writes, filters) => {
        await replaceInventory(inventory);
        await index.build();
        for (const write of writes) await applyWrite(write);
        await index.idle();
        expect(index.ready).toBe(true);
        // The typo rule's vocabulary, kept by the index across the writes, is the one SQL reads from every vehicle.
        expect([...index.typoVocabulary()].sort()).toEqual((await loadVocabulary(t.db)).sort());
        for (const raw of filters) {
          const listQuery = vehicleListQuerySchema.parse(raw);
          const facetsQuery = vehicleFacetsQuerySchema.parse(raw);
          // A fresh cache per question: the oracle is SQL itself, not an earlier answer.
          const oracle = { db: t.db, cache: new InventoryCache({ maxEntries: 100, maxBytes: 1 << 20, ttlMs: Infinity }) };
          const indexed = { ...oracle, index };
          const expected = await listVehicles(oracle, listQuery, 'available');
          expect(await listVehicles(indexed, listQuery, 'available'), JSON.stringify(raw)).toBe(expected);
          asked++;
          if (expected.includes('"vin"')) answered++;
          if (expected.includes('"heldUntil":"')) heldAnswers++;
          expect(JSON.parse(await getFacets(indexed, facetsQuery)), JSON.stringify(raw)).toEqual(JSON.parse(await getFacets(oracle, facetsQuery)));
        }
      },
    ), { numRuns: 40, seed: 1717 });
    // The comparison means something only if many questions have vehicles in their page, held ones among them.
    expect(answered / asked).toBeGreaterThan(0.3);
    expect(heldAnswers).toBeGreaterThan(0);
  // 40 inventories, each rated and indexed: about 15 s alone, several times that beside other suites on two cores.
  }, 120_000);

  it('orders by best deal exactly as SQL, over lots where most vehicles are rated, across writes that move whole groups', async () => {
    // Two models, five model years, few prices and km: most vehicles have 5 comparables, and equal differences tie.
    const crowded = vehicleArb.map((v) => ({ ...v, make: v.make === 'Ford' ? 'Ford' : 'Toyota', model: v.make === 'Ford' ? 'F-150' : 'RAV4', year: 2019 + (v.year % 5), mileage: (v.mileage % 30_000) }));
    const crowdedWrite = fc.oneof(
      fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), price: fc.integer({ min: 5, max: 60 }).map((n) => n * 1000) }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('available' as const, 'sold' as const, 'pending' as const) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('create' as const), vehicle: crowded }),
    );
    const index = t.app.inventoryIndex;
    let pages = 0;
    let rated = 0;
    let vehiclesSeen = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(crowded, { minLength: 15, maxLength: 40 }), fc.array(crowdedWrite, { maxLength: 6 }),
      fc.array(filterArb.map((f) => ({ ...f, sortBy: 'best-deal' })), { minLength: 1, maxLength: 5 }),
      async (inventory, writes, filters) => {
        await replaceInventory(inventory);
        await index.build();
        for (const write of writes) await applyWrite(write);
        await index.idle();
        for (const raw of filters) {
          const listQuery = vehicleListQuerySchema.parse(raw);
          const oracle = { db: t.db, cache: new InventoryCache({ maxEntries: 100, maxBytes: 1 << 20, ttlMs: Infinity }) };
          const expected = await listVehicles(oracle, listQuery, 'available');
          expect(await listVehicles({ ...oracle, index }, listQuery, 'available'), JSON.stringify(raw)).toBe(expected);
          pages++;
        }
        // How much of the lot is rated, and the stored ratings agree with a full recomputation (the write path kept them).
        const stored = await t.db.execute(sql`select vehicle_id, rating, difference_bp from deal_ratings order by vehicle_id`);
        await recomputeAllDealRatings(t.db);
        const fresh = await t.db.execute(sql`select vehicle_id, rating, difference_bp from deal_ratings order by vehicle_id`);
        expect(stored.rows).toEqual(fresh.rows);
        const n = Number(((await t.db.execute(sql`select count(*)::int as n from vehicles where status = 'available'`)).rows[0] as { n: number }).n);
        rated += fresh.rows.length;
        vehiclesSeen += n;
      },
    ), { numRuns: 25, seed: 1919 });
    expect(pages).toBeGreaterThan(25);
    // The order means something only if most vehicles are rated.
    expect(rated / vehiclesSeen).toBeGreaterThan(0.5);
  }, 120_000);

  it('answers the same pages with the vehicles\' JSON kept, partly kept, or read from the database', async () => {
    const inventory = fc.sample(vehicleArb, { numRuns: 40, seed: 2121 }).map((v) => ({ ...v, status: 'available' as const }));
    await replaceInventory(inventory);
    const oracle = { db: t.db, cache: new InventoryCache({ maxEntries: 100, maxBytes: 1 << 20, ttlMs: Infinity }) };
    // A vehicle's JSON is about 900 bytes here: all kept; about ten kept (the rest read by id); none kept.
    const budgets = [{}, { jsonBytes: 9_000 }, { jsonBytes: 0 }];
    const queries = fc.sample(filterArb, { numRuns: 30, seed: 2122 }).map((raw) => vehicleListQuerySchema.parse({ ...raw, search: undefined, limit: 12 }));
    const held: number[] = [];
    for (const options of budgets) {
      const index = new InventoryIndex(t.db, options);
      await index.build();
      await index.warm();
      for (const query of [vehicleListQuerySchema.parse({ limit: 40, format: 'paginated' }), ...queries]) {
        const expected = await listVehicles(oracle, query, 'available');
        // Twice: the first read may fill the store, the second answers from it.
        expect(await listVehicles({ ...oracle, index }, query, 'available'), JSON.stringify(options)).toBe(expected);
        expect(await listVehicles({ ...oracle, index }, query, 'available'), JSON.stringify(options)).toBe(expected);
      }
      held.push(index.memoryEstimate());
    }
    // The budgets did apply.
    expect(held[1]).toBeLessThan(held[0]!);
    expect(held[2]).toBeLessThan(held[1]!);
  });

  it('counts facets and finds pages exactly as SQL over a lot large enough for every way of counting', async () => {
    // 1,200 vehicles: sets both sparse and dense in words, facets counted by run, by word, one by one and from the
    // stock, ranges from a few matches and from many; one vehicle in ten lists a feature twice (SQL counts it twice).
    const inventory = fc.sample(vehicleArb, { numRuns: 1200, seed: 2323 }).map((v, i) => ({
      ...v, features: i % 10 === 0 && v.features.length ? [...v.features, v.features[0]!] : v.features,
    }));
    await replaceInventory(inventory);
    const index = new InventoryIndex(t.db);
    await index.build();
    const oracle = { db: t.db, cache: new InventoryCache({ maxEntries: 100, maxBytes: 1 << 20, ttlMs: Infinity }) };
    let few = 0;
    for (const raw of fc.sample(filterArb, { numRuns: 80, seed: 2324 })) {
      const facetsQuery = vehicleFacetsQuerySchema.parse(raw);
      const expected = JSON.parse(await getFacets(oracle, facetsQuery)) as Facets;
      expect(JSON.parse(await getFacets({ ...oracle, index }, facetsQuery)), JSON.stringify(raw)).toEqual(expected);
      if (expected.total > 0 && expected.total <= 9) few++;
      const listQuery = vehicleListQuerySchema.parse(raw);
      expect(await listVehicles({ ...oracle, index }, listQuery, 'available'), JSON.stringify(raw)).toBe(await listVehicles(oracle, listQuery, 'available'));
    }
    // Questions with a handful of matches among 1,200 take the other paths.
    expect(few).toBeGreaterThan(3);
  });

  it('keeps the typo vocabulary as SQL reads it: a sold vehicle\'s words stay, an edited or deleted one\'s go', async () => {
    await replaceInventory([]);
    // The app's own index: the write path patches it.
    const index = t.app.inventoryIndex;
    const same = async () => expect([...index.typoVocabulary()].sort()).toEqual((await loadVocabulary(t.db)).sort());
    await t.createVehicle({ make: 'Ford', model: 'Escape' });
    const edited = await t.createVehicle({ make: 'Koenigsegg', model: 'Regera' });
    const sold = await t.createVehicle({ make: 'Lotus', model: 'Emira' });
    const removed = await t.createVehicle({ make: 'Morgan', model: 'Plus Four' });
    await index.build();
    await same();
    expect(index.typoVocabulary()).toEqual(expect.arrayContaining(['koenigsegg', 'lotus', 'morgan']));
    const commands = t.app.vehicleCommands;
    await commands.transaction(actor, async (w) => { const [v] = await w.lock([edited.id]); await w.update(v!, { make: 'Ford' }); });
    await commands.transaction(actor, async (w) => { const [v] = await w.lock([sold.id]); await w.setStatus(v!, 'sold'); });
    await commands.transaction(actor, async (w) => { const [v] = await w.lock([removed.id]); await w.remove([v!]); });
    await commands.transaction(actor, async (w) => { await w.create([row({ ...fc.sample(vehicleArb, { numRuns: 1, seed: 7 })[0]!, make: 'Alpina', status: 'available' })]); });
    await index.idle();
    await same();
    expect(index.typoVocabulary()).not.toContain('koenigsegg');
    expect(index.typoVocabulary()).not.toContain('morgan');
    expect(index.typoVocabulary()).toEqual(expect.arrayContaining(['lotus', 'alpina', 'escape']));
  });

  it('answers from SQL until it is built, and drops a vehicle the moment its sale commits', async () => {
    await replaceInventory([]);
    const index = new InventoryIndex(t.db);
    expect(index.ready).toBe(false);
    const { id } = await t.createVehicle({ make: 'Kia', model: 'Soul' });
    await index.build();
    expect(index.ready).toBe(true);
    const query = vehicleListQuerySchema.parse({ make: 'kia', format: 'paginated' });
    expect((await index.page(normalized(query))).ids).toEqual([id]);
    // Asked before the sale too: a remembered facets answer must not outlive it.
    expect((JSON.parse(await index.facetsJson(normalized(query))) as Facets).makes).toEqual([{ value: 'Kia', count: 1 }]);
    t.app.vehicleCommands.subscribe((events) => index.patch(events.flatMap((e) => (e.type === 'changed' ? e.vehicleIds : []))));
    await t.app.vehicleCommands.transaction(actor, async (w) => {
      const [before] = await w.lock([id]);
      await w.setStatus(before!, 'sold');
    });
    // The transaction resolves after its subscribers ran: no waiting for the index.
    expect((await index.page(normalized(query))).ids).toEqual([]);
    expect((JSON.parse(await index.facetsJson(normalized(query))) as Facets).makes).toEqual([]);
  });
});

function normalized(q: ReturnType<typeof vehicleListQuerySchema.parse>) {
  return { page: q.page, limit: q.limit, sortBy: q.sortBy, search: [], make: q.make.map((m) => m.toLowerCase()), model: [], bodyType: [], transmission: [], feature: [], location: undefined, condition: undefined, sellerType: undefined, priceMin: undefined, priceMax: undefined, yearMin: undefined, yearMax: undefined, mileageMax: undefined };
}
