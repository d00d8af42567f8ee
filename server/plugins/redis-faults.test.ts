// Issue 30: Redis is optional and never a bottleneck. A redis-server of this file's own on another port (never the
// machine's shared one) is frozen with SIGSTOP, as a paused VM or a stalled failover leaves it: it accepts commands
// and never answers. Skipped, with the reason printed, where redis-server is absent.
import { randomBytes } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads } from '../db/schema';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../modules/auth/routes';
import { faultTools, RedisServer } from '../test/faults/processes';
import { createTestApp, type TestContext } from '../test/helpers';

const tools = faultTools();
const redisBin = typeof tools === 'string' ? null : tools.redisServer;
if (!redisBin) console.warn('redis-faults.test.ts skipped: no redis-server binary on PATH to run a Redis of its own');

describe.skipIf(!redisBin)('a frozen Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => { redis = await RedisServer.start(redisBin!); });
  afterAll(() => redis?.stop());
  afterEach(() => redis.thaw());

  const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

  describe('with the default 200 ms command timeout', () => {
    let ctx: TestContext;
    beforeAll(async () => { ctx = await createTestApp({ env: { REDIS_URL: redis.url }, config: { redisKeyPrefix: `faults-${randomBytes(4).toString('hex')}:` } }); });
    afterAll(() => ctx?.close());

    it('answers sign-ins within a second and still stops password guessing, counting in the process', async () => {
      await vi.waitFor(() => expect(ctx.app.rateLimitFallback!.usingFallback()).toBe(false));
      redis.freeze();
      const times: number[] = [];
      const statuses: number[] = [];
      for (let i = 1; i <= LOGIN_FAILURES_PER_ACCOUNT.max + 3; i++) {
        const started = performance.now();
        const res = await ctx.app.inject({
          method: 'POST', url: '/api/auth/login', remoteAddress: `10.88.0.${i}`,
          payload: { username: 'frozen-redis-victim', password: `guess-number-${i}` },
        });
        times.push(performance.now() - started);
        statuses.push(res.statusCode);
      }
      // The first attempt waits out one command timeout; the rest count in process at once.
      expect(percentile(times, 99)).toBeLessThan(1000);
      expect(ctx.app.rateLimitFallback!.usingFallback()).toBe(true);
      // Guesses past the per-account limit are refused although the shared counters are unreachable.
      expect(statuses.slice(0, LOGIN_FAILURES_PER_ACCOUNT.max)).toEqual(Array(LOGIN_FAILURES_PER_ACCOUNT.max).fill(401));
      expect(statuses.slice(LOGIN_FAILURES_PER_ACCOUNT.max)).toEqual([429, 429, 429]);

      redis.thaw();
      // Back to the shared counters by itself once Redis answers again.
      await vi.waitFor(async () => {
        await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.88.1.1', payload: { username: 'someone-else', password: 'wrong password' } });
        expect(ctx.app.rateLimitFallback!.usingFallback()).toBe(false);
      }, { timeout: 10_000, interval: 250 });
    });
  });

  describe('a write whose client gave up while its rate limit waited on Redis', () => {
    let ctx: TestContext;
    let base: string;
    // A long command timeout, so the client surely gives up (after 300 ms) while the limiter still waits: what is
    // tested is what happens after the wait, whatever its length.
    const logLines: string[] = [];
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      ctx = await createTestApp({ logStream: { write: (l) => { logLines.push(l); } }, env: { REDIS_URL: redis.url }, config: { redisKeyPrefix: `faults-${randomBytes(4).toString('hex')}:`, redisCommandTimeoutMs: 3000 } });
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      ctx.app.server.on('connection', (socket: Socket) => sockets.add(socket));
    });
    afterAll(() => ctx?.close());

    const sendLead = (marker: string, signal?: AbortSignal) => fetch(`${base}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ source: 'contact', leadType: 'contact', name: 'Gave Up', email: 'gave.up@example.ca', phone: '780-555-0199', message: marker, additionalData: {} }),
      ...(signal ? { signal } : {}),
    });
    const stored = async (marker: string) => (await ctx.db.select({ id: leads.id }).from(leads).where(like(leads.message, marker))).length;

    it('is not stored when Redis wakes, while one whose client waited is stored once', async () => {
      await vi.waitFor(() => expect(ctx.app.rateLimitFallback!.usingFallback()).toBe(false));
      redis.freeze();
      const abandoned = `abandoned-${randomBytes(4).toString('hex')}`;
      await expect(sendLead(abandoned, AbortSignal.timeout(300))).rejects.toThrow();
      // The server has seen the client go (its side of the connection closed) before Redis wakes.
      await vi.waitFor(() => expect(sockets.size > 0 && [...sockets].every((s) => s.destroyed)).toBe(true), { timeout: 5000 });
      // The control: a client that waits out the frozen Redis gets its lead stored (and exactly once).
      const waited = `waited-${randomBytes(4).toString('hex')}`;
      const answer = sendLead(waited);
      redis.thaw();
      expect((await answer).status).toBe(201);
      expect(await stored(waited)).toBe(1);
      // The abandoned request got past its limiter and stopped there (logged), with nothing written.
      await vi.waitFor(() => expect(logLines.some((l) => l.includes('the client closed the request before it was handled'))).toBe(true), { timeout: 5000 });
      expect(await stored(abandoned)).toBe(0);
    });
  });
});
