// Logical backups (issue 18): one format for the embedded database and PostgreSQL, written and read by the same
// code, so a backup of either restores into either. That is also how an embedded database moves to PostgreSQL
// (`npm run db:migrate-to`). Decision 015 says why this and not pg_dump.
//
// The file is gzip-compressed lines:
//   #{"format":…,"version":1,"source":…,"migrations":[…]}        the header
//   #{"table":"vehicles","columns":[…]}                           a table's section, parents before children
//   {"id":1,…}                                                    its rows, each PostgreSQL's own to_jsonb text
//   #{"end":true,"tables":[{"name","rows","sha256"}]}              the trailer: what a restore must reproduce
// Rows are read in one read-only REPEATABLE READ transaction, so the backup is one consistent snapshot while the
// server keeps serving. The embedded database has one connection, which that transaction would hold for the whole
// backup (half a minute at 10,000 vehicles, every other query waiting): there the backup is read from a copy, made
// by PGlite's own data-directory dump (a second or so) and opened as a second, in-memory instance.
// Generated columns are left out of the insert and recomputed; serial sequences are reset to the restored maxima.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, pgliteOf, type Database, type Tx } from '../../db/client';

export const BACKUP_FORMAT = 'prairie-motor-hub-backup';
const VERSION = 1;
const FETCH_ROWS = 1000;
/** A restore inserts rows in batches of about this many bytes of JSON (one round trip each). */
const BATCH_BYTES = 1 << 20;

export interface TableSummary { name: string; rows: number; sha256: string }
export interface BackupResult { file: string; bytes: number; ms: number; tables: TableSummary[] }
export interface RestoreResult { ms: number; tables: TableSummary[] }

interface TableInfo { name: string; columns: string[]; generated: string[]; primaryKey: string[] }
interface Header { format: string; version: number; createdAt: string; source: Database['kind']; migrations: string[] }

export class BackupError extends Error {
  constructor(message: string) { super(message); this.name = 'BackupError'; }
}

type Runner = Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  return (await db.execute(query) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => sql.identifier(name);
const identList = (names: string[]) => sql.join(names.map(ident), sql`, `);

/**
 * Derived tables, left out of backups, checksums and the emptiness check: vehicle_listing_json holds each vehicle's
 * listing JSON, serialised from the other tables (issue 17), as large as the vehicles themselves. A restore's writes
 * mark every restored vehicle's JSON stale (triggers), and the server fills it again after the start.
 */
const DERIVED_TABLES = new Set(['vehicle_listing_json']);

/** Every table of the application's schema, parents before children (foreign keys), with what a copy needs. */
async function describeTables(db: Runner): Promise<TableInfo[]> {
  const columns = await rows<{ table: string; column: string; generated: string }>(db, sql`
    select c.relname as "table", a.attname as "column", a.attgenerated as generated
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`);
  const keys = await rows<{ table: string; column: string }>(db, sql`
    select c.relname as "table", a.attname as "column"
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where n.nspname = 'public' and i.indisprimary
    order by c.relname, array_position(i.indkey::int2[], a.attnum)`);
  const edges = await rows<{ child: string; parent: string }>(db, sql`
    select ch.relname as child, pa.relname as parent
    from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    join pg_namespace n on n.oid = ch.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`);
  const byName = new Map<string, TableInfo>();
  for (const c of columns) {
    if (DERIVED_TABLES.has(c.table)) continue;
    const t = byName.get(c.table) ?? { name: c.table, columns: [], generated: [], primaryKey: [] };
    (c.generated ? t.generated : t.columns).push(c.column);
    byName.set(c.table, t);
  }
  for (const k of keys) byName.get(k.table)?.primaryKey.push(k.column);
  // Depth-first topological order; a self-reference (a row pointing at an earlier row) needs nothing more, since
  // rows are copied in primary-key order.
  const parents = new Map<string, Set<string>>();
  for (const e of edges) if (e.child !== e.parent) (parents.get(e.child) ?? parents.set(e.child, new Set()).get(e.child)!).add(e.parent);
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new BackupError(`the foreign keys around table ${name} form a cycle; a logical copy cannot order it`);
    state.set(name, 'visiting');
    for (const p of [...(parents.get(name) ?? [])].sort()) if (byName.has(p)) visit(p);
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

async function appliedMigrations(db: Runner): Promise<string[]> {
  const exists = await rows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists[0]?.present) return [];
  return (await rows<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations order by id`)).map((r) => r.hash);
}

let cursors = 0;

/**
 * Reads a table's rows as PostgreSQL's canonical jsonb text, in primary-key order, in pages through a cursor (the
 * transaction's end closes it). A short page is the last: most tables take two round trips in all.
 */
async function* tableRows(tx: Runner, table: TableInfo): AsyncGenerator<string[]> {
  const order = table.primaryKey.length ? identList(table.primaryKey) : sql`to_jsonb(t)::text`;
  const cursor = `backup_rows_${++cursors}`;
  await tx.execute(sql`declare ${ident(cursor)} no scroll cursor for select to_jsonb(t)::text as r from ${ident(table.name)} t order by ${order}`);
  for (;;) {
    const page = await rows<{ r: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from ${cursor}`));
    if (page.length) yield page.map((p) => p.r);
    if (page.length < FETCH_ROWS) return;
  }
}

