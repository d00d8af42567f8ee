// The operator's commands (issue 18) on an embedded database kept on disk, as a dealer's server has it:
// db:backup while the server serves (the server writes it), db:restore refused while it runs, and db:migrate-to
// into an empty PostgreSQL database, after which an app on the copy serves the same listing. The PostgreSQL part
// needs a server (TEST_DATABASE_URL, or one on 127.0.0.1:5432) and says so when it skips.
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { seedDemoData } from '../../db/seed/index';
import { urlFor } from '../../test/global-setup';
import { runCli } from './cli';
import { tableChecksums } from './logical-backup';
import { removeControlFile, writeControlFile } from './service';

const NOW = new Date('2026-11-22T17:00:00Z');
let dir: string;
let env: Record<string, string>;
let lines: string[] = [];
const io = { log: (l: string) => { lines.push(l); }, error: (l: string) => { lines.push(l); } };
const cli = async (command: string, ...args: string[]) => { lines = []; return runCli(command, args, env, io); };

async function openSource(): Promise<Database> {
  return openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'db-cli-test-'));
  env = { NODE_ENV: 'test', DATA_DIR: dir, SEED: 'off', LOG_LEVEL: 'silent', BACKUP_ENDPOINT: 'on' };
  const source = await openSource();
  await source.migrate();
  await seedDemoData(source.db, { uploadsDir: path.join(dir, 'uploads'), adminPassword: 'test-admin-password', images: false, now: NOW, vehicles: 250 });
  await source.close();
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('usage', () => {
  it('answers a wrong command or argument with what is wrong and exit code 2', async () => {
    expect(await cli('bakcup')).toBe(2);
    expect(lines.join('\n')).toMatch(/unknown command bakcup[\s\S]*npm run db:backup/);
    expect(await cli('restore')).toBe(2);
    expect(lines.join('\n')).toContain('needs the backup file');
    expect(await cli('migrate-to', 'mysql://root@localhost/db')).toBe(2);
    expect(lines.join('\n')).toContain('postgres:// or postgresql://');
    expect(await cli('backup', '--out')).toBe(2);
    expect(await cli('restore', path.join(dir, 'missing.gz'))).toBe(1);
  });
});

describe('while the server runs on the embedded database', { timeout: 180_000 }, () => {
  it('backs up through the server, and refuses to restore under it', async () => {
    const config = loadConfig(env);
    const database = await openSource();
    let token: string | null = null;
    const app = await buildApp({ config, database, logger: false, backupControlToken: () => token });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      token = await writeControlFile(dir, port);

      // Without the token, or with a wrong one, the route is not there.
      expect((await fetch(`http://127.0.0.1:${port}/internal/backup`, { method: 'POST' })).status).toBe(404);
      const bad = await fetch(`http://127.0.0.1:${port}/internal/backup`, { method: 'POST', headers: { authorization: `Bearer ${'x'.repeat(token.length)}` } });
      expect(bad.status).toBe(404);
      const relative = await fetch(`http://127.0.0.1:${port}/internal/backup`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ file: 'relative.gz' }),
      });
      expect(relative.status).toBe(400);
      expect(await relative.text()).toContain('absolute path');

      const file = path.join(dir, 'live.jsonl.gz');
      expect(await cli('backup', '--out', file)).toBe(0);
      expect(lines.join('\n')).toMatch(/The server \(pid \d+\) has the embedded database open[\s\S]*Backup written/);
      expect(existsSync(file)).toBe(true);

      expect(await cli('restore', file, '--force')).toBe(1);
      expect(lines.join('\n')).toContain('stop it before restoring');
    } finally {
      await removeControlFile(dir);
      await app.close();
      await database.close();
    }
  });
});

/** A PostgreSQL server to copy into: the test run's, or the local one. */
async function postgresServer(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const up = await new Promise<boolean>((resolve) => {
    const s = connect(5432, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
  return up ? 'postgres://postgres@127.0.0.1:5432/postgres' : null;
}

const server = await postgresServer();
if (!server) console.warn('db:migrate-to test skipped: no PostgreSQL answers on 127.0.0.1:5432 and TEST_DATABASE_URL is not set');

// Copies, checksums and two apps over a seeded database: minutes on a busy 2-core machine, not the default 30 s.
describe.skipIf(!server)('db:migrate-to', { timeout: 180_000 }, () => {
  let name: string;
  let url: string;
  beforeAll(async () => {
    name = `test_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server! });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url = urlFor(server!, name);
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: server! });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('copies the embedded database into an empty PostgreSQL database, and the app on the copy serves the same listing', async () => {
    expect(await cli('migrate-to', url)).toBe(0);
    expect(lines.join('\n')).toMatch(/Copied \d+ tables, \d+ rows .* counts and checksums match/);

    const source = await openSource();
    const target = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      const expected = await tableChecksums(source);
      expect(expected.find((t) => t.name === 'vehicles')?.rows).toBe(250);
      expect(await tableChecksums(target)).toEqual(expected);

      const config = loadConfig(env);
      const onSource = await buildApp({ config, database: source, logger: false });
      const onCopy = await buildApp({ config: { ...config, database: { kind: 'postgres', url } }, database: target, logger: false });
      try {
        await onSource.ready();
        await onCopy.ready();
        // Each app rates its lot at start, then builds its index (app.ts): compare once both have.
        await expect.poll(() => onSource.inventoryIndex.ready && onCopy.inventoryIndex.ready, { timeout: 60_000 }).toBe(true);
        for (const q of ['', '?sortBy=price-asc&page=2', '?make=Toyota&search=awd', '?bodyType=SUV&priceMax=30000']) {
          const a = await onSource.inject({ method: 'GET', url: `/api/vehicles${q}` });
          const b = await onCopy.inject({ method: 'GET', url: `/api/vehicles${q}` });
          expect(a.statusCode).toBe(200);
          expect(b.body).toBe(a.body);
        }
      } finally {
        await onSource.close();
        await onCopy.close();
      }
    } finally {
      await source.close();
      await target.close();
    }

    // A second copy into the same (now full) database is refused.
    expect(await cli('migrate-to', url)).toBe(1);
    expect(lines.join('\n')).toContain('not empty');
  });
});
