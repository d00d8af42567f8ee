// npx tsx scripts/bench-deal-ratings.ts [-- --vehicles 10000 --writes 50]
// What deal ratings cost (issue 19, docs/decisions/017-deal-rating.md): seeds an embedded database with N demo
// vehicles, rates the whole lot as the server does at start, then times price changes through the vehicle write path
// with and without the rating hook (the hook re-rates the changed vehicle's make/model group in the transaction).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { vehicles } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed/index';
import { VehicleCommands } from '../server/modules/vehicles/commands';
import { keepDealRatings, recomputeAllDealRatings } from '../server/modules/vehicles/deal-ratings';

const { values } = parseArgs({ options: { vehicles: { type: 'string', default: '10000' }, writes: { type: 'string', default: '50' } } });
const N = Number(values.vehicles);
const W = Number(values.writes);
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-deal-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
await database.migrate();
await seedDemoData(database.db, { uploadsDir: path.join(dir, 'uploads'), adminPassword: 'bench-admin-password', vehicles: N, images: false });
const db = database.db;

const fullRuns: number[] = [];
let rated = 0;
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  rated = await recomputeAllDealRatings(db);
  fullRuns.push(performance.now() - t);
}
const available = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.status, 'available')).orderBy(asc(vehicles.id))).map((r) => r.id);
const log = { error: (obj: unknown, msg: string) => console.error(msg, obj) };
const actor = { id: null, name: 'bench' };

async function timeWrites(commands: VehicleCommands): Promise<number[]> {
  const times: number[] = [];
  for (let k = 0; k < W; k++) {
    const id = available[(k * 7919) % available.length]!;
    const t = performance.now();
    await commands.transaction(actor, async (w) => {
      const [before] = await w.lock([id]);
      await w.changePrice(before!, before!.price + (k % 2 ? 100 : -100));
    });
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}
const plain = await timeWrites(new VehicleCommands(db, log));
const withRatings = new VehicleCommands(db, log);
keepDealRatings(withRatings, db);
const hooked = await timeWrites(withRatings);
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => xs[Math.floor(xs.length * 0.95)]!;
console.log(JSON.stringify({
  vehicles: N, available: available.length, rated,
  fullRecomputeMs: fullRuns.map((x) => Math.round(x)),
  priceChangeMs: { withoutHook: { median: +median(plain).toFixed(1), p95: +p95(plain).toFixed(1) }, withHook: { median: +median(hooked).toFixed(1), p95: +p95(hooked).toFixed(1) } },
}, null, 2));
await database.close();
await rm(dir, { recursive: true, force: true });
