// GET /metrics (issue 18): off without METRICS_TOKEN, a 404 without the right bearer token, and with it the
// Prometheus text: request latency by route pattern, job runs, the outbox backlog and the process's memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { JOBS, startJobs } from '../jobs/scheduler';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let t: TestContext;
beforeAll(async () => { t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } }); });
afterAll(() => t.close());

const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is not there without a configured token', async () => {
    const off = await createTestApp();
    try {
      // No such route: the request falls through to the pages (a built client renders its not-found page there).
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.headers['content-type']).not.toContain('text/plain');
      expect(res.body).not.toContain('http_request_duration_seconds');
      expect(res.body).not.toContain('process_resident_memory_bytes');
    } finally {
      await off.close();
    }
  });

  it('answers 404 to a missing or wrong token', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(404);
    expect((await scrape(TOKEN)).statusCode).toBe(404);
  });

  it('reports latency by route pattern and status, job runs, the outbox backlog and memory', async () => {
    const vehicle = await t.createVehicle();
    await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` });
    await t.app.inject({ method: 'GET', url: '/api/vehicles/999999999' });
    await t.db.insert(outboxMessages).values([
      { category: 'notification', toAddress: 'a@example.ca', subject: 's', text: 't' },
      { category: 'notification', toAddress: 'b@example.ca', subject: 's', text: 't', status: 'failed' },
    ]);
    const job = JOBS.find((j) => j.name === 'pre-approval-retention')!;
    let done!: () => void;
    const ran = new Promise<void>((resolve) => { done = resolve; });
    const stop = startJobs(t.app, [{ ...job, name: 'metrics-test-job', run: async (app) => { const r = await job.run(app); setImmediate(done); return r; } }], 0);
    await ran;
    stop();
    // The counter is incremented after run() returns.
    await new Promise((r) => setImmediate(r));

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/vehicles\/:id",status_code="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/vehicles\/:id",status_code="404"\} 1/);
    // The raw URL never becomes a label (the id could appear in a float's digits, so labels only are checked).
    expect(text).not.toMatch(/route="[^"]*999999999/);
    expect(text).toMatch(/job_runs_total\{job="metrics-test-job",outcome="ok"\} 1/);
    expect(text).toMatch(/outbox_messages_waiting\{category="notification"\} 1/);
    expect(text).toMatch(/outbox_messages_failed 1/);
    // Issue 32: lead deliveries to the CRM, every status reported even at zero so an alert has a series to watch.
    expect(text).toMatch(/lead_deliveries\{status="dead"\} 0/);
    expect(text).toMatch(/lead_delivery_oldest_pending_seconds 0/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    // Issue 17: the embedded database's share of that memory (PostgreSQL's is its own process's).
    if (t.database.kind === 'pglite') expect(Number(/^pglite_memory_bytes (\d+)/m.exec(text)?.[1])).toBeGreaterThan(64 * 1024 * 1024);
    else expect(text).not.toContain('pglite_memory_bytes');
  });
});
