// Stale zone data is caught at start, not trusted (issue 29). The site computes Alberta's clock itself
// (domain/alberta-time.ts), but anything else that reads tzdata in this process (a library's `Intl` call, a log
// line) or in PostgreSQL (`AT TIME ZONE 'America/Edmonton'` in a report someone writes by hand) would be an hour
// behind since 2026-11-01 on data older than 2026c. In production a failed check refuses to start; elsewhere it
// warns loudly (ZONE_DATA_CHECK sets either). docs/OPERATIONS.md "Zone data" says how to keep both current.
import { sql } from 'drizzle-orm';
import { ALBERTA_ZONE, albertaOffsetMinutes, runtimeZoneOffsetMinutes } from '@domain/alberta-time';
import type { Db } from './db/client';

/** An instant after 2026-11-01 (Friday 2026-11-27, 1:00 PM in Alberta), when stale data reads noon. */
const PROBE = new Date('2026-11-27T19:00:00Z');
const EXPECTED_CLOCK = '13:00';

export interface RuntimeZoneData {
  node: string;
  /** The IANA release ICU carries (process.versions.tz), e.g. "2026c". */
  tzdata: string;
  current: boolean;
}

export interface ZoneDataReport {
  runtime: RuntimeZoneData;
  /** What the database's zone data makes of the probe ("13:00" when current); null when it was not asked. */
  database: { current: boolean; reads: string } | null;
}

export function runtimeZoneData(): RuntimeZoneData {
  return {
    node: process.version,
    tzdata: process.versions.tz ?? 'unknown',
    current: runtimeZoneOffsetMinutes(PROBE) === albertaOffsetMinutes(PROBE),
  };
}

export async function databaseZoneData(db: Db): Promise<ZoneDataReport['database']> {
  const result = await db.execute<{ reads: string }>(
    sql`select to_char(${PROBE.toISOString()}::timestamptz at time zone ${ALBERTA_ZONE}, 'HH24:MI') as reads`,
  );
  const reads = result.rows[0]?.reads ?? '';
  return { current: reads === EXPECTED_CLOCK, reads };
}

/** What is wrong, in words an operator can act on; empty when the zone data is current everywhere it was asked. */
export function zoneDataProblems(report: ZoneDataReport): string[] {
  const problems: string[] = [];
  if (!report.runtime.current) {
    problems.push(`Node ${report.runtime.node} carries zone data ${report.runtime.tzdata}, which has Alberta fall back to UTC-7 on 2026-11-01; `
      + 'Alberta stays on UTC-6 (tzdata 2026c). Run the pinned Node 24 LTS (`npm install` installs it; see .nvmrc) or a later patch release.');
  }
  if (report.database && !report.database.current) {
    problems.push(`PostgreSQL's zone data reads 2026-11-27 19:00 UTC as ${report.database.reads} in ${ALBERTA_ZONE}, not ${EXPECTED_CLOCK}: `
      + "it predates tzdata 2026c. Upgrade the database server's tzdata package (Debian: apt-get install --only-upgrade tzdata) and restart PostgreSQL.");
  }
  return problems;
}

export class ZoneDataError extends Error {}

/** `enforce` (production's default) refuses to start on stale zone data; `warn` makes each problem a warning. */
export function enforceZoneData(report: ZoneDataReport, mode: 'enforce' | 'warn', warn: (message: string) => void): void {
  const problems = zoneDataProblems(report);
  if (problems.length === 0) return;
  if (mode === 'enforce') throw new ZoneDataError(`Refusing to start: stale time-zone data (ZONE_DATA_CHECK=warn starts anyway).\n- ${problems.join('\n- ')}`);
  for (const p of problems) warn(`STALE TIME-ZONE DATA (ZONE_DATA_CHECK=enforce, production's default, would refuse to start): ${p}`);
}
