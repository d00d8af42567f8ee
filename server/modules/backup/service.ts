// Where backups go and how many stay (issue 18): BACKUP_DIR (default DATA_DIR/backups), the newest BACKUP_KEEP
// (default 7). The daily job (modules/jobs) and `npm run db:backup` both end here.
//
// The embedded database lives inside the serving process, and a second process must never open its files. So the
// server writes a control file (DATA_DIR/server.json: its port and a random token, readable by its own user only)
// and answers POST /internal/backup from the loopback with that token; `npm run db:backup` asks the running server
// through it, and opens the data directory itself only when no server holds it.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client';
import { writeBackup, type BackupResult } from './logical-backup';

const BACKUP_NAME = /^backup-\d{8}T\d{6}Z\.jsonl\.gz$/;

export function backupFileName(now: Date): string {
  return `backup-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.jsonl.gz`;
}

/** Writes a backup into `dir` and deletes all but the newest `keep` of the backups there. */
export async function backupInto(database: Database, dir: string, keep: number, now = new Date()): Promise<BackupResult & { deleted: string[] }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const result = await writeBackup(database, path.join(dir, backupFileName(now)), now);
  return { ...result, deleted: await pruneBackups(dir, keep) };
}

/** The names sort by time; only files this code named are ever deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => BACKUP_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const n of old) await rm(path.join(dir, n), { force: true });
  return old;
}

export const CONTROL_FILE = 'server.json';
export interface ControlFile { pid: number; port: number; token: string }

/** Writes DATA_DIR/server.json (mode 0600) for `npm run db:backup`; removed again when the server closes. */
export async function writeControlFile(dataDir: string, port: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const file = path.join(dataDir, CONTROL_FILE);
  await writeFile(file, JSON.stringify({ pid: process.pid, port, token } satisfies ControlFile), { mode: 0o600 });
  return token;
}

export async function readControlFile(dataDir: string): Promise<ControlFile | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
}

export async function removeControlFile(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, CONTROL_FILE), { force: true });
}
