// Issue 30's fault-injection suite: the app in its own process (server/main.ts) on a PostgreSQL cluster and a
// redis-server of the suite's own (never the machine's shared servers), under a small mixed load (listing reads,
// lead writes, sign-ins, readiness probes), while the suite in turn restarts PostgreSQL (fast and immediate
// shutdown), stops it for 30 s, freezes Redis for 20 s and SIGKILLs the app mid-write (then starts it again, as a
// supervisor would). After each fault: the process is alive (or was restarted by the suite), readiness went red
// and back to green by itself, every write answered 2xx is stored exactly once (and no write is stored twice), and
// the app's connections stayed within the pool size plus the listener. Figures go to docs/OPERATIONS.md.
//
// Skipped, with the reason printed, where the PostgreSQL server binaries or redis-server are absent, and in the
// PostgreSQL pass of CI (TEST_DATABASE_URL): the suite brings its own cluster, so one run is enough.
// FAULT_OUTAGE_MS and FAULT_FREEZE_MS shorten the 30 s stop and the 20 s freeze for a quick local run;
// FAULT_RESTARTS sets the number of restarts (2 by default: one fast, one immediate).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppProcess, FATAL_OUTPUT } from './app-process';
import { faultTools, freePort, PgCluster, RedisServer, type FaultTools } from './processes';

const found = faultTools();
const skip = typeof found === 'string' ? found
  : !found.redisServer ? 'no redis-server binary on PATH'
    : process.env.TEST_DATABASE_URL ? 'it brings its own PostgreSQL cluster, so it runs once, in the embedded-database pass'
      : null;
if (skip) console.warn(`faults.test.ts (issue 30 fault-injection suite) skipped: ${skip}`);

const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 30_000);
const FREEZE_MS = Number(process.env.FAULT_FREEZE_MS ?? 20_000);
/** server/db/client.ts's default pool size, plus the LISTEN connection. */
const CONNECTION_BOUND = 10 + 1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : 0);

