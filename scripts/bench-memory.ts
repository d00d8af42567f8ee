// npm run bench:memory [-- --connections 200 --duration 40 --settle 10 --data-dir <seeded dir to reuse>]
// Issue 17's memory bar. Seeds the demo lot (250 vehicles, with photos) the way `npm start` does on a first start,
// restarts the server as production runs it (`node scripts/start.mjs`, NODE_ENV=production), then reports its
// resident memory idle, during 200 connections of mixed traffic (listing pages as HTML, listing and facets queries,
// vehicle pages as HTML and JSON, all with varied filters) sampled every second, at the end of the load, and after
// a quiet spell (the steady state). The breakdown comes from GET /metrics: V8's heap, memory outside it (buffers,
// strings of native code) and the embedded database's WebAssembly memory. Results go to bench-results/ as JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pkg from '../package.json' with { type: 'json' };
import { freePort, prng, treeCpuNs, treeRssKindsMb, treeRssMb, variedListingFilters } from './bench-lib';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '40' },
    settle: { type: 'string', default: '10' }, // seconds of quiet after the load before the steady-state reading
    'data-dir': { type: 'string' }, // a DATA_DIR already seeded by an earlier run: skips the first start
    'node-args': { type: 'string', default: '' }, // node flags instead of npm start's, to compare settings (--node-args=…)
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const settle = Number(values.settle);

