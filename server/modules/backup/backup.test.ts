// Backups round-trip (issue 18): a seeded database goes through writeBackup and restoreBackup into an empty one
// (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), and every table's row count and checksum comes back the
// same; encrypted pre-approvals still decrypt with the same key; a non-empty target is refused without force.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { seedDemoData } from '../../db/seed/index';
import { createTestApp, emptyDatabase, loginAs, type Session, type TestContext } from '../../test/helpers';
import { BackupError, readTrailer, restoreBackup, tableChecksums, writeBackup } from './logical-backup';

const NOW = new Date('2026-11-22T17:00:00Z');

const APPLICATION = {
  vehicle: { vehicleId: null, vehicleInterest: 'Mid-size SUV, AWD' },
  employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: 'Welder', monthsAtJob: 38, monthlyIncome: 6125 },
  housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 't6e1z4', yearsAtAddress: 3 },
  downPayment: { downPayment: 3000, hasTradeIn: false },
  contact: { firstName: 'Dana', lastName: 'Kowalczyk', email: 'dana.k@example.ca', phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
  consent: { creditCheckConsent: true, marketingConsent: false },
};

let t: TestContext;
let dir: string;
let adminSession: Session;
let applicationId: number;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
  await seedDemoData(t.db, { uploadsDir: dir, adminPassword: 'test-admin-password', images: false, now: NOW, vehicles: 250 });
  const admin = await t.createUser({ role: 'admin', username: 'backup-admin' });
  adminSession = await loginAs(t.app, admin);
  const res = await t.app.inject({ method: 'POST', url: '/api/pre-approvals', remoteAddress: '10.77.0.1', payload: APPLICATION });
  expect(res.statusCode, res.body).toBe(201);
  applicationId = res.json().id;
}, 180_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function target() {
  const e = await emptyDatabase();
  cleanups.push(e.drop);
  return e.database;
}

// Each test copies a whole seeded database, more than once: minutes on a busy 2-core machine, not the default 30 s.
describe('writeBackup and restoreBackup', { timeout: 180_000 }, () => {
  let file: string;
  beforeAll(async () => {
    file = path.join(dir, 'seeded.backup.gz');
    const result = await writeBackup(t.database, file, NOW);
    expect(result.bytes).toBeGreaterThan(1000);
  });

  it('restores every table with the same rows into an empty database', async () => {
    const source = await tableChecksums(t.database);
    expect(source.find((s) => s.name === 'vehicles')?.rows).toBeGreaterThanOrEqual(250);
    expect(source.find((s) => s.name === 'pre_approval_applications')?.rows).toBe(1);
    // The backup's own record matches what the source holds.
    expect(await readTrailer(file)).toEqual(source);

    const copy = await target();
    const restored = await restoreBackup(copy, file);
    expect(restored.tables).toEqual(source);
    expect(await tableChecksums(copy)).toEqual(source);
  });

  it('keeps pre-approvals readable with the same key, and sequences continue after the restored rows', async () => {
    const copy = await target();
    await restoreBackup(copy, file);
    const app = await buildApp({ config: t.config, database: copy, logger: false });
    cleanups.push(() => app.close());
    await app.ready();
    // The admin's session row came back with everything else.
    const detail = await app.inject({ method: 'GET', url: `/api/admin/pre-approvals/${applicationId}`, headers: adminSession.bearer });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().applicant).toMatchObject({ contact: { lastName: 'Kowalczyk' }, employment: { monthlyIncome: 6125 } });
    const created = await app.inject({ method: 'POST', url: '/api/pre-approvals', remoteAddress: '10.77.0.2', payload: APPLICATION });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().id).toBeGreaterThan(applicationId);
    // t.app indexed its lot before the seed wrote directly to the database; a new app reads the source as it is.
    const sourceApp = await buildApp({ config: t.config, database: t.database, logger: false });
    cleanups.push(() => sourceApp.close());
    await sourceApp.ready();
    // Each app rates its lot at start, then builds its index (app.ts): compare once both have.
    await expect.poll(() => app.inventoryIndex.ready && sourceApp.inventoryIndex.ready, { timeout: 60_000 }).toBe(true);
    const original = await sourceApp.inject({ method: 'GET', url: '/api/vehicles' });
    const listing = await app.inject({ method: 'GET', url: '/api/vehicles' });
    expect(original.json().length).toBeGreaterThan(0);
    expect(listing.json()).toEqual(original.json());
  });

  it('refuses a database that holds rows unless forced, and then replaces what it held', async () => {
    const copy = await target();
    await restoreBackup(copy, file);
    await expect(restoreBackup(copy, file)).rejects.toThrow(/not empty.*--force/);
    await copy.db.execute(`delete from vehicles where id in (select id from vehicles order by id limit 3)`);
    await restoreBackup(copy, file, { force: true });
    expect(await tableChecksums(copy)).toEqual(await readTrailer(file));
  });

  it('refuses a file that is not a backup, or one cut short, and leaves the target empty', async () => {
    const notBackup = path.join(dir, 'not-a-backup.gz');
    await writeFile(notBackup, gzipSync('hello\n'));
    const copy = await target();
    await expect(restoreBackup(copy, notBackup)).rejects.toThrow(BackupError);

    const lines = gunzipSync(await readFile(file)).toString('utf8').split('\n');
    const cut = path.join(dir, 'cut.gz');
    await writeFile(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    await expect(restoreBackup(copy, cut)).rejects.toThrow(/incomplete/);
    const after = await tableChecksums(copy);
    expect(after.every((s) => s.rows === 0)).toBe(true);
  });

  it('refuses a backup made by a newer version of the schema', async () => {
    const lines = gunzipSync(await readFile(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!.slice(1));
    header.migrations.push('a-migration-from-the-future');
    lines[0] = `#${JSON.stringify(header)}`;
    const newer = path.join(dir, 'newer.gz');
    await writeFile(newer, gzipSync(lines.join('\n')));
    await expect(restoreBackup(await target(), newer)).rejects.toThrow(/newer version/);
  });
});
