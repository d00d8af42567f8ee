// Alberta's wall clock in SQL, by the rule of domain/alberta-time.ts rather than the database's zone data: Debian's
// PostgreSQL reads the operating system's tzdata, which may still have Alberta falling back to UTC-7 on 2026-11-01
// (issue 29). Constants are written into the SQL, not bound, so a GROUP BY can repeat the expression exactly.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ALBERTA_PERMANENT_UTC6_FROM, ALBERTA_UTC_OFFSET_MINUTES, ALBERTA_ZONE } from '@domain/alberta-time';

const CUT_OVER = sql.raw(`'${new Date(ALBERTA_PERMANENT_UTC6_FROM).toISOString()}'::timestamptz`);
const OFFSET = sql.raw(`interval '${ALBERTA_UTC_OFFSET_MINUTES} minutes'`);
const ZONE = sql.raw(`'${ALBERTA_ZONE}'`);

/** A `timestamptz` expression as Alberta's wall clock (a `timestamp` without zone). */
export const albertaWallClock = (instant: SQLWrapper): SQL =>
  sql`(case when ${instant} >= ${CUT_OVER} then (${instant} at time zone 'UTC') + ${OFFSET} else ${instant} at time zone ${ZONE} end)`;

/** YYYY-MM-DD of a `timestamptz` expression in Alberta. */
export const albertaDay = (instant: SQLWrapper): SQL<string> => sql<string>`to_char(${albertaWallClock(instant)}, 'YYYY-MM-DD')`;