const METRICS_TOKEN = 'bench-memory-metrics-token-0000000000';
const keepData = Boolean(values['data-dir']);
const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : await mkdtemp(path.join(os.tmpdir(), 'bench-memory-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// What production requires (server/config.ts), with the demo lot asked for explicitly.
const env = {
  ...process.env,
  NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
  SEED: 'demo', DEMO_CUSTOMER_PASSWORD: 'bench-customer-password', ADMIN_PASSWORD: 'bench-admin-password',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', PII_ENCRYPTION_KEY: '0'.repeat(64), METRICS_TOKEN,
};

async function start(): Promise<ChildProcess> {
  // npm start's own command (its memory settings included), without npm's process around it.
  const command = values['node-args'] ? `exec node ${values['node-args']} scripts/start.mjs` : pkg.scripts.start;
  const child = spawn('sh', ['-c', command], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up yet */ }
    if (i > 6000) throw new Error('the server did not start in 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Ready means the deal ratings and the inventory index are built (app.ts onReady), then its warm-up has run.
  for (;;) {
    // The index's state is a detail for the metrics token (issue 36 item 8).
    const h = (await (await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).json()) as { details: { inventoryIndex: { state: string } } };
    if (h.details.inventoryIndex.state === 'ready') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((r) => child.on('exit', r));
}

interface Sample { t: number; rssMb: number; anonMb: number; fileMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; pgliteMb: number }
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function sample(server: ChildProcess, t0: number): Promise<Sample> {
  const rssMb = await treeRssMb(server.pid!);
  const kinds = await treeRssKindsMb(server.pid!);
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const metric = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN);
  return {
    t: Math.round((performance.now() - t0) / 100) / 10,
    rssMb,
    anonMb: kinds.anon,
    fileMb: kinds.file,
    heapUsedMb: mb(metric('nodejs_heap_size_used_bytes')),
    heapTotalMb: mb(metric('nodejs_heap_size_total_bytes')),
    externalMb: mb(metric('nodejs_external_memory_bytes')),
    pgliteMb: mb(metric('pglite_memory_bytes')),
  };
}
const show = (label: string, s: Sample) =>
  console.log(`${label.padEnd(26)} RSS ${String(s.rssMb).padStart(4)} MB  (anonymous ${s.anonMb}, files ${s.fileMb}; V8 heap ${s.heapUsedMb}/${s.heapTotalMb} MB used/total, external ${s.externalMb} MB, PGlite memory ${s.pgliteMb} MB)`);

if (!keepData) {
  const t = performance.now();
  console.log('first start: seeding the demo lot…');
  await stop(await start());
  console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

const server = await start();
await new Promise((r) => setTimeout(r, 5000)); // the index's warm-up and the start-up work settle
const t0 = performance.now();
const idle = await sample(server, t0);
show('idle after start', idle);

// The traffic: what shoppers' browsers and crawlers ask of the public site, from varied filters and vehicles.
const facets = (await (await fetch(`${base}/api/vehicles/facets`)).json()) as {
  makes: { value: string }[]; bodyTypes: { value: string }[]; features: { value: string }[];
};
const makes = facets.makes.map((m) => m.value);
const bodyTypes = facets.bodyTypes.map((b) => b.value);
const features = facets.features.map((f) => f.value);
const ids: number[] = [];
for (let page = 1; ; page++) {
  const { vehicles } = (await (await fetch(`${base}/api/vehicles?format=paginated&limit=100&page=${page}`)).json()) as { vehicles: { id: number }[] };
  ids.push(...vehicles.map((v) => v.id));
  if (vehicles.length < 100) break;
}
console.log(`${ids.length} vehicles listed, ${makes.length} makes`);

const rand = prng(17);
const pick = <T,>(a: T[]) => a[Math.floor(rand() * a.length)]!;
const sorts = ['recommended', 'price-asc', 'price-desc', 'year-desc', 'mileage-asc'];
function filters(): string {
  const q = variedListingFilters(rand, { makes, bodyTypes, features });
  if (rand() < 0.5) q.set('sortBy', pick(sorts));
  if (rand() < 0.3) q.set('page', String(2 + Math.floor(rand() * 3)));
  return q.toString();
}
const kinds: { name: string; weight: number; path: () => string }[] = [
  { name: 'listing page (HTML)', weight: 25, path: () => `/vehicles?${filters()}` },
  { name: 'listing query', weight: 30, path: () => `/api/vehicles?format=paginated&limit=20&${filters()}` },
  { name: 'vehicle page (HTML)', weight: 10, path: () => `/vehicles/${pick(ids)}` },
  { name: 'vehicle query', weight: 10, path: () => `/api/vehicles/${pick(ids)}` },
  { name: 'facets', weight: 25, path: () => `/api/vehicles/facets?${filters()}` },
];
const totalWeight = kinds.reduce((s, k) => s + k.weight, 0);
function nextPath(): string {
  let r = rand() * totalWeight;
  for (const k of kinds) if ((r -= k.weight) < 0) return k.path();
  return kinds[0]!.path();
}

const samples: Sample[] = [idle];
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    await new Promise((r) => setTimeout(r, 1000));
    if (sampling) samples.push(await sample(server, t0));
  }
})();
const cpuBefore = await treeCpuNs(server.pid!);
const result = await autocannon({
  url: `${base}/api/health`,
  connections,
  duration,
  // A cold page can wait seconds behind 200 others on two cores: it counts once answered, not as a 10 s timeout.
  timeout: 60,
  headers: { 'accept-encoding': 'br, gzip' },
  requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: nextPath() }) }],
});
const cpuMs = (await treeCpuNs(server.pid!) - cpuBefore) / 1e6;
const endOfLoad = await sample(server, t0);
samples.push(endOfLoad);
// Sampling goes on through the quiet spell: requests still queued when the load stopped are answered in it.
await new Promise((r) => setTimeout(r, settle * 1000));
sampling = false;
await sampler;
const steady = await sample(server, t0);
samples.push(steady);
const peak = samples.reduce((a, s) => (s.rssMb > a.rssMb ? s : a), idle);

console.log(`${connections} connections for ${duration} s: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, srv CPU ${(cpuMs / Math.max(1, result.requests.total)).toFixed(3)} ms/req, ${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors} (timeouts ${result.timeouts})`);
show('idle after start', idle);
show(`peak (t=${peak.t} s)`, peak);
show('end of load', endOfLoad);
show(`steady (${settle} s after)`, steady);

await stop(server);
if (!keepData) await rm(dataDir, { recursive: true, force: true });

const report = {
  at: new Date().toISOString(),
  vehicles: ids.length,
  connections,
  durationSeconds: duration,
  settleSeconds: settle,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: os.loadavg() },
  load: {
    reqPerSec: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99,
    srvCpuMsPerReq: Math.round((cpuMs / Math.max(1, result.requests.total)) * 1000) / 1000,
    requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
  },
  idle, peak, endOfLoad, steady, samples,
};
await mkdir('bench-results', { recursive: true });
const file = path.join('bench-results', `memory-${report.at.replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify(report, null, 2));
console.log(`written ${file}`);
if (result.errors > 0 || result.non2xx > 0) {
  console.error('some requests failed');
  process.exitCode = 1;
}
