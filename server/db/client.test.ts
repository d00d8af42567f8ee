// The PostgreSQL pool survives the server dropping an idle connection (a restart, a failover, an administrator's
// terminate): node-postgres emits 'error' on the pool for it, which would end the process if nothing listened.
import { afterEach, expect, inject, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { LISTENER_APPLICATION_NAME, openDatabase } from './client';

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

it.skipIf(info.kind !== 'postgres')('migrates an empty database once when several instances start together', async () => {
  if (info.kind !== 'postgres') return;
  const name = `test_migrate_race_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(info.url);
  u.pathname = `/${name}`;
  const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 2 })));
  try {
    await Promise.all(instances.map((d) => d.migrate()));
    const applied = await instances[0]!.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`);
    const row = applied.rows[0] as { n: number; distinct_n: number };
    expect(row.n).toBeGreaterThan(5);
    expect(row.n).toBe(row.distinct_n);
  } finally {
    await Promise.all(instances.map((d) => d.close()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

// Issue 17: the embedded database opens with a small buffer pool (PostgreSQL's 128 MB default is resident at once).
it('opens the embedded database with the configured buffer pool, 32 MB by default', async () => {
  for (const [opts, expected] of [[{}, '32MB'], [{ sharedBuffersMb: 8 }, '8MB']] as const) {
    const database = await openDatabase({ kind: 'pglite', ...opts });
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      expect((result.rows[0] as { shared_buffers: string }).shared_buffers).toBe(expected);
      expect(database.memoryBytes!()).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }
});

// Issue 30: the listener reconnects by itself after its connection is cut, once (one connection for every channel,
// not a storm), and reports the resync so caches and indexes re-read what they missed.
it.skipIf(info.kind !== 'postgres')('reconnects the LISTEN connection once after it is cut, and asks for a resync', async () => {
  if (info.kind !== 'postgres') return;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const name = `test_listen_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(info.url);
  u.pathname = `/${name}`;
  // A fast backoff: what is tested is the count of attempts and connections, not the waits.
  const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 1, listenBackoff: { baseMs: 10, capMs: 40, random: () => 0.5 } });
  const listeners = async () => Number((await admin.query(
    'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2', [name, LISTENER_APPLICATION_NAME])).rows[0].n);
  let resyncs = 0;
  let otherResyncs = 0;
  const received: string[] = [];
  const other: string[] = [];
  const stop = await database.channel!.listen('test_channel', (p) => received.push(p), () => { resyncs++; });
  // A second feature's channel shares the instance's one listening connection.
  const stopOther = await database.channel!.listen('other_channel', (p) => other.push(p), () => { otherResyncs++; });
  try {
    expect(await listeners()).toBe(1);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2', [name, LISTENER_APPLICATION_NAME]);
    await vi.waitFor(() => expect([resyncs, otherResyncs]).toEqual([1, 1]), { timeout: 10_000 });
    expect(await listeners()).toBe(1);
    await database.channel!.notify('test_channel', 'after the cut');
    await database.channel!.notify('other_channel', 'to the other');
    await vi.waitFor(() => expect([received, other]).toEqual([['after the cut'], ['to the other']]));
    // One feature stopping leaves the other listening; the last one stopping closes the connection.
    await stopOther();
    await database.channel!.notify('other_channel', 'nobody hears this');
    await database.channel!.notify('test_channel', 'still heard');
    await vi.waitFor(() => expect(received).toEqual(['after the cut', 'still heard']));
    expect(other).toEqual(['to the other']);
    expect(await listeners()).toBe(1);
  } finally {
    await stop();
    await vi.waitFor(async () => expect(await listeners()).toBe(0));
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
