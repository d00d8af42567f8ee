// API test harness: a fresh database cloned from the migrated template per test file, the real app on top
// (requests go through app.inject), and factories for users, sessions and vehicles.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { expect, inject } from 'vitest';
import type { User } from '@domain/auth';
import { RENDER_STATE_ELEMENT_ID, type RenderPage, type RouteHeadOf } from '@domain/page-render';
import { withCheckDigit } from '@domain/vin';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { priceHistory, users, vehiclePhotos, vehicles } from '../db/schema';
import { hashPassword } from '../lib/password';
import type { Mailer } from '../modules/mail/mailer';
import { createSession, publicUserColumns, toUser } from '../modules/auth/sessions';
import { urlFor } from './global-setup';

export interface TestAppOptions {
  /** Extra environment for loadConfig, e.g. PUBLIC_URL. */
  env?: Record<string, string>;
  config?: Partial<Config>;
  clientDir?: string;
  /** Replaces the outbox mailer (a failing one proves leads survive mail failures). */
  mailer?: Mailer;
  /** The React app's page renderer: pages then arrive server-rendered, as in production. */
  renderPage?: RenderPage;
  /** The route table's heads (client/entry-server.tsx routeHead), as production has them. */
  routeHead?: RouteHeadOf;
  /** Log lines (JSON) go here at level info, as production logs them; by default nothing is logged. */
  logStream?: { write(line: string): void };
  /** The token of POST /internal/backup, as main.ts hands it (registered only with BACKUP_ENDPOINT=on). */
  backupControlToken?: () => string | null;
}

export interface Session { token: string; cookie: string; bearer: { authorization: string } }

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** The database handle under db (its kind, migrate, close): for code that takes a Database, e.g. backups. */
  database: Database;
  config: Config;
  /** The PostgreSQL database's URL (TEST_DATABASE_URL runs), for a second instance on the same data. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
  createUser(opts?: Partial<NewUser>): Promise<TestUser>;
  createVehicle(overrides?: VehicleOverrides): Promise<{ id: number }>;
  /** After a test changed vehicles directly in the database: the caches and the inventory index re-read them. */
  vehiclesChanged(ids: number[]): Promise<void>;
}

interface NewUser { role: 'customer' | 'admin'; username: string; email: string; password: string; isActive: boolean }
export interface TestUser extends User { password: string }

export type VehicleOverrides = Partial<typeof vehicles.$inferInsert> & {
  /** Number of photo rows to attach (each with WebP and AVIF variants). */
  photos?: number;
  /** Earlier prices, oldest first; the current price is recorded last. */
  priceHistory?: number[];
};

