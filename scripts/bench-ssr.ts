// npm run bench:ssr [-- --duration 10 --warmup 3 --connections 10 --json FILE --only "signed in"]
// Server-rendered pages under load: builds whatever is missing or stale (as npm start does), starts the production
// bundle (node dist/server/main.js, NODE_ENV=production) on a free port with a throwaway data directory holding
// the demo lot, and drives the HTML of the home page, a filtered listing page and a vehicle page with autocannon
// on loopback, as a browser asks for them (Accept: text/html, Accept-Encoding: br). Prints req/s, p50 and p99 per
// page against the bar of the SSR issue (p99 <= 50 ms and >= 150 req/s per page, on a 2-core machine).
// Signed-out visitors' pages are kept for a few seconds (server/plugins/page-cache.ts), so those rows measure
// mostly cache hits. Two kinds of row measure the render itself: the same pages for a signed-in customer (the
// session cookie of the seeded customer jordan; such pages are never cached), and a listing asked for signed out
// under a new address on every request (a cache miss every time, the inventory query included).
// Exit code 1 when any response is not a 200 text/html page or a request fails; a missed bar still exits 0 (this
// measures, it does not gate).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PRICE_MAX_DEFAULT } from '../domain/constants';
import { RENDER_STATE_ELEMENT_ID } from '../domain/page-render';
import { openDatabase } from '../server/db/client';
import { DEMO_CUSTOMER_PASSWORD, seedDemoData } from '../server/db/seed/index';
import { ensureContent } from '../server/modules/content/seed/index';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    json: { type: 'string' },
    // Only the rows whose visitor contains this text, e.g. --only "signed in" (to profile one kind of render).
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
if (!Number.isInteger(duration) || duration < 1) throw new Error('--duration must be a positive whole number of seconds');
if (!Number.isInteger(warmup) || warmup < 0) throw new Error('--warmup must be a whole number of seconds');
if (!Number.isInteger(connections) || connections < 1) throw new Error('--connections must be a positive whole number');

/** The bar of the SSR issue, per page. */
const BAR = { p99Ms: 50, reqPerSec: 150 };
/**
 * The demo lot's clock. Its dates are placed relative to this (server/db/seed/generate.ts), so a fixed value makes
 * every run render the same lot; only what the server itself derives from today (the deal of the day) moves.
 */
const SEED_NOW = new Date('2026-06-15T16:00:00Z');
/** Ports the other tools use (npm start, e2e, dev): never taken here even if free at the moment. */
const RESERVED_PORTS = new Set([3000, 3100, 3101, 3200]);
/** What a browser sends for a page navigation. */
const BROWSER_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br',
};
/** The seeded customer the signed-in rows browse as (server/db/seed/generate.ts, documented password). */
const DEMO_CUSTOMER = { username: 'jordan', password: DEMO_CUSTOMER_PASSWORD };
/** server/config.ts session.cookieName: pages asked with it are rendered for that visitor and never cached. */
const SESSION_COOKIE = 'session';
/** What the header shows a signed-in visitor (client/app/layouts/account-controls.tsx UserMenu). */
const SIGNED_IN_MARKER = 'Account menu for';

/**
 * The cache-miss row: the filtered listing's page 2 with a maxPrice no request has used before, so neither the page
 * cache (keyed by the URL) nor the inventory cache (keyed by the API query: maxPrice goes into it when below
 * PRICE_MAX_DEFAULT, domain/listing.ts toApiParams) can answer. N walks [MISS_PRICE_MIN, PRICE_MAX_DEFAULT) in a
 * fixed scrambled order: N(i) = MISS_PRICE_MIN + (MISS_OFFSET + i * MISS_STRIDE) mod MISS_RANGE, which with the
 * stride prime to the range gives MISS_RANGE different values before any repeats (the run stops with an error rather
 * than reuse one). From 65,000 up, page 2 of the demo lot's Fords is full (20 vehicles; checked at run time), so
 * every request renders a page of the same size as the cached row, only with different vehicles on it.
 */
const MISS_PRICE_MIN = 65_000;
const MISS_RANGE = PRICE_MAX_DEFAULT - MISS_PRICE_MIN; // 85,000
const MISS_STRIDE = 48_271; // prime, not a factor of 85,000 = 2^3 * 5^4 * 17
const MISS_OFFSET = 31_337;
const missPath = (n: number) => `/vehicles?make=Ford&page=2&maxPrice=${n}`;

/**
 * Production refuses to start without these. Throwaway values for a loopback server whose data directory is
 * deleted at the end, derived from fixed strings rather than drawn at random so that nothing in a run is random.
 */
