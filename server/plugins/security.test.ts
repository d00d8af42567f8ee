// Security headers (CSP without inline script, nosniff, frame-ancestors, HSTS only over https) and the Origin
// check on state-changing requests that carry the session cookie (foundation issue).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../test/helpers';

let t: TestContext;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
});
afterAll(() => t.close());

const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
  const [name, ...values] = d.split(/\s+/);
  return [name!, values];
}));

describe('security headers', () => {
  it.each(['/api/health', '/api/vehicles', '/api/nowhere', '/api/docs'])('%s carries CSP, nosniff, frame and referrer rules', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests only when the public URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://cars.example.ca' } });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(String(res.headers['content-security-policy']))['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await https.close();
    }
  });
});

describe('Origin check on cookie-carrying state changes', () => {
  const markSold = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/vehicles/${target}/mark-sold`, headers });
  let target: number;
  beforeAll(async () => { target = (await t.createVehicle()).id; });
  const statusOf = async () => (await t.db.select({ status: vehicles.status }).from(vehicles).where(eq(vehicles.id, target)))[0]!.status;

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example.com' }],
    ['a foreign Referer', { referer: 'https://evil.example.com/page' }],
    ['no Origin or Referer', {}],
    ['Origin null', { origin: 'null' }],
    ['a lookalike host', { origin: 'http://localhost.evil.example.com' }],
  ])('refuses %s with 403 and changes nothing', async (_name, extra) => {
    const res = await markSold({ cookie: admin.cookie, ...extra });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Cross-site request refused' });
    expect(await statusOf()).toBe('available');
  });

  it('refuses a cross-site logout too (it carries the cookie)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin.cookie, origin: 'https://evil.example.com' } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it.each([
    ['the public URL as Origin', () => ({ origin: t.config.publicUrl })],
    ['the request Host as Origin', () => ({ origin: 'https://cars.example.ca', host: 'cars.example.ca' })],
    ['the public URL as Referer', () => ({ referer: `${t.config.publicUrl}/vehicles?page=2` })],
  ])('accepts %s', async (_name, extra) => {
    const res = await markSold({ cookie: admin.cookie, ...extra() });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/vehicles/${target}/mark-available`, headers: admin.bearer });
  });

  it('does not apply to bearer-only requests (a browser never attaches those by itself)', async () => {
    const res = await markSold({ ...admin.bearer, origin: 'https://evil.example.com' });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/vehicles/${target}/mark-available`, headers: admin.bearer });
  });

  it('does not apply to reads or to requests without the cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin.cookie, origin: 'https://evil.example.com' } })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'nothing-at-all' }, headers: { origin: 'https://evil.example.com' } });
    expect(login.statusCode).toBe(401);
  });
});

describe('the whole route table, as a visitor, a customer and an admin (DESIGN.md convention 4)', () => {
  type Operation = { method: string; url: string; tags: string[] };
  let operations: Operation[];
  let customer: Session;
  beforeAll(async () => {
    customer = await loginAs(t.app, await t.createUser());
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1'), tags: op.tags ?? [],
    })));
  });
  const call = (op: Operation, headers: Record<string, string>) => t.app.inject({
    method: op.method as 'GET', url: op.url, headers, remoteAddress: '10.55.0.1',
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });

  it('finds the routes', () => {
    expect(operations.length).toBeGreaterThan(5);
    expect(operations.filter((op) => op.tags.includes('admin')).length).toBeGreaterThanOrEqual(3);
  });

  it('every admin route answers 401 to a visitor and 403 to a customer', async () => {
    for (const op of operations.filter((o) => o.tags.includes('admin'))) {
      expect((await call(op, {})).statusCode, `${op.method} ${op.url}`).toBe(401);
      expect((await call(op, customer.bearer)).statusCode, `${op.method} ${op.url}`).toBe(403);
    }
  });

  it('no route answers 500 to anyone, even with an empty body', async () => {
    for (const headers of [{}, customer.bearer, admin.bearer]) {
      for (const op of operations) {
        const res = await call(op, headers);
        expect(res.statusCode, `${op.method} ${op.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