/** Same snapshot rules for reading a backup and for checking a copy: UTC timestamps, one consistent view. */
async function snapshot<T>(database: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set transaction isolation level repeatable read, read only'));
    // to_jsonb writes timestamptz in the session's time zone: pin it so the text (and its checksum) is the same
    // wherever the copy is read.
    await tx.execute(sql.raw(`set local timezone = 'UTC'`));
    return work(tx);
  });
}

/** Row count and SHA-256 of every table's rows (canonical jsonb text in primary-key order). */
export async function tableChecksums(database: Database): Promise<TableSummary[]> {
  return snapshot(database, async (tx) => {
    const out: TableSummary[] = [];
    for (const table of await describeTables(tx)) {
      const hash = createHash('sha256');
      let count = 0;
      for await (const page of tableRows(tx, table)) for (const r of page) { hash.update(r); hash.update('\n'); count++; }
      out.push({ name: table.name, rows: count, sha256: hash.digest('hex') });
    }
    return out;
  });
}

/**
 * Writes a consistent, compressed backup of `database` to `file` (through a temporary name, so a crash never
 * leaves a half file under the real one).
 */
export async function writeBackup(database: Database, file: string, now = new Date()): Promise<BackupResult> {
  const pglite = pgliteOf(database);
  if (pglite) {
    const started = performance.now();
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: await pglite.dumpDataDir('none') });
    try {
      return { ...(await writeBackupOf(copy, file, now)), ms: Math.round(performance.now() - started) };
    } finally {
      await copy.close();
    }
  }
  return writeBackupOf(database, file, now);
}

