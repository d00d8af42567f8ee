import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';

const redisUp = await new Promise<boolean>((resolve) => {
  const s = connect(6379, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});
if (!redisUp) console.warn('readiness with Redis skipped: no Redis answers on 127.0.0.1:6379');

const METRICS_TOKEN = 'health-test-metrics-token-0123456789';
let t: TestContext;
/** The same app with METRICS_TOKEN set. */
let m: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  m = await createTestApp({ env: { METRICS_TOKEN } });
});
afterAll(async () => { await t.close(); await m.close(); });

describe('GET /api/health', () => {
  it('tells anyone only whether it is up (issue 36 item 8)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
    // A customer is not an admin, and a wrong token is no token.
    const customer = await loginAs(t.app, await t.createUser({ username: 'health-customer' }));
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: customer.cookie } });
    expect(asCustomer.json()).toEqual({ status: 'ok', db: 'up' });
    for (const authorization of ['Bearer wrong-token', 'Bearer é', `Bearer ${METRICS_TOKEN}x`]) {
      const wrong = await m.app.inject({ method: 'GET', url: '/api/health', headers: { authorization } });
      expect(wrong.json(), authorization).toEqual({ status: 'ok', db: 'up' });
    }
  });

  it('gives the version, uptime and inventory index to the metrics token and to an admin', async () => {
    const withToken = await m.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    const { details } = withToken.json();
    expect(Number.isInteger(details.uptimeSeconds)).toBe(true);
    expect(details.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(details.inventoryIndex.state).toMatch(/^(building|ready|off)$/);
    const admin = await loginAs(t.app, await t.createUser({ username: 'health-admin', role: 'admin' }));
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: admin.cookie } });
    expect(asAdmin.json().details.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reports the runtime and its zone data (issue 29): Node 24.20 or later with tzdata 2026c or later', async () => {
    const { details } = (await m.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).json();
    const { runtime } = details;
    expect(runtime).toEqual({ node: process.version, tzdata: process.versions.tz, zoneData: 'current' });
    const [major, minor] = process.versions.node.split('.').map(Number);
    expect(major! > 24 || (major === 24 && minor! >= 20)).toBe(true);
  });

  it('answers 503 when the database does not answer', async () => {
    vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', db: 'down' });
  });
});

describe('liveness and readiness (issue 18)', () => {
  it('is alive without asking the database, and not ready while the database is down', async () => {
    const spy = vi.spyOn(t.app.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'alive' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', checks: { db: 'down', disk: 'not configured', storage: 'not configured', redis: 'not configured' } });
    } finally {
      spy.mockRestore();
    }
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  const production = {
    NODE_ENV: 'production', ADMIN_PASSWORD: 'a-production-password', SESSION_SECRET: 'x'.repeat(40),
    PII_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };

  it.skipIf(!redisUp)('in production checks the uploads storage and Redis', async () => {
    const p = await createTestApp({ env: { ...production, REDIS_URL: 'redis://127.0.0.1:6379' } });
    try {
      await import('node:fs/promises').then((fs) => fs.mkdir(p.config.uploadsDir, { recursive: true }));
      const ready = await p.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { db: 'up', disk: 'not configured', storage: 'up', redis: 'up' } });
      // Uploads that cannot be written (here: the folder is gone) make the instance not ready.
      await rm(p.config.uploadsDir, { recursive: true, force: true });
      const noStorage = await p.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(noStorage.statusCode).toBe(503);
      expect(noStorage.json().checks).toEqual({ db: 'up', disk: 'not configured', storage: 'down', redis: 'up' });
    } finally {
      await p.close();
    }
  });

  it('in production is not ready when the configured Redis does not answer', async () => {
    // A port nothing listens on: the rate limits fail open, readiness says so.
    const dir = await mkdtemp(path.join(tmpdir(), 'ready-'));
    const p = await createTestApp({ env: { ...production, REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const ready = await p.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.redis).toBe('down');
    } finally {
      await p.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
