// Builds the migrated database once per run; every test file then clones it (DESIGN.md convention 10):
// PGlite from a data-directory dump (a fresh in-memory instance per file), or, when TEST_DATABASE_URL is set,
// a PostgreSQL template database that each file copies with CREATE DATABASE … TEMPLATE.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOf } from '../db/client';

export type TestDatabaseInfo =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; url: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** The same server, another database name. */
export function urlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `test_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: urlFor(serverUrl, template), poolSize: 1 });
    await database.migrate();
    // A template must have no open connections when it is copied.
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url: serverUrl, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'prairie-api-test-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await pgliteOf(database)!.dumpDataDir('none');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return () => rm(dir, { recursive: true, force: true });
}
