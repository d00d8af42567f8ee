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
}

/**
 * pg_trgm word similarity at or above which a search word counts as a typo of a vehicle's word ("hyndai" →
 * Hyundai scores 0.5; the default 0.6 misses it). Set per connection so the `<%` operator, and with it the
 * trigram GIN index, uses it (modules/vehicles/service.ts).
 */
const WORD_SIMILARITY_THRESHOLD = 0.45;

export const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

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
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    // exposed for tests that snapshot a migrated template
    ...({ pglite: client } as object),
  };
}

export function pgliteOf(database: Database): PGlite | undefined {
  return (database as unknown as { pglite?: PGlite }).pglite;
}
