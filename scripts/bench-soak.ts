// npm run bench:soak [-- --duration 600 --connections 10 --data-dir DIR]
// Issue 30's soak: the production build (npm start's own command) on the embedded database with the demo lot, under
// a mixed load at 10 connections for 10 minutes: listing pages and queries with varied filters, vehicle pages and
// queries, the home page, facets, and leads (a contact form sent now and then). Reports the event loop's delay over
// the whole soak, p50 / p99 / max, as the server measures it (prom-client's monitorEventLoopDelay, 10 ms resolution,
// read from GET /metrics: one read when the load starts, which clears it, and one when it ends), with the requests'
// latency. The bar (docs/OPERATIONS.md's alert line): event-loop delay p99 at most 100 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, prng, treeCpuNs, variedListingFilters } from './bench-lib';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '600' },
    'data-dir': { type: 'string' }, // a DATA_DIR already seeded by an earlier run: skips the first start
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
if (!Number.isInteger(connections) || connections < 1) throw new Error('--connections must be a whole number');
if (!Number.isInteger(duration) || duration < 5) throw new Error('--duration must be at least 5 (seconds)');

const METRICS_TOKEN = 'bench-soak-metrics-token-00000000000000';
const keepData = Boolean(values['data-dir']);
const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : await mkdtemp(path.join(os.tmpdir(), 'bench-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
  SEED: 'demo', DEMO_CUSTOMER_PASSWORD: 'bench-customer-password', ADMIN_PASSWORD: 'bench-admin-password',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', PII_ENCRYPTION_KEY: '0'.repeat(64), METRICS_TOKEN,
  // Leads come from many shoppers: each from an address of its own (X-Forwarded-For), so the per-address lead limit
  // is not what the soak measures. The load generator on loopback plays the proxy (production refuses `true`).
  TRUST_PROXY: '127.0.0.1,::1',
};

async function start(): Promise<ChildProcess> {
  const child = spawn('sh', ['-c', pkg.scripts.start!], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up yet */ }
    if (i > 6000) throw new Error('the server did not start in 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  for (;;) {
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

/** The event loop's delay since the last read (prom-client clears its histogram on each read), in ms. */
async function eventLoopDelay() {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const metric = (name: string) => Math.round(Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1000 * 10) / 10;
  return { p50ms: metric('nodejs_eventloop_lag_p50_seconds'), p99ms: metric('nodejs_eventloop_lag_p99_seconds'), maxMs: metric('nodejs_eventloop_lag_max_seconds'), meanMs: metric('nodejs_eventloop_lag_mean_seconds') };
}

if (!keepData) {
  const t = performance.now();
  console.log('first start: seeding the demo lot…');
  await stop(await start());
  console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

const server = await start();
await new Promise((r) => setTimeout(r, 5000)); // the index's warm-up and the start-up work settle

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
console.log(`${ids.length} vehicles listed, ${makes.length} makes; ${connections} connections for ${duration} s`);

const rand = prng(30);
const pick = <T,>(a: T[]) => a[Math.floor(rand() * a.length)]!;
const sorts = ['recommended', 'price-asc', 'price-desc', 'year-desc', 'mileage-asc'];
function filters(): string {
  const q = variedListingFilters(rand, { makes, bodyTypes, features });
  if (rand() < 0.5) q.set('sortBy', pick(sorts));
  if (rand() < 0.3) q.set('page', String(2 + Math.floor(rand() * 3)));
  return q.toString();
}
let leadSeq = 0;
type Req = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
function lead(): Req {
  const n = ++leadSeq;
  return {
    method: 'POST',
    path: '/api/leads',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, 'accept-encoding': 'br, gzip' },
    body: JSON.stringify({ source: 'contact', leadType: 'contact', vehicleId: pick(ids), name: 'Soak Shopper', email: `soak${n}@example.ca`, phone: '780-555-0100', message: 'Is this one still available?', additionalData: {} }),
  };
}
const get = (p: string): Req => ({ method: 'GET', path: p, headers: { 'accept-encoding': 'br, gzip' } });
const kinds: { name: string; weight: number; req: () => Req }[] = [
  { name: 'listing page (HTML)', weight: 20, req: () => get(`/vehicles?${filters()}`) },
  { name: 'listing query', weight: 25, req: () => get(`/api/vehicles?format=paginated&limit=20&${filters()}`) },
  { name: 'vehicle page (HTML)', weight: 15, req: () => get(`/vehicles/${pick(ids)}`) },
  { name: 'vehicle query', weight: 10, req: () => get(`/api/vehicles/${pick(ids)}`) },
  { name: 'home page (HTML)', weight: 10, req: () => get('/') },
  { name: 'facets', weight: 15, req: () => get(`/api/vehicles/facets?${filters()}`) },
  { name: 'lead', weight: 5, req: lead },
];
const totalWeight = kinds.reduce((s, k) => s + k.weight, 0);
function nextRequest(): Req {
  let r = rand() * totalWeight;
  for (const k of kinds) if ((r -= k.weight) < 0) return k.req();
  return kinds[0]!.req();
}

await eventLoopDelay(); // clears what start-up left in the histogram
const cpuBefore = await treeCpuNs(server.pid!);
const result = await autocannon({
  url: `${base}/api/health`,
  connections,
  duration,
  timeout: 30,
  requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...nextRequest() }) }],
});
const lag = await eventLoopDelay();
const cpuMs = (await treeCpuNs(server.pid!) - cpuBefore) / 1e6;
await stop(server);
if (!keepData) await rm(dataDir, { recursive: true, force: true });

console.log(`${connections} connections for ${duration} s: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ${result.requests.total} requests (${leadSeq} leads), non-2xx ${result.non2xx}, errors ${result.errors} (timeouts ${result.timeouts}); server CPU ${(cpuMs / Math.max(1, result.requests.total)).toFixed(3)} ms/req`);
console.log(`event-loop delay over the soak: p50 ${lag.p50ms} ms, p99 ${lag.p99ms} ms, max ${lag.maxMs} ms (bar: p99 at most 100 ms) ${lag.p99ms <= 100 ? 'met' : 'NOT met'}`);

const report = {
  at: new Date().toISOString(),
  vehicles: ids.length,
  connections,
  durationSeconds: duration,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: os.loadavg() },
  load: {
    reqPerSec: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99, maxMs: result.latency.max,
    requests: result.requests.total, leads: leadSeq, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
  },
  eventLoopDelay: lag,
};
await mkdir('bench-results', { recursive: true });
const file = path.join('bench-results', `soak-${report.at.replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify(report, null, 2));
console.log(`written ${file}`);
if (result.errors > 0 || result.non2xx > 0) {
  console.error('some requests failed');
  process.exitCode = 1;
}
