// npm run bench:deal-quote [-- --vehicles 2000 --duration 10 --connections 10]
// issue 34 bar: POST /api/deal-quotes answers in ≤ 20 ms p99 at 10 connections. Seeds a separate embedded database,
// sets the dealer's worksheet products, starts the server in its own process (as production runs it) and drives
// the quote with a financed deal, a trade-in and two products, cycling over dealer vehicles. Prints req/s, p50, p99.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { and, eq, gte } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { dealSettings, vehicles } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed/index';
import { freePort } from './bench-lib';

const { values } = parseArgs({ options: {
  vehicles: { type: 'string', default: '2000' }, duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' },
} });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-deal-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await database.migrate();
await seedDemoData(database.db, { uploadsDir: path.join(dataDir, 'uploads'), adminPassword: 'bench-admin-password', vehicles: Number(values.vehicles), images: false });
await database.db.insert(dealSettings).values({ id: 1, products: [
  { id: 'warranty', name: 'Extended warranty', price: 2_495, description: '' },
  { id: 'tires', name: 'Winter tires', price: 1_195, description: '' },
], incentives: [] });
const ids = (await database.db.select({ id: vehicles.id }).from(vehicles)
  .where(and(eq(vehicles.sellerType, 'dealer'), eq(vehicles.status, 'available'), gte(vehicles.year, 2021), gte(vehicles.price, 15_000))).limit(200)).map((r) => r.id);
await database.close();
if (ids.length === 0) throw new Error('no dealer vehicle to quote');

const port = await freePort();
const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development', BACKUP_KEEP: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up yet */ }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
let n = 0;
const body = () => JSON.stringify({
  vehicleId: ids[n++ % ids.length], purchase: 'finance', downPayment: 3_000, termMonths: 72, creditBand: 'good',
  tradeIn: { value: 8_000, lienPayout: 2_500, source: 'estimate' }, productIds: ['warranty', 'tires'],
});
// Warm-up, then the measured run.
await autocannon({ url: `${base}/api/deal-quotes`, method: 'POST', duration: 2, connections: Number(values.connections), headers: { 'content-type': 'application/json' }, body: body() });
const r = await autocannon({
  url: `${base}/api/deal-quotes`, duration: Number(values.duration), connections: Number(values.connections),
  requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: body() }) }],
});
console.log(`POST /api/deal-quotes, ${values.connections} connections, ${values.duration} s over ${ids.length} vehicles: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
server.kill('SIGTERM');
await new Promise((res) => server.once('exit', res));
await rm(dataDir, { recursive: true, force: true });
