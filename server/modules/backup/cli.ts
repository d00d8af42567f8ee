// npm run db:backup | db:restore | db:migrate-to (issue 18; docs/OPERATIONS.md). The same configuration as the
// server (DATABASE_URL or DATA_DIR), so the commands act on the database the server uses.
//   db:backup [-- --out FILE]       a consistent backup, also while the server runs
//   db:restore -- FILE [--force]    into an empty database; --force replaces what is there
//   db:migrate-to -- URL [--force]  copies the embedded database into an empty PostgreSQL database
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { BackupError, restoreBackup, writeBackup, type TableSummary } from './logical-backup';
import { backupFileName, readControlFile } from './service';

export interface CliIo { log(line: string): void; error(line: string): void }

const USAGE = [
  'usage:',
  '  npm run db:backup [-- --out FILE]',
  '  npm run db:restore -- FILE [--force]',
  '  npm run db:migrate-to -- postgres://user@host:5432/database [--force]',
].join('\n');

class UsageError extends Error {}

function parse(args: string[]) {
  const flags = new Set(args.filter((a) => a === '--force'));
  const rest = args.filter((a) => a !== '--force');
  let out: string | undefined;
  const outAt = rest.indexOf('--out');
  if (outAt >= 0) {
    out = rest[outAt + 1];
    if (!out || out.startsWith('--')) throw new UsageError('--out needs a file name');
    rest.splice(outAt, 2);
  }
  const unknown = rest.filter((a) => a.startsWith('--'));
  if (unknown.length) throw new UsageError(`unknown option ${unknown[0]}`);
  return { force: flags.has('--force'), out, positional: rest };
}

/** The embedded database is open in a running server: its pid is alive and it wrote the control file. */
async function runningServer(config: Config) {
  if (config.database.kind !== 'pglite') return null;
  const control = await readControlFile(config.dataDir);
  if (!control) return null;
  try {
    process.kill(control.pid, 0);
    return control;
  } catch {
    return null;
  }
}

async function withDatabase<T>(config: Config, work: (db: Database) => Promise<T>): Promise<T> {
  if (config.database.kind === 'pglite') await mkdir(config.database.dataDir, { recursive: true });
  const database = await openDatabase(config.database.kind === 'postgres' ? { kind: 'postgres', url: config.database.url, poolSize: 2 } : config.database);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** A backup of the configured database into `file`, through the running server when it holds the embedded one. */
async function backupTo(config: Config, file: string, io: CliIo): Promise<{ bytes: number; ms: number; tables: TableSummary[] }> {
  const server = await runningServer(config);
  if (server) {
    io.log(`The server (pid ${server.pid}) has the embedded database open: it writes the backup.`);
    const res = await fetch(`http://127.0.0.1:${server.port}/internal/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file }),
    });
    const body = await res.json() as { message?: string; bytes: number; ms: number; tables: TableSummary[] };
    // 404: the server was started without BACKUP_ENDPOINT=on (issue 36 item 5), or its token changed.
    if (res.status === 404) throw new BackupError('the running server does not take backup requests: start it with BACKUP_ENDPOINT=on, or let its daily backup job write them (BACKUP_KEEP)');
    if (!res.ok) throw new BackupError(`the server refused the backup (${res.status}): ${body.message ?? 'no reason given'}`);
    return body;
  }
  return withDatabase(config, (database) => writeBackup(database, file));
}

const describeTables = (tables: TableSummary[]) => `${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows`;

export async function runCli(command: string, args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  try {
    const config = loadConfig(env);
    const { force, out, positional } = parse(args);
    if (command === 'backup') {
      if (positional.length) throw new UsageError(`unexpected argument ${positional[0]}`);
      const file = path.resolve(out ?? path.join(config.backup.backupDir, backupFileName(new Date())));
      await mkdir(path.dirname(file), { recursive: true });
      const r = await backupTo(config, file, io);
      io.log(`Backup written: ${file} (${(r.bytes / 1e6).toFixed(2)} MB, ${describeTables(r.tables)}, ${r.ms} ms)`);
      return 0;
    }
    if (command === 'restore') {
      if (positional.length !== 1) throw new UsageError('db:restore needs the backup file');
      if (await runningServer(config)) throw new BackupError('the server is running on this data directory; stop it before restoring');
      const file = path.resolve(positional[0]!);
      const r = await withDatabase(config, (database) => restoreBackup(database, file, { force }));
      io.log(`Restored ${file} into the ${config.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${describeTables(r.tables)}, ${r.ms} ms); every table's count and checksum matches the backup.`);
      return 0;
    }
    if (command === 'migrate-to') {
      const url = positional[0];
      if (positional.length !== 1 || !url) throw new UsageError('db:migrate-to needs the PostgreSQL URL');
      if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError('the target must be a postgres:// or postgresql:// URL');
      if (config.database.kind !== 'pglite') throw new UsageError('db:migrate-to copies the embedded database: unset DATABASE_URL and point DATA_DIR at the data to copy');
      const dir = await mkdtemp(path.join(tmpdir(), 'prairie-migrate-'));
      try {
        const file = path.join(dir, 'copy.jsonl.gz');
        const backup = await backupTo(config, file, io);
        const target = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
        try {
          const r = await restoreBackup(target, file, { force });
          io.log(`Copied ${describeTables(backup.tables)} from ${config.database.dataDir} into ${redact(url)}; counts and checksums match (${r.ms} ms).`);
          io.log('Next: set DATABASE_URL to that URL and restart the server. Uploaded images stay in DATA_DIR/uploads: keep DATA_DIR, or copy that folder to the new machine.');
        } finally {
          await target.close();
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return 0;
    }
    throw new UsageError(`unknown command ${command}`);
  } catch (err) {
    if (err instanceof UsageError) {
      io.error(`${err.message}\n${USAGE}`);
      return 2;
    }
    if (err instanceof BackupError || (err as Error).name === 'ConfigError') {
      io.error(`error: ${(err as Error).message}`);
      return 1;
    }
    io.error(`error: ${(err as Error).message ?? String(err)}`);
    return 1;
  }
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