const derived = (label: string) => createHash('sha256').update(`bench-ssr ${label}, not a secret`).digest('hex');
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: `bench-${derived('admin password').slice(0, 24)}`,
  SESSION_SECRET: derived('session secret'), // 64 characters
  PII_ENCRYPTION_KEY: derived('pii key'), // 32 bytes as 64 hex characters
};

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number };
        s.close(() => resolve(p));
      });
      s.on('error', reject);
    });
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

function run(args: string[]) {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed with exit code ${r.status ?? r.signal}`);
}

/** The production build, rebuilt only where its sources are newer, exactly as npm start decides (build-state.mjs). */
async function ensureBuild() {
  const state: { clientBuildNeeded(): boolean; serverBuildNeeded(): boolean } = await import(new URL('./build-state.mjs', import.meta.url).href);
  if (state.clientBuildNeeded()) {
    console.log('building the client…');
    run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  }
  if (state.serverBuildNeeded()) {
    console.log('building the server…');
    run(['scripts/build-server.mjs']);
  }
}

// Cleanup on every way out: the server is our child, the data directory our temporary one. Runs once, whoever
// asks first (the end of the run, an error, Ctrl-C); later callers wait for the same promise.
let server: ChildProcess | null = null;
let dataDir: string | null = null;
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    const child = server;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server`);
    void cleanup().finally(() => process.exit(130));
  });
}

interface Row {
  /** signed out (page cache), signed in (never cached) or signed out (cache miss). */
  visitor: string;
  page: string;
  path: string;
  firstMs: number;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  /** Server CPU (all its threads) per answered request: what the page costs, whatever else the machine runs. */
  serverCpuMsPerReq: number | null;
  requests: number;
  non2xx: number;
  notHtml: number;
  errors: number;
  timeouts: number;
  meetsBar: boolean;
}

/**
 * CPU time the server process has used so far, in ns, summed over its threads (Linux /proc; null elsewhere). On a
 * shared machine req/s and latency move with the neighbours' load; CPU per request much less so.
 */
async function cpuNs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    let total = 0;
    for (const task of await readdir(`/proc/${pid}/task`)) {
      total += Number((await readFile(`/proc/${pid}/task/${task}/schedstat`, 'utf8')).split(' ')[0]);
    }
    return Number.isFinite(total) ? total : null;
  } catch {
    return null; // not Linux, or a thread ended between the listing and the read
  }
}

/** One request as a browser would send it, checked to be a server-rendered page (not the shell fallback). */
async function firstRequest(base: string, pagePath: string, headers: Record<string, string>, signedIn: boolean): Promise<number> {
  const started = performance.now();
  const res = await fetch(base + pagePath, { headers });
  const html = await res.text();
  const ms = performance.now() - started;
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith('text/html')) throw new Error(`${pagePath}: ${res.status} ${type}, expected 200 text/html`);
  if (res.headers.get('content-encoding') !== 'br') throw new Error(`${pagePath}: content-encoding ${res.headers.get('content-encoding')}, expected br`);
  // Without the render state the server fell back to the empty shell: that would measure the shell, not SSR.
  if (!html.includes(`id="${RENDER_STATE_ELEMENT_ID}"`)) throw new Error(`${pagePath}: the page went out as the shell (server render failed, see the server log)`);
  // A signed-in row must render for the customer (else it would measure a signed-out render, or the cache).
  if (signedIn && !html.includes(SIGNED_IN_MARKER)) throw new Error(`${pagePath}: no "${SIGNED_IN_MARKER}" in the page sent with the session cookie: not rendered for the signed-in customer`);
  if (signedIn && !res.headers.get('cache-control')?.startsWith('private')) throw new Error(`${pagePath}: cache-control ${res.headers.get('cache-control')} with the session cookie, expected private (a personal page)`);
  return ms;
}

/**
 * Signs the demo customer in once, as the browser's sign-in form does (same-origin POST with an Origin header),
 * and returns the session cookie from the answer's Set-Cookie. One successful login: the login limits count
 * failures only (server/modules/auth/routes.ts), and a failure ends the run at once instead of retrying.
 */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: base },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (res.status !== 200) throw new Error(`POST /api/auth/login as ${DEMO_CUSTOMER.username}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer().catch(() => undefined);
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    if (eq > 0 && pair!.slice(0, eq).trim() === SESSION_COOKIE && pair!.slice(eq + 1).trim()) return pair!.trim();
  }
  throw new Error(`POST /api/auth/login as ${DEMO_CUSTOMER.username}: no ${SESSION_COOKIE} cookie in the answer's Set-Cookie`);
}

/**
 * autocannon against one page; every answer's status and type are checked (autocannon counts non-2xx itself).
 * With a function for the page, every request (on every connection) asks for the path it returns.
 */
