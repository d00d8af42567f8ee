// Rate limits (foundation issue): counters live in process memory by default and in Redis when REDIS_URL is set,
// so several instances behind a proxy share them. Limits are applied explicitly where needed (global: false).
// Every refusal is a 429 with code rate_limited (domain/errors.ts) and a Retry-After header: ours through tooMany,
// and the plugin's own (only if a route ever sets config.rateLimit) through the error handler's status default.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { tooMany } from '../errors';

export const rateLimitPlugin = fp<{ config: Config }>(async (app, { config }) => {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Short timeouts and no offline queue: when Redis is away a login must not hang; the limiter fails open (below)
    // and logs, because locking every customer out over a cache outage is worse than a few unthrottled attempts.
    redis = new Redis(config.redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect().catch((err: unknown) => app.log.error({ err }, 'redis unreachable: rate limits fail open until it answers'));
    const client = redis;
    app.addHook('onClose', async () => { client.disconnect(); });
  }
  // Readiness (modules/health): whether the shared counters answer.
  const shared = redis;
  app.decorate('redisPing', shared ? async () => { await shared.ping(); } : null);
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl:` } : {}),
  });
}, { name: 'rate-limit' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Pings the rate limits' Redis; null when REDIS_URL is not set. */
    redisPing: (() => Promise<void>) | null;
  }
}

export interface LimitRule {
  /** Distinguishes this limiter's keys from others sharing the store. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429's message (its code is always rate_limited); a function gets the seconds until the next try is allowed (to say when). */
  message: string | ((retryAfterSeconds: number) => string);
}

/** "in 1 minute", "in 14 minutes": when a limited client may try again, in words. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface Limiter {
  /** Counts one attempt against `key`; throws 429 with Retry-After once the limit is passed. */
  hit(request: FastifyRequest, key: string): Promise<void>;
  /** Throws 429 when `key` has already used its allowance, without counting this attempt. */
  check(request: FastifyRequest, key: string): Promise<void>;
}

/** A limiter on an explicit key (an IP, an account), built on the plugin's store through fastify.createRateLimit. */
export function createLimiter(app: FastifyInstance, rule: LimitRule): Limiter {
  // createRateLimit derives the key from the request; the key our caller computed rides along in this map.
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => `${rule.name}:${keys.get(req)}` });
  const run = async (request: FastifyRequest, key: string, increment: boolean) => {
    keys.set(request, key);
    const state = await limit(request, { increment });
    if (state.isAllowed) return;
    const over = increment ? state.isExceeded : state.remaining <= 0;
    if (over) throw tooMany(typeof rule.message === 'function' ? rule.message(state.ttlInSeconds) : rule.message, state.ttlInSeconds);
  };
  return { hit: (request, key) => run(request, key, true), check: (request, key) => run(request, key, false) };
}
