import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports ok with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', db: 'up' });
    expect(Number.isInteger(body.uptimeSeconds)).toBe(true);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not answer', async () => {
    vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', db: 'down' });
  });
});
