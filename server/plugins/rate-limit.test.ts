// Rate-limit counters in Redis (REDIS_URL) are shared by every instance behind a proxy (foundation issue).
// Runs only when a Redis answers on 127.0.0.1:6379; each run writes under its own key prefix and removes it.
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../modules/auth/routes';
import { createTestApp, type TestContext } from '../test/helpers';

const REDIS_URL = 'redis://127.0.0.1:6379';

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (up: boolean) => { socket.destroy(); resolve(up); };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(6379, '127.0.0.1', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
  });
}

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)(`Redis-backed rate limits${redisUp ? '' : ' (skipped: no Redis answering on 127.0.0.1:6379)'}`, () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    // Two instances of the app, as behind a load balancer, sharing one Redis.
    [a, b] = await Promise.all([
      createTestApp({ env: { REDIS_URL }, config: { redisKeyPrefix: prefix } }),
      createTestApp({ env: { REDIS_URL }, config: { redisKeyPrefix: prefix } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts failed logins on one instance against the account on another', async () => {
    const login = (ctx: TestContext, i: number) => ctx.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: `10.77.0.${i}`,
      payload: { username: 'shared-victim', password: `guess-number-${i}` },
    });
    for (let i = 1; i <= LOGIN_FAILURES_PER_ACCOUNT.max; i++) expect((await login(i % 2 ? a : b, i)).statusCode).toBe(401);
    for (const ctx of [a, b]) {
      const res = await login(ctx, 99);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
