// The database handle: PGlite (embedded, default) or node-postgres when DATABASE_URL is a postgres:// URL.
// Both speak the same SQL and share one Drizzle schema and one set of migrations (DESIGN.md).
import { statfs } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: messages between the instances sharing the database (LISTEN/NOTIFY). The embedded database
   * has one process, so nothing to tell.
   */
  channel?: Channel;
  /** PostgreSQL only: the connection pool's state, for GET /metrics (the embedded database has one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Embedded database only: the size of its WebAssembly memory, for GET /metrics (issue 17). It only ever grows, so
   * it is the most the database has needed at once (shared buffers, sorts, the catalog cache).
   */
  memoryBytes?: () => number;
  /**
   * Embedded database on disk only (issue 30): the bytes free for it on its data directory's file system. Readiness
   * turns red below PGLITE_MIN_FREE_BYTES, since writes fail (and a new WAL segment cannot be made) once it is gone.
   */
  freeBytes?: () => Promise<number>;
}

/** LISTEN/NOTIFY on one dedicated connection per instance (all channels share it), reconnected when it drops. */
export interface Channel {
  notify(name: string, payload: string): Promise<void>;
  /**
   * Calls onMessage for each message on `name`; onResync after a reconnection, since messages sent while the
   * connection was down are lost. Resolves once listening. Returns the way to stop.
   */
  listen(name: string, onMessage: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>>;
}

/** How the listener waits between reconnection attempts (issue 30). */
export interface Backoff {
  /** The first wait's ceiling; each failed attempt doubles it. */
  baseMs: number;
  /** The most any wait's ceiling grows to. */
  capMs: number;
  /** [0, 1): the jitter's source (Math.random; tests pass a seeded one). */
  random: () => number;
}

// Capped at 4 s: the listener is back within about 4 s of PostgreSQL answering again (issue 30's bar is 5 s), and a
// long outage costs one attempt every 2-4 s per instance.
export const LISTEN_BACKOFF: Backoff = { baseMs: 250, capMs: 4000, random: Math.random };

/**
 * The wait before reconnection attempt `attempt` (0 first): "equal jitter", between half and all of
 * min(cap, base * 2^attempt). Instances that lost PostgreSQL together spread their attempts over the window
 * instead of arriving in step, and none waits less than half the ceiling, so a long outage costs one attempt per
 * capMs / 2 at most.
 */
export function backoffDelay(attempt: number, b: Backoff): number {
  const ceiling = Math.min(b.capMs, b.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + b.random() * (ceiling / 2));
}

/** Connection names in pg_stat_activity: operators (and the fault tests) count ours by them. */
export const POOL_APPLICATION_NAME = 'prairie-motor';
export const LISTENER_APPLICATION_NAME = 'prairie-motor-listen';

/**
 * How long a new connection may take: past it the request fails fast (503, plugins/… errors.ts) instead of waiting
 * on a server that does not answer (stopped, frozen, or behind a dropped network path).
 */
export const CONNECT_TIMEOUT_MS = 2000;

interface ChannelLog { warn(msg: string): void; info(msg: string): void }
const consoleLog: ChannelLog = { warn: (m) => console.error(m), info: (m) => console.log(m) };

/**
 * Issue 30: the old reconnect scheduled a retry from both the failed connect's rejection and its 'end' event, so
 * every failure doubled the attempts (95 listener connections after a 3 s stop, "too many clients" after 6 s).
 * Here one timer at a time owns reconnection: an attempt starts only from that timer, the events of a failed or
 * superseded client are ignored (`c !== client`), and each failed client is ended so its socket is freed.
 *
 * Every channel an instance listens on (vehicle changes, lead deliveries) shares the one connection: an instance
 * holds one LISTEN connection however many features listen, and a reconnection LISTENs on all of them again and
 * tells every subscriber to resync.
 */
function postgresChannel(pool: pg.Pool, url: string, backoff: Backoff, log: ChannelLog): Channel {
  interface Subscriber { onMessage: (payload: string) => void; onResync: () => void }
  const subscribers = new Map<string, Set<Subscriber>>();
  const listenedOn = new WeakMap<pg.Client, Set<string>>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;

  const listenOn = async (c: pg.Client, name: string) => {
    const names = listenedOn.get(c)!;
    if (names.has(name)) return;
    names.add(name);
    await c.query(`LISTEN ${pg.escapeIdentifier(name)}`);
  };

  const unlistened = (listened: Set<string>) => [...subscribers.keys()].find((name) => !listened.has(name));

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    listenedOn.set(c, new Set());
    // Always listened: a client's 'error' with no listener ends the process. A live client's error or end
    // means the connection is gone (dropped below); a failed attempt's are ignored, its rejection handles it.
    c.on('error', (err) => dropped(c, err));
    c.on('end', () => dropped(c));
    c.on('notification', (m) => {
      if (m.payload === undefined) return;
      for (const s of subscribers.get(m.channel) ?? []) s.onMessage(m.payload);
    });
    try {
      await c.connect();
      // Re-read after each await: a channel subscribed meanwhile is listened on too.
      const listened = listenedOn.get(c)!;
      for (let next = unlistened(listened); next !== undefined; next = unlistened(listened)) await listenOn(c, next);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    return c;
  };

  const dropped = (c: pg.Client, err?: Error) => {
    if (c !== client) return;
    client = null;
    log.warn(`database: the notification listener lost its connection${err ? ` (${err.message})` : ''}; reconnecting`);
    c.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (timer || subscribers.size === 0) return;
    timer = setTimeout(() => {
      opening = connect();
      opening.then((c) => {
        opening = null;
        timer = null;
        if (subscribers.size === 0) { c.end().catch(() => {}); return; }
        client = c;
        attempt = 0;
        log.info('database: the notification listener is back; caches and indexes re-read what they missed');
        for (const set of [...subscribers.values()]) for (const s of [...set]) s.onResync();
      }, () => {
        opening = null;
        timer = null;
        attempt++;
        schedule();
      });
    }, backoffDelay(attempt, backoff));
  };

  const unsubscribe = async (name: string, sub: Subscriber) => {
    const set = subscribers.get(name);
    if (!set?.delete(sub) || set.size > 0) return;
    subscribers.delete(name);
    const c = client;
    if (subscribers.size === 0) {
      if (timer) clearTimeout(timer);
      timer = null;
      client = null;
      await c?.end();
    } else if (c) {
      listenedOn.get(c)!.delete(name);
      await c.query(`UNLISTEN ${pg.escapeIdentifier(name)}`).catch(() => {});
    }
  };

  return {
    notify: async (name, payload) => { await pool.query('select pg_notify($1, $2)', [name, payload]); },
    async listen(name, onMessage, onResync) {
      const sub: Subscriber = { onMessage, onResync };
      if (!subscribers.has(name)) subscribers.set(name, new Set());
      subscribers.get(name)!.add(sub);
      try {
        if (!client && !timer) {
          // The first listener: connect now, and a failure is the caller's (several first listeners share it).
          opening ??= connect().finally(() => { opening = null; });
          const c = await opening;
          client ??= c;
        }
        // While a reconnection is pending this resolves at once: the reconnection LISTENs on every subscribed
        // channel and calls onResync, since messages sent meanwhile are lost.
        if (client) await listenOn(client, name);
      } catch (err) {
        await unsubscribe(name, sub);
        throw err;
      }
      return () => unsubscribe(name, sub);
    },
  };
}

/**
 * pg_trgm word similarity at or above which a search word counts as a typo of a vehicle's word ("hyndai" →
 * Hyundai scores 0.5; the default 0.6 misses it). Set per connection so the `<%` operator, and with it the
 * trigram GIN index, uses it (modules/vehicles/sql-search.ts); the inventory index applies the same threshold in
 * JavaScript (modules/vehicles/trigram.ts).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

export const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Instances starting together on one PostgreSQL (issue 18) must not both run a migration: the first takes a
 * session advisory lock and migrates, the others wait on the lock and then find nothing left to do. The lock is
 * held on one connection, and the migrations run on that same connection.
 */
export const MIGRATION_LOCK_KEY = 7_246_153_021;

async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * The embedded database's buffer pool, in MB, unless PGLITE_SHARED_BUFFERS_MB says otherwise (issue 17).
 * PostgreSQL's default of 128 MB is resident from the start inside PGlite's WebAssembly memory; 32 MB holds the
 * demo lot's tables and indexes several times over, and pages beyond it come from the operating system's file
 * cache. The in-process inventory index answers the listing, so few queries read many pages.
 */
export const PGLITE_SHARED_BUFFERS_MB = 32;

/**
 * Issue 30: below this much free space on the embedded database's disk, readiness is red (a load balancer or an
 * operator's alert sees it before shoppers do). PostgreSQL makes its write-ahead log 16 MB at a time and extends
 * tables and indexes as rows come; with less than two segments' worth left, the next writes may fail.
 */
export const PGLITE_MIN_FREE_BYTES = 32 * 1024 * 1024;

function freeBytesOn(dir: string): () => Promise<number> {
  return async () => {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; listenBackoff?: Backoff }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; sharedBuffersMb?: number };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
      application_name: POOL_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A server that vanished without closing the socket (a failover, a cut network) is noticed by the kernel.
      keepAlive: true,
    });
    // An idle pooled connection the server drops (a restart, a failover, an administrator's terminate) emits 'error'
    // on the pool; unhandled, that event would end the process. The pool discards the client and the next query opens
    // a new one, so a log line is the whole response.
    pool.on('error', (err) => console.error(`database: an idle connection failed and was discarded: ${err.message}`));
    // Issue 30: the pool listens for errors on idle clients only. A checked-out client (a transaction in progress when
    // PostgreSQL restarts) emits 'error' with no listener, which ended the process in 4 of 10 restarts. Every client
    // gets a listener of its own for its whole life: the query in flight rejects (the request answers 503, errors.ts)
    // and the pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`database: a connection in use failed: ${err.message}`));
    });
    // node-postgres and PGlite share the query-builder API; the cast unifies the two driver types.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateLocked(pool),
      close: () => pool.end(),
      channel: postgresChannel(pool, opts.url, opts.listenBackoff ?? LISTEN_BACKOFF, consoleLog),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // Issue 30: a second process on the same data directory would corrupt it; it is refused before PGlite opens it.
  const lock = opts.dataDir ? await lockDataDir(opts.dataDir) : null;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB}MB`],
    });
  } catch (err) {
    await lock?.release();
    throw err;
  }
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
    ...(opts.dataDir ? { freeBytes: freeBytesOn(opts.dataDir) } : {}),
    memoryBytes: () => client.Module.wasmMemory.buffer.byteLength,
    // the PGlite instance itself: tests snapshot a migrated template, backups copy the data directory (modules/backup)
    ...({ pglite: client } as object),
  };
}

export function pgliteOf(database: Database): PGlite | undefined {
  return (database as unknown as { pglite?: PGlite }).pglite;
}
