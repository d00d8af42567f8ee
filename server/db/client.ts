// The database handle: PGlite (embedded, default) or node-postgres when DATABASE_URL is a postgres:// URL.
// Both speak the same SQL and share one Drizzle schema and one set of migrations (DESIGN.md).
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

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
}

/** LISTEN/NOTIFY on one dedicated connection, reconnected when it drops. */
export interface Channel {
  notify(name: string, payload: string): Promise<void>;
  /**
   * Calls onMessage for each message on `name`; onResync after a reconnection, since messages sent while the
   * connection was down are lost. Resolves once listening. Returns the way to stop.
   */
  listen(name: string, onMessage: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>>;
}

function postgresChannel(pool: pg.Pool, url: string): Channel {
  return {
    notify: async (name, payload) => { await pool.query('select pg_notify($1, $2)', [name, payload]); },
    async listen(name, onMessage, onResync) {
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (m) => { if (m.channel === name && m.payload !== undefined) onMessage(m.payload); });
        c.on('error', () => { /* 'end' follows and reconnects */ });
        c.on('end', () => {
          if (stopped) return;
          client = null;
          const retry = () => { if (!stopped) connect().then(onResync, () => setTimeout(retry, 1000)); };
          setTimeout(retry, 250);
        });
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(name)}`);
        client = c;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end();
      };
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

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; sharedBuffersMb?: number };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // An idle pooled connection the server drops (a restart, a failover, an administrator's terminate) emits 'error'
    // on the pool; unhandled, that event would end the process. The pool discards the client and the next query opens
    // a new one, so a log line is the whole response.
    pool.on('error', (err) => console.error(`database: an idle connection failed and was discarded: ${err.message}`));
    // node-postgres and PGlite share the query-builder API; the cast unifies the two driver types.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateLocked(pool),
      close: () => pool.end(),
      channel: postgresChannel(pool, opts.url),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB}MB`],
  });
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    memoryBytes: () => client.Module.wasmMemory.buffer.byteLength,
    // the PGlite instance itself: tests snapshot a migrated template, backups copy the data directory (modules/backup)
    ...({ pglite: client } as object),
  };
}

export function pgliteOf(database: Database): PGlite | undefined {
  return (database as unknown as { pglite?: PGlite }).pglite;
}
