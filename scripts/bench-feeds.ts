// npx tsx scripts/bench-feeds.ts [-- --vehicles 5000 --runs 15]
// The vehicle feeds' cost (issue 19): seeds a separate embedded database with N vehicles (no image files), builds
// the app in process, and times GET /feeds/google-vehicles.xml and /feeds/inventory.csv through app.inject: cold
// (the inventory cache just emptied, as after any vehicle change) and warm (fetched again before a change).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/db/seed/index';

const { values } = parseArgs({ options: { vehicles: { type: 'string', default: '5000' }, runs: { type: 'string', default: '15' } } });
const N = Number(values.vehicles);
const runs = Number(values.runs);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-feeds-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await database.migrate();
const t0 = performance.now();
await seedDemoData(database.db, { uploadsDir: path.join(dataDir, 'uploads'), adminPassword: 'bench-admin-password', vehicles: N, images: false, bulkLoad: N >= 5000 });
console.log(`seeded ${N} vehicles in ${((performance.now() - t0) / 1000).toFixed(1)} s (embedded PGlite)`);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://shop.example.ca', INVENTORY_INDEX: 'off' });
const app = await buildApp({ config, database, logger: false });
await app.ready();

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
for (const url of ['/feeds/google-vehicles.xml', '/feeds/inventory.csv']) {
  const cold: number[] = [];
  const warm: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 2; i++) {
    app.inventoryCache.invalidate();
    let s = performance.now();
    const res = await app.inject({ method: 'GET', url });
    const c = performance.now() - s;
    s = performance.now();
    await app.inject({ method: 'GET', url });
    const w = performance.now() - s;
    bytes = res.body.length;
    if (i >= 2) { cold.push(c); warm.push(w); } // the first two warm up the JIT
  }
  console.log(`${url}: ${(bytes / 1024).toFixed(0)} KB; cold p50 ${pct(cold, 50).toFixed(0)} ms, p95 ${pct(cold, 95).toFixed(0)} ms; warm p50 ${pct(warm, 50).toFixed(1)} ms (${runs} runs)`);
}
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
