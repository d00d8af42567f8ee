// Issue 35 §3: real visitors' LCP, INP and CLS reach our own endpoint and the back office shows their p75.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webVitals } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { vitalPageOf } from '@domain/web-vitals';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ip = 0;
const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/analytics/vitals', payload: payload as Record<string, unknown>, headers, remoteAddress: `10.9.0.${++ip}` });

describe('POST /api/analytics/vitals', () => {
  it('stores each figure with the kind of page and the form factor, nothing else', async () => {
    const res = await send({ page: 'listing', formFactor: 'phone', metrics: [{ name: 'LCP', value: 1830.4 }, { name: 'INP', value: 96 }, { name: 'CLS', value: 0.012 }] });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.select().from(webVitals);
    expect(rows.map((r) => [r.page, r.formFactor, r.metric, r.value])).toEqual([
      ['listing', 'phone', 'LCP', 1830.4], ['listing', 'phone', 'INP', 96], ['listing', 'phone', 'CLS', 0.012],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['formFactor', 'id', 'metric', 'page', 'ts', 'value']);
    await t.db.delete(webVitals);
  });

  it('answers malformed figures with what is wrong, and stores none of them', async () => {
    const cases: [unknown, RegExp][] = [
      [{ page: 'listing', formFactor: 'phone', metrics: [] }, /metrics must hold at least one figure/],
      [{ page: '/vehicles/12', formFactor: 'phone', metrics: [{ name: 'LCP', value: 1 }] }, /page must be one of/],
      [{ page: 'home', formFactor: 'watch', metrics: [{ name: 'LCP', value: 1 }] }, /formFactor must be one of/],
      [{ page: 'home', formFactor: 'phone', metrics: [{ name: 'FID', value: 1 }] }, /name must be one of LCP, INP, CLS/],
      [{ page: 'home', formFactor: 'phone', metrics: [{ name: 'CLS', value: -0.1 }] }, /value must be 0 or more/],
      [{ page: 'home', formFactor: 'phone', metrics: [{ name: 'INP', value: 1e9 }] }, /out of range/],
      [{ page: 'home', formFactor: 'phone', metrics: [{ name: 'INP', value: 10 }, { name: 'INP', value: 20 }] }, /each metric at most once/],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect(await t.db.select().from(webVitals)).toHaveLength(0);
  });

  it('stores nothing under Global Privacy Control', async () => {
    const res = await send({ page: 'home', formFactor: 'desktop', metrics: [{ name: 'LCP', value: 900 }] }, { 'sec-gpc': '1' });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(webVitals)).toHaveLength(0);
  });

  it('limits reports per address with a limit of their own (429 says so)', async () => {
    const { VITALS_PER_IP } = await import('./routes');
    const from = (n: number) => t.app.inject({ method: 'POST', url: '/api/analytics/vitals', payload: { page: 'other', formFactor: 'desktop', metrics: [{ name: 'LCP', value: n }] }, remoteAddress: '10.9.1.1' });
    for (let i = 0; i < VITALS_PER_IP.max; i++) expect((await from(i)).statusCode).toBe(204);
    const refused = await from(0);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(/Too many page-speed reports from this address/);
    // The funnel's events from the same address still go through.
    const funnel = await t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: { path: '/' }, remoteAddress: '10.9.1.1' });
    expect(funnel.statusCode).toBe(204);
    await t.db.delete(webVitals);
  });

  it('names the kind of page, never the page', () => {
    expect(['/', '/vehicles', '/vehicles/12', '/blog/winter-tires', '/blog/category/tips', '/vehicles/12/print', '/financing'].map(vitalPageOf))
      .toEqual(['home', 'listing', 'vehicle', 'blog-post', 'other', 'other', 'other']);
  });
});

describe('GET /api/admin/web-vitals', () => {
  it('gives the 75th percentile per kind of page and form factor, with its rating and sample count; staff only', async () => {
    const inps = [80, 120, 240, 600];
    for (const value of inps) await send({ page: 'vehicle', formFactor: 'phone', metrics: [{ name: 'INP', value }, { name: 'LCP', value: value * 10 }] });
    await send({ page: 'home', formFactor: 'desktop', metrics: [{ name: 'CLS', value: 0.31 }] });
    // An old figure is outside the window.
    await t.db.insert(webVitals).values({ page: 'vehicle', formFactor: 'phone', metric: 'INP', value: 5000, ts: new Date(Date.now() - 40 * 24 * 3600_000) });

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/web-vitals' })).statusCode).toBe(401);
    const customer = await loginAs(t.app, await t.createUser({ role: 'customer' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/web-vitals', headers: customer.bearer })).statusCode).toBe(403);

    const admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/web-vitals?days=0', headers: admin.bearer })).body).toMatch(/days is at least 1/);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/web-vitals', headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(28);
    // percentile_cont(0.75) of 80, 120, 240, 600 is 240 + 0.25 × (600 − 240) = 330.
    const vehiclePhone = body.rows.find((r: { page: string; formFactor: string }) => r.page === 'vehicle' && r.formFactor === 'phone');
    expect(vehiclePhone.INP).toEqual({ p75: 330, samples: 4, rating: 'needs-improvement' });
    expect(vehiclePhone.LCP).toEqual({ p75: 3300, samples: 4, rating: 'needs-improvement' });
    expect(vehiclePhone.CLS).toEqual({ p75: null, samples: 0, rating: null });
    const homeDesktop = body.rows.find((r: { page: string; formFactor: string }) => r.page === 'home' && r.formFactor === 'desktop');
    expect(homeDesktop.CLS).toEqual({ p75: 0.31, samples: 1, rating: 'poor' });
    expect(body.rows.map((r: { page: string; formFactor: string }) => `${r.formFactor}:${r.page}`)).toEqual(['phone:all', 'phone:vehicle', 'desktop:all', 'desktop:home']);
  });
});
