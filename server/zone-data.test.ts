// Issue 29: the start-up check of the zone data, against the test's real database (PGlite, or PostgreSQL in CI).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers';
import { databaseZoneData, enforceZoneData, runtimeZoneData, zoneDataProblems, ZoneDataError, type ZoneDataReport } from './zone-data';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const current: ZoneDataReport = { runtime: { node: 'v24.21.0', tzdata: '2026c', current: true }, database: { current: true, reads: '13:00' } };
const staleNode: ZoneDataReport = { ...current, runtime: { node: 'v20.20.2', tzdata: '2025c', current: false } };
const staleDatabase: ZoneDataReport = { ...current, database: { current: false, reads: '12:00' } };

describe('zone data at start (issue 29)', () => {
  it("finds this runtime's data current", () => {
    expect(runtimeZoneData()).toEqual({ node: process.version, tzdata: process.versions.tz, current: true });
  });

  it("reads the database's own data, and calls it current only when it has Alberta on UTC-6 after 2026-11-01", async () => {
    const db = await databaseZoneData(t.db);
    expect(db!.reads).toMatch(/^\d\d:\d\d$/);
    expect(db!.current).toBe(db!.reads === '13:00');
    // Debian bookworm's tzdata 2025b reads 12:00; the embedded database ships its own, current data.
    if (!process.env.TEST_DATABASE_URL) expect(db).toEqual({ current: true, reads: '13:00' });
  });

  it('says what to update for each stale part', () => {
    expect(zoneDataProblems(current)).toEqual([]);
    expect(zoneDataProblems(staleNode)).toEqual([expect.stringMatching(/Node v20\.20\.2 carries zone data 2025c.*Node 24 LTS/)]);
    expect(zoneDataProblems(staleDatabase)).toEqual([expect.stringMatching(/PostgreSQL's zone data reads .* as 12:00 .*tzdata package/)]);
    expect(zoneDataProblems({ ...staleNode, database: null })).toHaveLength(1);
  });

  it('refuses to start when enforced (production), and warns loudly otherwise', () => {
    const warnings: string[] = [];
    expect(() => enforceZoneData(staleDatabase, 'enforce', (m) => warnings.push(m))).toThrow(ZoneDataError);
    expect(() => enforceZoneData(staleNode, 'enforce', (m) => warnings.push(m))).toThrow(/Refusing to start: stale time-zone data/);
    expect(warnings).toEqual([]);
    enforceZoneData(staleNode, 'warn', (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringMatching(/^STALE TIME-ZONE DATA/)]);
    expect(() => enforceZoneData(current, 'enforce', (m) => warnings.push(m))).not.toThrow();
  });
});
