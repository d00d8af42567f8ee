// The PostgreSQL pool survives the server dropping an idle connection (a restart, a failover, an administrator's
// terminate): node-postgres emits 'error' on the pool for it, which would end the process if nothing listened.
import { afterEach, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';

const info = inject('testDatabase');

afterEach(() => vi.restoreAllMocks());

it.skipIf(info.kind !== 'postgres')('logs a dropped idle connection and answers the next query on a new one', async () => {
  if (info.kind !== 'postgres') return;
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const database = await openDatabase({ kind: 'postgres', url: info.url, poolSize: 1 });
  try {
    const first = await database.db.execute(sql`select pg_backend_pid() as pid`);
    const pid = Number((first.rows[0] as { pid: number }).pid);

    const admin = new pg.Client({ connectionString: info.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('idle connection failed')));

    const second = await database.db.execute(sql`select pg_backend_pid() as pid`);
    expect(Number((second.rows[0] as { pid: number }).pid)).not.toBe(pid);
  } finally {
    await database.close();
  }
});
