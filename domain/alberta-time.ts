// Alberta's wall clock: the one source of truth for every date and time the dealership reads (issue 29).
//
// Alberta has been on permanent UTC-6 since the spring-forward of 2026-03-08 02:00 MST (09:00 UTC), IANA tzdata
// 2026c. Runtimes with older zone data (Node 20's ICU carries 2025c, Debian bookworm's PostgreSQL reads 2025b, and
// a shopper's browser may be as old) still fall back to UTC-7 on 2026-11-01, an hour behind. So the rule is kept
// here rather than trusted to whatever zone data runs the code:
//   - from the cut-over on, Alberta time is the instant minus six hours, read as UTC: no zone data involved, so
//     the server and every browser render the same text (no hydration mismatch, whatever their tzdata);
//   - before it, America/Edmonton's history, which every tzdata release agrees on.
// The server still checks its own and PostgreSQL's zone data against this rule at start (server/zone-data.ts), so
// stale data is reported rather than silently used elsewhere (docs/decisions/019-node-24-runtime.md).
// Times are labelled "Alberta time", never by an abbreviation: IANA models the new rule as "CST" for now, and CLDR
// prints "MST", "MDT" or "GMT-6" depending on the version.

/** The IANA zone whose history covers instants before the cut-over (domain/settings.ts names it too). */
export const ALBERTA_ZONE = 'America/Edmonton';
/** 2026-03-08 02:00 MST: Alberta's last change of offset; UTC-6 from then on (tzdata 2026c). */
export const ALBERTA_PERMANENT_UTC6_FROM = Date.UTC(2026, 2, 8, 9, 0, 0);
export const ALBERTA_UTC_OFFSET_MINUTES = -360;
/** The label that follows a time shown to a person. */
export const ALBERTA_TIME_LABEL = 'Alberta time';

// Built on first use: only instants before the cut-over and the start-up check read it, and building it loads the
// zone's data, which a browser would otherwise pay for while evaluating the app's code (issue 35 §2).
let historicalOffset: Intl.DateTimeFormat | undefined;
const historicalOffsetFormat = () => (historicalOffset ??= new Intl.DateTimeFormat('en-US', {
  timeZone: ALBERTA_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23',
}));

/** Minutes east of UTC of Alberta's clock at an instant (-360 from 2026-03-08 on). */
export function albertaOffsetMinutes(instant: Date | number): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  return t >= ALBERTA_PERMANENT_UTC6_FROM ? ALBERTA_UTC_OFFSET_MINUTES : runtimeZoneOffsetMinutes(t);
}

/** The instant shifted so that its UTC fields read Alberta's wall clock. */
const wall = (t: number) => new Date(t + albertaOffsetMinutes(t) * 60_000);

export interface AlbertaClock {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  /** Minutes after midnight. */
  minutes: number;
  /** Milliseconds after midnight. */
  msOfDay: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Alberta's calendar date and clock at an instant. */
export function albertaClock(instant: Date | number = Date.now()): AlbertaClock {
  const w = wall(typeof instant === 'number' ? instant : instant.getTime());
  const msOfDay = ((w.getUTCHours() * 60 + w.getUTCMinutes()) * 60 + w.getUTCSeconds()) * 1000 + w.getUTCMilliseconds();
  return {
    date: `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`,
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    weekday: w.getUTCDay(),
    minutes: w.getUTCHours() * 60 + w.getUTCMinutes(),
    msOfDay,
  };
}

/** Today's date (YYYY-MM-DD) in Alberta. */
export const albertaDate = (instant: Date | number = Date.now()): string => albertaClock(instant).date;

/**
 * The instant Alberta's wall clock reads `date` (YYYY-MM-DD) at `minutes` after midnight: a day's start for a
 * filter or a booking's start. Every Alberta midnight exists (the clocks changed at 2 AM), so this is exact.
 */
export function albertaInstant(date: string, minutes = 0): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + minutes * 60_000;
  // The offset at the answer can differ from the offset at the guess only across a change of offset; one
  // correction settles it.
  const guess = asUtc - albertaOffsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - albertaOffsetMinutes(guess) * 60_000);
}

/** The calendar date `days` after `date` (YYYY-MM-DD); negative goes back. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats an instant as Alberta reads it, with Intl's wording for the locale (en-CA by default) but without its
 * zone data: the shifted instant is formatted as UTC. `options` must not carry `timeZone` or `timeZoneName`; append
 * ALBERTA_TIME_LABEL where the reader needs to know the zone.
 */
export function formatAlbertaTime(
  instant: Date | string | number,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>,
  locale = 'en-CA',
): string {
  const t = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  if (Number.isNaN(t)) return '';
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f.format(wall(t));
}

/**
 * What this runtime's own zone data says Alberta's offset is at an instant, for the start-up check: compared with
 * the rule above, it tells whether `Intl` and anything else reading tzdata here is current.
 */
export function runtimeZoneOffsetMinutes(instant: Date | number): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const p = Object.fromEntries(historicalOffsetFormat().formatToParts(t).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}