async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dump = new Blob([await readFile(info.dumpPath)]);
    return { database: await openDatabase({ kind: 'pglite', loadDataDir: dump }), drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
  } finally {
    await admin.end();
  }
  return {
    database: await openDatabase({ kind: 'postgres', url: urlFor(info.url, name), poolSize: 4 }),
    url: urlFor(info.url, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: info.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** argon2 is slow on purpose; tests reuse one hash per distinct password. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

let serial = 0;
const next = () => ++serial;

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prairie-api-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent', ...opts.env }, opts.config);
  const { database, url: databaseUrl, drop } = await openTestDatabase();
  const app = await buildApp({ config, database, logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false, ...(opts.clientDir ? { clientDir: opts.clientDir } : {}), ...(opts.mailer ? { mailer: opts.mailer } : {}), ...(opts.renderPage ? { renderPage: opts.renderPage } : {}), ...(opts.routeHead ? { routeHead: opts.routeHead } : {}), ...(opts.backupControlToken ? { backupControlToken: opts.backupControlToken } : {}) });
  await app.ready();
  const db = database.db;

  const this_: TestContext = {
    app,
    db,
    database,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },

    async createUser(o = {}) {
      const n = next();
      const password = o.password ?? 'correct horse battery';
      const [row] = await db.insert(users).values({
        username: o.username ?? `user${n}`,
        email: o.email ?? `user${n}@example.ca`,
        passwordHash: await hashOnce(password),
        role: o.role ?? 'customer',
        isActive: o.isActive === false ? 0 : 1,
        firstName: 'Test',
        lastName: `User ${n}`,
      }).returning(publicUserColumns);
      return { ...toUser(row!), password };
    },

    async createVehicle(o = {}) {
      const n = next();
      const { photos = 0, priceHistory: earlier = [], ...columns } = o;
      const serialDigits = String(n).padStart(6, '0');
      const [row] = await db.insert(vehicles).values({
        vin: withCheckDigit(`1FTFW1E50MF${serialDigits}`),
        stockNumber: `T${serialDigits}`,
        year: 2021,
        make: 'Ford',
        model: 'F-150',
        trim: 'XLT',
        price: 40_000,
        mileage: 50_000,
        bodyType: 'Truck',
        transmission: 'Automatic',
        engine: '3.5L V6 EcoBoost',
        drivetrain: '4WD',
        fuelType: 'Gasoline',
        exteriorColor: 'Oxford White',
        interiorColor: 'Black',
        doors: 4,
        seats: 5,
        description: 'A test vehicle.',
        location: 'Edmonton',
        features: ['Backup Camera', 'Bluetooth'],
        ...columns,
      }).returning({ id: vehicles.id, price: vehicles.price });
      const id = row!.id;
      if (photos > 0) {
        await db.insert(vehiclePhotos).values(Array.from({ length: photos }, (_, position) => ({
          vehicleId: id,
          position,
          alt: `Photo ${position + 1}`,
          storageKey: `vehicles/${id}/${position}`,
          width: 1600,
          height: 1067,
          variants: [400, 800, 1600].flatMap((width) => [{ width, format: 'webp' as const }, { width, format: 'avif' as const }]),
        })));
      }
      let previous: number | null = null;
      for (const [i, price] of [...earlier, row!.price].entries()) {
        await db.insert(priceHistory).values({ vehicleId: id, price, previousPrice: previous, changedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
        previous = price;
      }
      // Written behind the app's back: tell the readers, as a real mutation's event would.
      await this_.vehiclesChanged([id]);
      return { id };
    },

    async vehiclesChanged(ids) {
      app.inventoryCache.invalidate();
      await app.inventoryIndex.patch(ids);
    },
  };
  return this_;
}

/** The public address the client-serving test app answers as: canonical URLs, feeds and sitemaps start with it. */
export const TEST_PUBLIC_URL = 'https://shop.example.ca';

// Shaped like Vite's output: the title and description copied from client/index.html, scripts in the head.
const VITE_INDEX = `<!doctype html>
<html lang="en-CA">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Template title</title>
    <meta name="description" content="Template description" />
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/**
 * The test app serving a built client from a temporary directory, as TEST_PUBLIC_URL: for the pages whose first
 * HTML response the server writes (heads, JSON-LD, feeds, sitemap). Closing it removes the directory too. Pages
 * render in process with the React app's renderer, or with `renderer` (render threads: test/render-threads.test.ts).
 */
export async function createTestAppWithClient({ render = true, renderer, logStream }: { render?: boolean; renderer?: RenderPage; logStream?: TestAppOptions['logStream'] } = {}): Promise<TestContext> {
  // The React app's server renderer, as server/main.ts hands it to the app. Loaded here, not at the top: it is the
  // whole client, and most test files never render a page (importing it in each of them cost the suite minutes).
  const { renderPage, routeHead } = await import('../../client/entry-server');
  const clientDir = await mkdtemp(path.join(tmpdir(), 'prairie-client-'));
  const removeClient = () => rm(clientDir, { recursive: true, force: true });
  try {
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), VITE_INDEX);
    const t = await createTestApp({ clientDir, env: { PUBLIC_URL: TEST_PUBLIC_URL }, routeHead, ...(render ? { renderPage: renderer ?? renderPage } : {}), ...(logStream ? { logStream } : {}) });
    return { ...t, close: () => t.close().finally(removeClient) };
  } catch (e) {
    await removeClient();
    throw e;
  }
}

/** A signed-in session for a user, without spending a login (and its rate-limit allowance). */
export async function loginAs(app: FastifyInstance, user: Pick<User, 'id' | 'role'>): Promise<Session> {
  const { token } = await createSession(app.db, app.config, user, { userAgent: 'vitest' });
  return { token, cookie: `${app.config.session.cookieName}=${token}`, bearer: { authorization: `Bearer ${token}` } };
}

/** A server-rendered page's #root content (the React app), up to the render state that follows it. */
export function renderedRoot(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${RENDER_STATE_ELEMENT_ID}">`);
  expect(start, 'the page has its root element').toBeGreaterThan(0);
  expect(end, 'the render state follows the root').toBeGreaterThan(start);
  return html.slice(start, end);
}

/**
 * A database with nothing in it, not even the schema (a new PostgreSQL database, or a new in-memory PGlite): what
 * a restore or a move to PostgreSQL starts from. `url` is set on PostgreSQL runs.
 */
export async function emptyDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: () => database.close() };
  }
  const name = `test_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = urlFor(info.url, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: info.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A real SMTP server on a free loopback port that keeps every message it accepts (raw RFC 5322 text). */
export async function startSmtpSink(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => { received.push(Buffer.concat(chunks).toString()); callback(); });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