describe.skipIf(skip)('issue 30 faults: PostgreSQL restarts and outages, a frozen Redis, a killed app', () => {
  const tools = found as FaultTools;
  let cluster: PgCluster;
  let redis: RedisServer;
  let app: AppProcess;
  let dataDir: string;
  let appEnv: Record<string, string>;
  let dbUrl: string;
  const deaths: string[] = [];
  const figures: Record<string, unknown> = {};

  // What the load wrote: marker → what the client saw.
  const acknowledged = new Set<string>();
  const unknownOutcome = new Set<string>();
  let loadRunning = false;
  let load: Promise<void> = Promise.resolve();
  const outcomes: { t: number; status: number | 'error'; ms: number; kind: string }[] = [];
  let seq = 0;

  // The app's connections, sampled from pg_stat_activity on a connection of the suite's own.
  const conn = { max: 0, maxListeners: 0, lastListeners: 0, samples: 0 };
  let sampling = false;
  let sampler: Promise<void> = Promise.resolve();
  let maxFds = 0;

  async function sampleConnections() {
    while (sampling) {
      const c = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 500, application_name: 'fault-monitor' });
      c.on('error', () => {});
      try {
        await c.connect();
        const { rows } = await c.query<{ all: number; listeners: number }>(
          `select count(*)::int as all, count(*) filter (where application_name = 'prairie-motor-listen')::int as listeners
             from pg_stat_activity where application_name like 'prairie-motor%'`);
        conn.max = Math.max(conn.max, rows[0]!.all);
        conn.maxListeners = Math.max(conn.maxListeners, rows[0]!.listeners);
        conn.lastListeners = rows[0]!.listeners;
        conn.samples++;
      } catch { /* PostgreSQL is down: nothing to count */ } finally {
        await c.end().catch(() => {});
      }
      const fds = app?.alive ? app.fds() : null;
      if (fds !== null) maxFds = Math.max(maxFds, fds);
      await sleep(100);
    }
  }

  async function request(kind: string, url: string, init: RequestInit = {}, timeoutMs = 5000) {
    const started = performance.now();
    try {
      const res = await fetch(`${app.url}${url}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      outcomes.push({ t: Date.now(), status: res.status, ms: performance.now() - started, kind });
      return res;
    } catch (err) {
      outcomes.push({ t: Date.now(), status: 'error', ms: performance.now() - started, kind });
      throw err;
    }
  }

  /** A lead carrying `marker`, from a distinct client address each time (TRUST_PROXY): the per-address lead limit is not what is tested here. */
  function leadInit(marker: string, n: number): RequestInit {
    return {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ source: 'contact', leadType: 'contact', name: 'Fault Load', email: 'load@example.ca', phone: '780-555-0100', message: marker, additionalData: {} }),
    };
  }

  async function writeLead(timeoutMs = 5000) {
    const marker = `fault-${randomBytes(6).toString('hex')}`;
    try {
      const res = await request('lead', '/api/leads', leadInit(marker, ++seq), timeoutMs);
      if (res.status >= 200 && res.status < 300) acknowledged.add(marker);
      else if (res.status >= 500) unknownOutcome.add(marker);
    } catch {
      unknownOutcome.add(marker);
    }
  }

  function startLoad(workers = 4) {
    loadRunning = true;
    load = Promise.all(Array.from({ length: workers }, async (_, w) => {
      while (loadRunning) {
        // Mixed: listing reads and lead writes; a failed request is recorded, never thrown.
        if (w % 2 === 0) await request('listing', `/api/vehicles?page=1&sort=${w === 0 ? 'price_asc' : 'newest'}`).catch(() => {});
        else await writeLead();
        await sleep(20);
      }
    })).then(() => undefined);
  }
  async function stopLoad() { loadRunning = false; await load; }

  async function ready(): Promise<number | 'error'> {
    try { return (await request('ready', '/api/health/ready', {}, 2000)).status; } catch { return 'error'; }
  }
  /** Polls readiness until it answers `want`; the time it took. */
  async function waitReady(want: 200 | 503, timeoutMs: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const status = await ready();
      if (status === want) return Math.round(performance.now() - started);
      if (performance.now() - started > timeoutMs) throw new Error(`readiness did not answer ${want} within ${timeoutMs} ms (last: ${status})`);
      await sleep(50);
    }
  }

  function assertAlive() {
    if (!app.alive) deaths.push(app.output.slice(-2000));
    expect(app.alive, `the app died:\n${app.output.slice(-2000)}`).toBe(true);
    expect(app.output).not.toMatch(FATAL_OUTPUT);
  }

  async function startApp() {
    app = AppProcess.start(await freePort(), appEnv);
    await waitReady(200, 60_000);
  }

  beforeAll(async () => {
    cluster = await PgCluster.create(tools, 40);
    cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database prairie');
    await admin.end();
    dbUrl = cluster.url.replace(/\/postgres$/, '/prairie');
    redis = await RedisServer.start(tools.redisServer!);
    dataDir = mkdtempSync(path.join(tmpdir(), 'prairie-faults-app-'));
    appEnv = { DATABASE_URL: dbUrl, REDIS_URL: redis.url, DATA_DIR: dataDir, TRUST_PROXY: 'true' };
    await startApp();
    sampling = true;
    sampler = sampleConnections();
    startLoad();
    // Some traffic before the first fault.
    while (acknowledged.size < 10) await sleep(50);
  }, 120_000);

  afterAll(async () => {
    await stopLoad();
    sampling = false;
    await sampler;
    await app?.kill();
    redis?.stop();
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    console.log(`issue 30 fault figures: ${JSON.stringify(figures, null, 1)}`);
  });

  // FAULT_RESTARTS=10 for issue 30's bar (alternating fast and immediate); CI runs one of each.
  const restarts = Array.from({ length: Number(process.env.FAULT_RESTARTS ?? 2) }, (_, i) => (i % 2 ? 'immediate' : 'fast') as 'fast' | 'immediate');
  for (const [i, mode] of restarts.entries()) {
    it(`survives a PostgreSQL restart (${mode} shutdown, ${i + 1} of ${restarts.length}) under load`, async () => {
      conn.max = 0;
      cluster.stop(mode);
      let red: number;
      let refusedMs: number;
      let during: Response;
      try {
        red = await waitReady(503, 5000);
        // During the outage a write is refused at once with 503 and Retry-After, not left hanging (reads may still
        // answer from the in-process index).
        const started = performance.now();
        during = await request('probe', '/api/leads', leadInit(`probe-${randomBytes(6).toString('hex')}`, ++seq));
        refusedMs = Math.round(performance.now() - started);
      } finally {
        cluster.start();
      }
      const green = await waitReady(200, 5000);
      expect(during.status).toBe(503);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refusedMs).toBeLessThan(2500);
      figures[`restart_${i + 1}_${mode}`] = { readinessRedMs: red, refusedMs, greenAfterStartMs: green, maxConnections: conn.max };
      assertAlive();
      expect(conn.max).toBeLessThanOrEqual(CONNECTION_BOUND);
    });
  }

  it(`stays alive through a ${OUTAGE_MS / 1000} s PostgreSQL stop: 503 during, green soon after, connections bounded`, async () => {
    conn.max = 0;
    conn.maxListeners = 0;
    const fromIndex = outcomes.length;
    cluster.stop('fast');
    const stoppedAt = Date.now();
    try {
      await waitReady(503, 5000);
      await sleep(OUTAGE_MS - (Date.now() - stoppedAt));
    } finally {
      cluster.start();
    }
    const startedAt = performance.now();
    const listenerLines = () => app.output.split('notification listener is back').length - 1;
    const listenerBefore = listenerLines();
    const during = outcomes.slice(fromIndex).filter((o) => o.kind !== 'ready' && o.t > stoppedAt + 1000 && o.t < stoppedAt + OUTAGE_MS);
    const green = await waitReady(200, 5000);
    // The listener reconnects by itself (capped backoff) and has the index and caches re-read what they missed.
    while (listenerLines() === listenerBefore && performance.now() - startedAt < 6000) await sleep(50);
    const listenerBackMs = Math.round(performance.now() - startedAt);
    expect(listenerLines()).toBeGreaterThan(listenerBefore);
    assertAlive();
    const statuses = new Set(during.map((o) => o.status));
    // Lead writes and listing reads during the stop: refused with 503 (the listing may answer from the in-process
    // index without the database), never a hang past the client's 5 s.
    expect([...statuses].every((s) => s === 503 || s === 200)).toBe(true);
    expect(during.some((o) => o.status === 503)).toBe(true);
    const p99 = Math.round(percentile(during.map((o) => o.ms), 99));
    expect(p99).toBeLessThan(2500);
    figures.outage = { seconds: OUTAGE_MS / 1000, requestsDuring: during.length, statuses: [...statuses], p99Ms: p99, greenAfterStartMs: green, listenerBackAfterStartMs: listenerBackMs, maxConnections: conn.max, maxListenerConnections: conn.maxListeners, maxAppFds: maxFds };
    expect(conn.max).toBeLessThanOrEqual(CONNECTION_BOUND);
    // One listener connection per instance: every channel (vehicle changes, lead deliveries) shares it. An attempt
    // that timed out while PostgreSQL was still starting can leave its server process behind for a moment after the
    // client gave it up, so one sample may see it beside the next attempt; a storm (95 listeners before issue 30) is
    // far past this.
    expect(conn.maxListeners).toBeLessThanOrEqual(2);
    // Once back, the listener is one connection on three fresh samples in a row (a state waited for, not a time).
    let inARow = 0;
    for (let seen = conn.samples; inARow < 3 && performance.now() - startedAt < 15_000; await sleep(50)) {
      if (conn.samples === seen) continue;
      seen = conn.samples;
      inARow = conn.lastListeners === 1 ? inARow + 1 : 0;
    }
    expect(conn.lastListeners).toBe(1);
    expect(inARow).toBe(3);
  }, OUTAGE_MS + 60_000);

  it(`keeps sign-ins fast through a ${FREEZE_MS / 1000} s Redis freeze, and stores no write after its client gave up`, async () => {
    redis.freeze();
    const frozenAt = Date.now();
    const signIns: number[] = [];
    const signInStatuses = new Set<number | string>();
    const gaveUp: string[] = [];
    let n = 0;
    while (Date.now() - frozenAt < FREEZE_MS) {
      const started = performance.now();
      const res = await request('login', '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.168.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ username: `nobody-${n++}`, password: 'not the password' }),
      }, 5000).catch(() => null);
      signIns.push(performance.now() - started);
      signInStatuses.add(res?.status ?? 'error');
      // A lead whose client gives up after a second: it must not be stored afterwards.
      const marker = `gaveup-${randomBytes(6).toString('hex')}`;
      const r = await fetch(`${app.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `172.16.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ source: 'contact', leadType: 'contact', name: 'Gave Up', email: 'gaveup@example.ca', phone: '780-555-0101', message: marker, additionalData: {} }),
        signal: AbortSignal.timeout(1000),
      }).then((x) => x.status, () => 'timeout' as const);
      if (r === 'timeout') gaveUp.push(marker);
      else if (r === 201) acknowledged.add(marker);
      await sleep(100);
    }
    redis.thaw();
    assertAlive();
    const p99 = Math.round(percentile(signIns, 99));
    figures.redisFreeze = { seconds: FREEZE_MS / 1000, signIns: signIns.length, signInStatuses: [...signInStatuses], signInP99Ms: p99, writesGivenUp: gaveUp.length };
    expect(p99).toBeLessThanOrEqual(1000);
    expect([...signInStatuses].every((s) => s === 401 || s === 429)).toBe(true);
    await waitReady(200, 5000);
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from leads where message = any($1)', [gaveUp]);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await admin.end();
    }
  }, FREEZE_MS + 60_000);

  it('loses no acknowledged write when the app is killed mid-write and started again', async () => {
    const before = acknowledged.size;
    while (acknowledged.size < before + 5) await sleep(20);
    await app.kill('SIGKILL');
    await startApp();
    const restarted = acknowledged.size;
    while (acknowledged.size < restarted + 5) await sleep(20);
    assertAlive();
  });

  it('stored every acknowledged write exactly once, and no write twice', async () => {
    await stopLoad();
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ message: string; n: number }>(
        "select message, count(*)::int as n from leads where message like 'fault-%' or message like 'gaveup-%' group by message");
      const counts = new Map(rows.map((r) => [r.message, r.n]));
      const missing = [...acknowledged].filter((m) => counts.get(m) !== 1);
      const doubled = rows.filter((r) => r.n > 1);
      figures.writes = { acknowledged: acknowledged.size, unknownOutcome: unknownOutcome.size, storedOfUnknown: [...unknownOutcome].filter((m) => counts.has(m)).length, missing: missing.length, doubled: doubled.length };
      expect(missing).toEqual([]);
      expect(doubled).toEqual([]);
    } finally {
      await admin.end();
    }
    expect(deaths).toEqual([]);
  });
});
