// Rate limits (foundation issue): counters live in process memory by default and in Redis when REDIS_URL is set,
// so several instances behind a proxy share them. Limits are applied explicitly where needed (global: false).
// Every refusal is a 429 with code rate_limited (domain/errors.ts) and a Retry-After header: ours through tooMany,
// and the plugin's own (only if a route ever sets config.rateLimit) through the error handler's status default.
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError, tooMany } from '../errors';

/** After a failed command, how long the counters stay in process memory before Redis is asked again. */
export const REDIS_RETRY_AFTER_FAILURE_MS = 2000;

type StoreCallback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreConstructor = new (...args: unknown[]) => Store;
// The plugin's own stores, reached by path: it exports only the plugin, and the fallback below is built of both.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;

/**
 * Shared counters in Redis while it answers, this process's own counters while it does not (issue 30). Failing
 * open, as before, meant unlimited password guesses for as long as Redis was away; now each instance still allows
 * at most the limit per window (N instances: at most N times it), see docs/SECURITY.md. The in-process counters
 * start from zero when Redis goes away, and Redis's from where they were when it comes back.
 */
export interface RedisFallback {
  /** True while the counters are kept in process memory. */
  usingFallback(): boolean;
}

function fallbackStore(redis: Redis, nameSpace: string, log: FastifyInstance['log'], now: () => number = Date.now): { Store: new () => Store; state: RedisFallback } {
  let downUntil = 0;
  const local = new LocalStore(false, false, 10_000);
  const shared = new RedisStore(false, false, redis, nameSpace);
  const usingFallback = () => redis.status !== 'ready' || now() < downUntil;
  const call = (method: 'incr' | 'read') => (key: string, cb: StoreCallback, timeWindow: number, max: number) => {
    if (usingFallback()) { local[method](key, cb, timeWindow, max); return; }
    shared[method](key, (err, res) => {
      if (!err) { cb(null, res); return; }
      if (now() >= downUntil) log.warn({ err }, `rate limits: Redis did not answer; counting in this process for ${REDIS_RETRY_AFTER_FAILURE_MS} ms`);
      downUntil = now() + REDIS_RETRY_AFTER_FAILURE_MS;
      local[method](key, cb, timeWindow, max);
    }, timeWindow, max);
  };
  class FallbackStore implements Store {
    incr = call('incr');
    read = call('read');
    // Our limits are applied through createRateLimit, which uses this store itself; a route-level config would
    // get the same fallback under the same names.
    child(): Store { return this; }
  }
  return { Store: FallbackStore, state: { usingFallback } };
}

export const rateLimitPlugin = fp<{ config: Config }>(async (app, { config }) => {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // No offline queue and a short command timeout: when Redis is away or frozen a request must not wait on it;
    // the counters fall back to this process (fallbackStore). ioredis keeps reconnecting on its own.
    redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      connectTimeout: 1000,
      // Issue 30: a frozen Redis (a paused VM, a stalled failover) accepts commands and never answers; without a
      // bound every rate-limited request hung with it (sign-ins timed out at 15 s). 200 ms by default (config.ts):
      // a local Redis answers in well under a millisecond, a remote one in a few.
      commandTimeout: config.redisCommandTimeoutMs,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(2000, 100 * 2 ** Math.min(times, 5)),
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect().catch((err: unknown) => app.log.error({ err }, 'redis unreachable: rate limits count in this process until it answers'));
    const client = redis;
    app.addHook('onClose', async () => { client.disconnect(); });
  }
  // Readiness (modules/health): whether the shared counters answer.
  const shared = redis;
  app.decorate('redisPing', shared ? async () => { await shared.ping(); } : null);
  const fallback = redis ? fallbackStore(redis, `${config.redisKeyPrefix}rl:`, app.log) : null;
  app.decorate('rateLimitFallback', fallback?.state ?? null);
  await app.register(rateLimit, {
    global: false,
    // The plugin's store type names its callback loosely; ours is the same contract, typed.
    ...(fallback ? { store: fallback.Store as unknown as FastifyRateLimitStoreCtor } : {}),
  });
}, { name: 'rate-limit' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Pings the rate limits' Redis; null when REDIS_URL is not set. */
    redisPing: (() => Promise<void>) | null;
    /** Whether the rate limits count in process memory for now (Redis away); null when REDIS_URL is not set. */
    rateLimitFallback: RedisFallback | null;
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

/**
 * True once the client closed its connection (timed out, navigated away): the server ends a request's socket when
 * its client's side closes. (The request stream itself reads as destroyed as soon as its body is consumed, so it
 * cannot tell.)
 */
export function clientGone(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true;
}

/** A limiter on an explicit key (an IP, an account), built on the plugin's store through fastify.createRateLimit. */
export function createLimiter(app: FastifyInstance, rule: LimitRule): Limiter {
  // createRateLimit derives the key from the request; the key our caller computed rides along in this map.
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => `${rule.name}:${keys.get(req)}` });
  const run = async (request: FastifyRequest, key: string, increment: boolean) => {
    keys.set(request, key);
    const state = await limit(request, { increment });
    // Issue 30: a client that gave up while this request waited (on a slow store, a busy server) must not see its
    // write committed afterwards: it would retry and create a duplicate. Every limited route checks its limit
    // before writing, so this is the last point to drop such a request with nothing done.
    if (clientGone(request)) {
      request.log.info('the client closed the request before it was handled: dropped with nothing written');
      throw new AppError(499, 'bad_request', 'The client closed the request');
    }
    if (state.isAllowed) return;
    const over = increment ? state.isExceeded : state.remaining <= 0;
    if (over) throw tooMany(typeof rule.message === 'function' ? rule.message(state.ttlInSeconds) : rule.message, state.ttlInSeconds);
  };
  return { hit: (request, key) => run(request, key, true), check: (request, key) => run(request, key, false) };
}
