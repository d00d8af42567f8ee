// Two instances of the app on one PostgreSQL, one Redis and one S3-protocol server (issue 18, docs/OPERATIONS.md
// "Several instances"): they start together on an empty database, share sessions, the login rate limit and
// uploads, a vehicle sold on one leaves the other's listing within a second, and a notification e-mail goes once.
// Skipped, with a message, where PostgreSQL or Redis does not answer or the S3 server cannot start.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { outboxMessages, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { LOGIN_FAILURES_PER_IP } from '../modules/auth/routes';
import { dispatchOnce } from '../modules/notifications/dispatch';
import { NOTIFICATION_EMAIL_CATEGORY } from '../modules/notifications/notify';
import { withCheckDigit } from '@domain/vin';
import { urlFor } from './global-setup';
import { startSmtpSink } from './helpers';

const answers = (port: number) => new Promise<boolean>((resolve) => {
  const s = connect(port, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});
const pgServer = process.env.TEST_DATABASE_URL ?? ((await answers(5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
const redisUp = await answers(6379);
const missing = [!pgServer && 'PostgreSQL on 127.0.0.1:5432', !redisUp && 'Redis on 127.0.0.1:6379'].filter(Boolean);
if (missing.length) console.warn(`multi-instance test skipped: no ${missing.join(' and no ')} answers`);

const run = Boolean(pgServer && redisUp);
const ADMIN_PASSWORD = 'multi-instance-admin-pw';

interface Instance { app: FastifyInstance; database: Database; dataDir: string }
let a: Instance;
let b: Instance;
let dbName = '';
let s3: S3rver | null = null;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let received: string[] = [];
let workDir = '';
let skipS3 = '';

beforeAll(async () => {
  if (!run) return;
  workDir = await mkdtemp(path.join(tmpdir(), 'multi-instance-'));
  try {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(workDir, 's3'), configureBuckets: [{ name: 'shared-uploads', configs: [] }] });
  } catch (err) {
    skipS3 = (err as Error).message;
  }
  const s3Port = s3 ? (await s3.run().catch((err: Error) => { skipS3 = err.message; s3 = null; return { port: 0 }; })).port : 0;
  if (skipS3) console.warn(`multi-instance test: shared uploads skipped, the local S3-protocol server could not start: ${skipS3}`);
  smtp = await startSmtpSink();
  received = smtp.received;
  const smtpPort = smtp.port;

  dbName = `test_multi_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgServer! });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = urlFor(pgServer!, dbName);
  // One prefix for both instances, new per run: the counters they share are this run's alone.
  const redisKeyPrefix = `multi-instance-${randomBytes(4).toString('hex')}:`;

  const start = async (): Promise<Instance> => {
    const dataDir = await mkdtemp(path.join(workDir, 'instance-'));
    const config = loadConfig({
      NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent', DATABASE_URL: url,
      REDIS_URL: 'redis://127.0.0.1:6379', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ADMIN_PASSWORD,
      ...(s3 ? { S3_BUCKET: 'shared-uploads', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' } : {}),
    }, { redisKeyPrefix });
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return { app, database, dataDir };
  };
  // Both start at once on the empty database: the migrations' advisory lock lets one migrate.
  [a, b] = await Promise.all([start(), start()]);
  await a.database.db.insert(users).values([
    { username: 'staff', email: 'staff@example.ca', passwordHash: await hashPassword(ADMIN_PASSWORD), role: 'admin', firstName: 'Sam', lastName: 'Staff' },
    { username: 'shopper', email: 'shopper@example.ca', passwordHash: await hashPassword('shopper-password-1'), role: 'customer', firstName: 'Jo', lastName: 'Shopper' },
  ]);
}, 120_000);

afterAll(async () => {
  if (!run) return;
  for (const i of [a, b]) if (i) { await i.app.close(); await i.database.close(); }
  const admin = new pg.Client({ connectionString: pgServer! });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await s3?.close();
  await smtp.close();
  await rm(workDir, { recursive: true, force: true });
});

let ipCounter = 0;
const ip = () => `10.66.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const login = (app: FastifyInstance, username: string, password: string, remoteAddress = ip()) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

describe.runIf(run)('two instances on one PostgreSQL, Redis and S3 server', () => {
  it('both started on the empty database, which was migrated once', async () => {
    const r = await a.database.db.execute('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations');
    const row = r.rows[0] as { n: number; d: number };
    expect(row.n).toBeGreaterThan(5);
    expect(row.n).toBe(row.d);
    for (const i of [a, b]) expect((await i.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('a session made on A works on B', async () => {
    const res = await login(a.app, 'shopper', 'shopper-password-1');
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const me = await b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain('shopper');
  });

  it('the login rate limit is shared: failures on A count on B', async () => {
    const from = ip();
    // Half the allowance on each instance, from one address.
    for (let k = 0; k < LOGIN_FAILURES_PER_IP.max; k++) {
      const res = await login(k % 2 ? b.app : a.app, `ghost${k}`, 'wrong-password', from);
      expect(res.statusCode).toBe(401);
    }
    expect((await login(b.app, 'shopper', 'shopper-password-1', from)).statusCode).toBe(429);
    expect((await login(a.app, 'shopper', 'shopper-password-1', from)).statusCode).toBe(429);
  });

  it('a photo uploaded through A is served through B', async (ctx) => {
    if (!s3) return ctx.skip();
    const staff = await login(a.app, 'staff', ADMIN_PASSWORD);
    expect(staff.statusCode, staff.body).toBe(200);
    const cookie = String(staff.headers['set-cookie']).split(';')[0]!;
    const headers = { cookie, origin: a.app.config.publicUrl };
    const vehicle = await createVehicle(headers, 'Rivian', 'R1S');
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2f6f4f' } }).jpeg().toBuffer();
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
    const body = new Response(form);
    const up = await a.app.inject({
      method: 'POST', url: `/api/admin/photos/vehicles/${vehicle}`,
      headers: { ...headers, 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(up.statusCode, up.body).toBe(201);
    const src: string = up.json().photos[0].src;
    const served = await b.app.inject({ method: 'GET', url: src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('a vehicle marked sold on A is gone from B\'s listing within 1 s', async () => {
    const staff = await login(a.app, 'staff', ADMIN_PASSWORD);
    const cookie = String(staff.headers['set-cookie']).split(';')[0]!;
    const headers = { cookie, origin: a.app.config.publicUrl };
    const id = await createVehicle(headers, 'Lucid', 'Air');
    const listed = async () => (await b.app.inject({ method: 'GET', url: '/api/vehicles?format=paginated&make=Lucid' })).json().pagination.totalVehicles;
    await expect.poll(listed, { timeout: 10_000 }).toBe(1);
    const sold = await a.app.inject({ method: 'POST', url: `/api/vehicles/${id}/mark-sold`, headers });
    expect(sold.statusCode, sold.body).toBe(200);
    const soldAt = performance.now();
    await expect.poll(listed, { timeout: 5000, interval: 20 }).toBe(0);
    expect(performance.now() - soldAt).toBeLessThan(1000);
  });

  it('a notification e-mail is sent once, with both instances delivering', async () => {
    received.length = 0;
    await a.database.db.insert(outboxMessages).values(Array.from({ length: 12 }, (_, k) => ({
      category: NOTIFICATION_EMAIL_CATEGORY, toAddress: `saver${k}@example.ca`, subject: `Price drop ${k}`, text: 'A saved vehicle is cheaper.',
    })));
    const deliver = async (i: Instance) => {
      const transport = nodemailer.createTransport(i.app.config.mail.smtpUrl!);
      try {
        for (;;) {
          const r = await dispatchOnce(i.database.db, transport, i.app.config.mail.from, { error: () => {} });
          if (r.sent + r.failed === 0) return;
        }
      } finally {
        transport.close();
      }
    };
    await Promise.all([deliver(a), deliver(b)]);
    const subjects = received.map((m) => /^Subject: (.+)$/m.exec(m)?.[1]?.trim()).sort();
    expect(subjects).toEqual(Array.from({ length: 12 }, (_, k) => `Price drop ${k}`).sort());
  });
});

let vin = 0;
async function createVehicle(headers: Record<string, string>, make: string, model: string): Promise<number> {
  const res = await a.app.inject({
    method: 'POST', url: '/api/admin/vehicles', headers,
    payload: {
      vin: withCheckDigit(`7PDSGABA0PN${String(++vin).padStart(6, '0')}`), year: 2023, make, model, trim: 'Launch', price: 89_900, mileage: 12_000,
      bodyType: 'SUV', transmission: 'Automatic', drivetrain: 'AWD', fuelType: 'Electric', exteriorColor: 'Forest Green',
      interiorColor: 'Black', doors: 4, seats: 7, location: 'Edmonton', description: 'One owner.', features: ['Heated Seats'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { vehicle: { id: number } }).vehicle.id;
}