async function load(base: string, page: string | (() => string), seconds: number, headers: Record<string, string>) {
  let notHtml = 0;
  const nextPath = typeof page === 'function' ? page : null;
  const result = await autocannon({
    url: base + (nextPath ? '/' : page),
    connections,
    duration: seconds,
    headers,
    requests: [{
      method: 'GET',
      ...(nextPath ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) } : {}),
      onResponse: (status, _body, _context, headers) => {
        const h = Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
        // Non-2xx answers are autocannon's own non2xx count; here the 2xx ones that are not a 200 brotli page.
        if (status >= 200 && status < 300 && (status !== 200 || !h['content-type']?.startsWith('text/html') || h['content-encoding'] !== 'br')) notHtml++;
      },
    }],
  });
  return { result, notHtml };
}

async function main() {
  await ensureBuild();

  // The demo lot, written before the server starts. The server would seed it itself (SEED=auto is allowed in
  // production), but with today's date as the lot's clock and after rendering some thousand photo files on these
  // two cores; seeded here it gets a fixed clock (same lot every run) and no photo files, which the HTML under
  // test only links to. Both seed markers are written, so the server's own first-start seed finds nothing to do.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ssr-'));
  const t0 = performance.now();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const seeded = await seedDemoData(database.db, { uploadsDir: path.join(dataDir, 'uploads'), adminPassword: PRODUCTION_ENV.ADMIN_PASSWORD, now: SEED_NOW, images: false });
    await ensureContent(database.db, { posts: true, now: SEED_NOW, preApprovalRetentionDays: 730 });
    console.log(`seeded the demo lot (${seeded.vehicles} vehicles, blog) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }

  const port = await freePort();
  server = spawn(process.execPath, ['dist/server/main.js'], {
    // CLIENT_DIR pinned to the production client build, whatever the caller's environment says (the e2e hydration
    // check points it at a development build). LOG_LEVEL warn as in bench:api: no per-request log lines.
    env: { ...process.env, ...PRODUCTION_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: path.resolve('dist/client'), SEED: 'auto', LOG_LEVEL: 'warn',
      // Rate-limit counters in this server's memory, never a Redis shared with other runs or instances: the one
      // login (and any failed one) then starts from zero.
      REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const child = server;
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up yet */ }
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start (${child.exitCode ?? child.signalCode})`);
    if (i > 1200) throw new Error('the server did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`production build up on ${base} (pid ${child.pid})`);

  const list = (await (await fetch(`${base}/api/vehicles?limit=20`)).json()) as { id: number }[];
  const vehicleId = list[0]?.id;
  if (vehicleId === undefined) throw new Error('GET /api/vehicles returned no vehicle');

  const pages = [
    { page: 'home', path: '/' },
    { page: 'listing, filtered, page 2', path: '/vehicles?page=2&make=Ford' },
    { page: 'vehicle', path: `/vehicles/${vehicleId}` },
  ];

  // The cache-miss row's addresses must still be a full page 2 (see MISS_PRICE_MIN), or it would render less.
  const fordPage2 = async (priceMax?: number) => {
    const res = await fetch(`${base}/api/vehicles?format=paginated&page=2&limit=20&make=Ford${priceMax === undefined ? '' : `&priceMax=${priceMax}`}`);
    return ((await res.json()) as { vehicles: unknown[] }).vehicles.length;
  };
  const [fullPage2, cheapestPage2] = [await fordPage2(), await fordPage2(MISS_PRICE_MIN)];
  if (cheapestPage2 !== fullPage2) throw new Error(`the cache-miss addresses list ${cheapestPage2} Fords on page 2 at maxPrice=${MISS_PRICE_MIN}, the cached one ${fullPage2}: raise MISS_PRICE_MIN`);
  let missCount = 0;
  const nextMissPath = () => {
    if (missCount >= MISS_RANGE) throw new Error(`the cache-miss row used all ${MISS_RANGE} maxPrice values: shorten the run or widen the range`);
    return missPath(MISS_PRICE_MIN + ((MISS_OFFSET + missCount++ * MISS_STRIDE) % MISS_RANGE));
  };

  const cookie = await signIn(base);
  const signedInHeaders = { ...BROWSER_HEADERS, cookie };
  console.log(`signed in as ${DEMO_CUSTOMER.username} (session cookie from the login answer)`);

  const scenarios: { visitor: string; page: string; path: string; headers: Record<string, string>; signedIn: boolean; nextPath?: () => string }[] = [
    ...pages.map((p) => ({ ...p, visitor: 'signed out (page cache)', headers: BROWSER_HEADERS, signedIn: false })),
    ...pages.map((p) => ({ ...p, visitor: 'signed in (no cache)', headers: signedInHeaders, signedIn: true })),
    { visitor: 'signed out (cache miss)', page: 'listing, filtered, page 2', path: missPath(0).replace(/=0$/, '=N, new each request'), headers: BROWSER_HEADERS, signedIn: false, nextPath: nextMissPath },
  ];

  const chosen = values.only ? scenarios.filter((sc) => sc.visitor.includes(values.only!)) : scenarios;
  if (chosen.length === 0) throw new Error(`--only "${values.only}" matches no row`);
  const rows: Row[] = [];
  for (const p of chosen) {
    if (interrupted) return;
    const firstMs = await firstRequest(base, p.nextPath ? p.nextPath() : p.path, p.headers, p.signedIn);
    const warm = warmup > 0 ? await load(base, p.nextPath ?? p.path, warmup, p.headers) : null;
    const cpuBefore = await cpuNs(child.pid);
    const missesBefore = missCount;
    const { result, notHtml } = await load(base, p.nextPath ?? p.path, duration, p.headers);
    const cpuAfter = await cpuNs(child.pid);
    // Every request of a cache-miss row got an address of its own (a build that was never sent counts too).
    if (p.nextPath && missCount - missesBefore < result.requests.total) throw new Error(`cache-miss row: ${result.requests.total} requests but only ${missCount - missesBefore} new addresses`);
    const row: Row = {
      visitor: p.visitor,
      page: p.page,
      path: p.path,
      firstMs: Math.round(firstMs),
      reqPerSec: Math.round(result.requests.average),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      serverCpuMsPerReq: cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? Math.round((cpuAfter - cpuBefore) / 1e5 / result.requests.total) / 10 : null,
      requests: result.requests.total,
      // Warm-up answers count too: a failing page is a failure whenever it fails.
      non2xx: result.non2xx + (warm?.result.non2xx ?? 0),
      notHtml: notHtml + (warm?.notHtml ?? 0),
      errors: result.errors + (warm?.result.errors ?? 0),
      timeouts: result.timeouts + (warm?.result.timeouts ?? 0),
      meetsBar: false,
    };
    row.meetsBar = row.p99ms <= BAR.p99Ms && row.reqPerSec >= BAR.reqPerSec;
    rows.push(row);
    console.log(`${p.visitor}, ${p.page}: ${row.reqPerSec} req/s, p50 ${row.p50ms} ms, p99 ${row.p99ms} ms (${row.requests} requests), load average ${os.loadavg()[0]!.toFixed(1)}`);
  }

  const cpus = os.cpus();
  console.log(`\nSSR pages, production build, ${connections} connections, ${duration} s each after ${warmup} s warm-up; ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}`);
  console.log(`bar: p99 <= ${BAR.p99Ms} ms and >= ${BAR.reqPerSec} req/s per page\n`);
  const header = ['visitor', 'page', 'path', 'req/s', 'p50 ms', 'p99 ms', 'first ms', 'srv CPU ms/req', 'non-2xx', 'not html', 'errors', 'bar'];
  const table = rows.map((r) => [r.visitor, r.page, r.path, String(r.reqPerSec), String(r.p50ms), String(r.p99ms), String(r.firstMs), r.serverCpuMsPerReq === null ? 'n/a' : r.serverCpuMsPerReq.toFixed(1), String(r.non2xx), String(r.notHtml), String(r.errors), r.meetsBar ? 'met' : 'MISSED']);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
  const numeric = new Set([3, 4, 5, 6, 7, 8, 9, 10]);
  const line = (cells: string[]) => cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const t of table) console.log(line(t));

  if (values.json) {
    const report = {
      at: new Date().toISOString(),
      build: 'production (dist/, NODE_ENV=production)',
      durationSeconds: duration,
      warmupSeconds: warmup,
      connections,
      bar: BAR,
      seedNow: SEED_NOW.toISOString(),
      machine: { cpus: cpus.length, model: cpus[0]?.model, node: process.version, loadAverage: os.loadavg() },
      results: rows,
    };
    await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten ${values.json}`);
  }

  const failed = rows.filter((r) => r.non2xx > 0 || r.notHtml > 0 || r.errors > 0);
  if (failed.length) {
    console.error(`\nfailed requests on: ${failed.map((r) => `${r.path}, ${r.visitor} (${r.non2xx} non-2xx, ${r.notHtml} 2xx not a 200 brotli text/html page, ${r.errors} errors of which ${r.timeouts} timeouts)`).join('; ')}`);
    process.exitCode = 1;
  } else if (rows.some((r) => !r.meetsBar)) {
    console.log('\nbar missed on at least one page (a measurement: exit code stays 0)');
  }
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