async function writeBackupOf(database: Database, file: string, now: Date): Promise<BackupResult> {
  const started = performance.now();
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(partial, { mode: 0o600 });
  const finished = new Promise<void>((resolve, reject) => { out.on('finish', resolve); out.on('error', reject); gzip.on('error', reject); });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await new Promise<void>((resolve) => gzip.once('drain', resolve));
  };
  try {
    const tables = await snapshot(database, async (tx) => {
      const header: Header = { format: BACKUP_FORMAT, version: VERSION, createdAt: now.toISOString(), source: database.kind, migrations: await appliedMigrations(tx) };
      await write(`#${JSON.stringify(header)}`);
      const summaries: TableSummary[] = [];
      for (const table of await describeTables(tx)) {
        await write(`#${JSON.stringify({ table: table.name, columns: table.columns })}`);
        const hash = createHash('sha256');
        let count = 0;
        for await (const page of tableRows(tx, table)) {
          for (const r of page) { hash.update(r); hash.update('\n'); count++; await write(r); }
        }
        summaries.push({ name: table.name, rows: count, sha256: hash.digest('hex') });
      }
      return summaries;
    });
    await write(`#${JSON.stringify({ end: true, tables })}`);
    gzip.end();
    await finished;
    await rename(partial, file);
    return { file, bytes: out.bytesWritten, ms: Math.round(performance.now() - started), tables };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/** True when no table of the application's schema holds a row (a database made by migrations alone). */
export async function isEmpty(database: Database): Promise<boolean> {
  const tables = await describeTables(database.db);
  if (!tables.length) return true;
  const any = sql.join(tables.map((t) => sql`exists (select 1 from ${ident(t.name)})`), sql` or `);
  const [r] = await rows<{ any: boolean }>(database.db, sql`select (${any}) as any`);
  return !r?.any;
}

/**
 * Restores `file` into `database`: migrates it to this code's schema, refuses a database that holds rows unless
 * `force` (then empties it first), inserts every table in one transaction, resets the sequences, and checks each
 * table's count and checksum against the backup's trailer. A failure leaves the target as it was.
 */
export async function restoreBackup(database: Database, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = performance.now();
  await database.migrate();
  const targetMigrations = await appliedMigrations(database.db);
  if (!opts.force && !(await isEmpty(database))) {
    throw new BackupError('the target database is not empty; restore into an empty database, or pass --force to replace everything in it');
  }
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<string | null> => {
    try {
      const r = await lines.next();
      return r.done ? null : r.value;
    } catch (err) {
      throw new BackupError(`${file} is not a readable backup (${(err as Error).message})`);
    }
  };
  const first = await next();
  let header: Header;
  try {
    header = JSON.parse(first?.startsWith('#') ? first.slice(1) : '') as Header;
  } catch {
    throw new BackupError(`${file} is not a backup made by npm run db:backup (no header)`);
  }
  if (header.format !== BACKUP_FORMAT || header.version !== VERSION) throw new BackupError(`${file} is not a version ${VERSION} backup made by npm run db:backup`);
  // The schema comes from this code's migrations, so the backup must not be ahead of it.
  const unknown = header.migrations.filter((h, i) => targetMigrations[i] !== h);
  if (unknown.length) throw new BackupError(`the backup was made by a newer version of the application (${unknown.length} migration(s) this version does not have); restore it with that version`);

  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local timezone = 'UTC'`));
    const tables = await describeTables(tx);
    const known = new Map(tables.map((t) => [t.name, t]));
    if (opts.force) await tx.execute(sql`truncate table ${identList(tables.map((t) => t.name))} restart identity cascade`);

    let table: TableInfo | null = null;
    let columns: string[] = [];
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!table || !batch.length) return;
      await tx.execute(sql`insert into ${ident(table.name)} (${identList(columns)})
        select ${identList(columns)} from jsonb_populate_recordset(null::${ident(table.name)}, ${`[${batch.join(',')}]`}::jsonb)`);
      batch = [];
      batchBytes = 0;
    };
    let trailer: { tables: TableSummary[] } | null = null;
    for (let line = await next(); line !== null; line = await next()) {
      if (!line) continue;
      if (line.startsWith('#')) {
        await flush();
        const meta = JSON.parse(line.slice(1)) as { table?: string; columns?: string[]; end?: boolean; tables?: TableSummary[] };
        if (meta.end) { trailer = { tables: meta.tables ?? [] }; break; }
        table = known.get(meta.table ?? '') ?? null;
        if (!table) throw new BackupError(`the backup holds table ${meta.table}, which this version's schema does not have`);
        // Columns the backup lacks (added by a later migration) take their defaults; columns it has that the schema
        // lacks would lose data, so they stop the restore.
        const missing = (meta.columns ?? []).filter((c) => !table!.columns.includes(c));
        if (missing.length) throw new BackupError(`the backup's ${table.name} has column(s) ${missing.join(', ')} that this version's schema does not have`);
        columns = meta.columns ?? [];
        continue;
      }
      if (!table) throw new BackupError('the backup has rows before any table section');
      batch.push(line);
      batchBytes += line.length;
      if (batchBytes >= BATCH_BYTES) await flush();
    }
    if (!trailer) throw new BackupError(`${file} is incomplete (it has no end record): the backup was interrupted`);
    await resetSequences(tx);
  });

  const restored = await tableChecksums(database);
  const trailerTables = await readTrailer(file);
  const byName = new Map(restored.map((t) => [t.name, t]));
  for (const expected of trailerTables) {
    const got = byName.get(expected.name);
    if (!got || got.rows !== expected.rows) throw new BackupError(`restored ${expected.name} has ${got?.rows ?? 0} rows, the backup ${expected.rows}`);
    if (got.sha256 !== expected.sha256) throw new BackupError(`restored ${expected.name} differs from the backup (checksum)`);
  }
  return { ms: Math.round(performance.now() - started), tables: restored };
}

/** The backup's own record of each table's count and checksum (its last line). */
export async function readTrailer(file: string): Promise<TableSummary[]> {
  let last = '';
  for await (const line of createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })) if (line) last = line;
  if (!last.startsWith('#')) throw new BackupError(`${file} is incomplete (it has no end record)`);
  const meta = JSON.parse(last.slice(1)) as { end?: boolean; tables?: TableSummary[] };
  if (!meta.end) throw new BackupError(`${file} is incomplete (it has no end record)`);
  return meta.tables ?? [];
}

/** Serial columns continue after the restored rows, not from 1. One catalog query finds them all. */
async function resetSequences(tx: Runner) {
  const serials = await rows<{ table: string; column: string; seq: string }>(tx, sql`
    select c.relname as "table", a.attname as "column", pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as seq
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`);
  for (const { table, column, seq } of serials) {
    await tx.execute(sql`select setval(${seq}, coalesce((select max(${ident(column)}) from ${ident(table)}), 1),
      (select max(${ident(column)}) from ${ident(table)}) is not null)`);
  }
}
