// Two instances on one PostgreSQL (issue 17): a vehicle sold through one leaves the other's listing, facets and
// pages without waiting for a cache to expire, through the write's NOTIFY. PostgreSQL runs only (TEST_DATABASE_URL,
// as .ci/run does when a server answers); the embedded database has a single process by construction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import type { FastifyInstance } from 'fastify';

let a: TestContext;
let b: FastifyInstance | null = null;
let bDatabase: Database | null = null;
let id = 0;
beforeAll(async () => {
  a = await createTestApp();
  if (!a.databaseUrl) return;
  // Written straight to the database (a test fixture, no event): instance B reads it when it builds its index.
  ({ id } = await a.createVehicle({ make: 'Polestar', model: '2', bodyType: 'Sedan' }));
  bDatabase = await openDatabase({ kind: 'postgres', url: a.databaseUrl, poolSize: 2 });
  b = await buildApp({ config: a.config, database: bDatabase, logger: false });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a.close();
});

const listed = async (app: FastifyInstance, make: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/vehicles?format=paginated&make=${make}` });
  return (res.json() as { pagination: { totalVehicles: number } }).pagination.totalVehicles;
};
const facetCount = async (app: FastifyInstance, make: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/vehicles/facets' });
  return (res.json() as { makes: { value: string; count: number }[] }).makes.find((m) => m.value === make)?.count ?? 0;
};

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('a vehicle sold on one instance leaves the other instance\'s listing and facets, and one listed there appears', async () => {
    const other = b!;
    await expect.poll(() => other.inventoryIndex.ready, { timeout: 10_000 }).toBe(true);
    expect(await listed(other, 'Polestar')).toBe(1);
    expect(await facetCount(other, 'Polestar')).toBe(1);

    const admin = await loginAs(a.app, await a.createUser({ role: 'admin' }));
    const sold = await a.app.inject({ method: 'POST', url: `/api/vehicles/${id}/mark-sold`, headers: admin.bearer });
    expect(sold.statusCode).toBe(200);
    expect(await listed(a.app, 'Polestar')).toBe(0); // at once on the instance that sold it
    await expect.poll(() => listed(other, 'Polestar'), { timeout: 5000 }).toBe(0);
    await expect.poll(() => facetCount(other, 'Polestar'), { timeout: 5000 }).toBe(0);

    const back = await a.app.inject({ method: 'POST', url: `/api/vehicles/${id}/mark-available`, headers: admin.bearer });
    expect(back.statusCode).toBe(200);
    await expect.poll(() => listed(other, 'Polestar'), { timeout: 5000 }).toBe(1);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('two instances (embedded database)', () => {
  it('is a PostgreSQL test: run it with TEST_DATABASE_URL (the embedded database has one process)', () => {
    expect(a.databaseUrl).toBeUndefined();
  });
});
