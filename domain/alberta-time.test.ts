// Alberta's clock (issue 29): pinned instants on both sides of 2026-11-01 02:00, in January and in July. The last
// block holds the runtime's own zone data to the same rule, so it fails on a runtime older than tzdata 2026c.
import { describe, expect, it } from 'vitest';
import {
  addDays, ALBERTA_PERMANENT_UTC6_FROM, albertaClock, albertaDate, albertaInstant, albertaOffsetMinutes, formatAlbertaTime,
  runtimeZoneOffsetMinutes,
} from './alberta-time';

const at = (iso: string) => new Date(iso);

describe('Alberta time', () => {
  it('is UTC-7 last winter, UTC-6 from the March 2026 spring-forward, and stays UTC-6 past 2026-11-01', () => {
    expect(albertaOffsetMinutes(at('2026-01-15T12:00:00Z'))).toBe(-420);
    expect(albertaOffsetMinutes(ALBERTA_PERMANENT_UTC6_FROM - 1)).toBe(-420);
    expect(albertaOffsetMinutes(ALBERTA_PERMANENT_UTC6_FROM)).toBe(-360);
    expect(albertaOffsetMinutes(at('2026-07-15T12:00:00Z'))).toBe(-360);
    // 2026-11-01 02:00 MDT, when older data falls back: 07:59 and 08:00 UTC on either side.
    expect(albertaOffsetMinutes(at('2026-11-01T07:59:00Z'))).toBe(-360);
    expect(albertaOffsetMinutes(at('2026-11-01T08:00:00Z'))).toBe(-360);
    expect(albertaOffsetMinutes(at('2027-01-15T12:00:00Z'))).toBe(-360);
  });

  it('reads the wall clock on both sides of the old fall-back', () => {
    expect(albertaClock(at('2026-11-01T07:59:00Z'))).toMatchObject({ date: '2026-11-01', weekday: 0, minutes: 1 * 60 + 59 });
    expect(albertaClock(at('2026-11-01T08:00:00Z'))).toMatchObject({ date: '2026-11-01', weekday: 0, minutes: 2 * 60 });
    // The example: Friday 2026-11-27 at 1:05 PM in Alberta.
    expect(albertaClock(at('2026-11-27T19:05:00Z'))).toMatchObject({ date: '2026-11-27', weekday: 5, minutes: 13 * 60 + 5 });
    expect(albertaClock(at('2026-01-15T06:59:59Z'))).toMatchObject({ date: '2026-01-14', minutes: 23 * 60 + 59 });
    expect(albertaClock(at('2026-07-15T05:59:59.500Z')).msOfDay).toBe(24 * 3600_000 - 500);
  });

  it('names the day, with midnight at 06:00 UTC since March 2026 and 07:00 UTC before', () => {
    expect(albertaDate(at('2026-11-28T05:59:59Z'))).toBe('2026-11-27');
    expect(albertaDate(at('2026-11-28T06:00:00Z'))).toBe('2026-11-28');
    expect(albertaDate(at('2026-01-16T06:30:00Z'))).toBe('2026-01-15');
  });

  it('turns a calendar date and a clock time back into the instant', () => {
    expect(albertaInstant('2026-11-27').toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(albertaInstant('2026-01-15').toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(albertaInstant('2026-07-15', 9 * 60).toISOString()).toBe('2026-07-15T15:00:00.000Z');
    // The day of the change itself: midnight is still MST, 3 AM is already UTC-6.
    expect(albertaInstant('2026-03-08').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(albertaInstant('2026-03-08', 3 * 60).toISOString()).toBe('2026-03-08T09:00:00.000Z');
    expect(() => albertaInstant('27/11/2026')).toThrow(RangeError);
    for (const iso of ['2025-12-31T23:59:00Z', '2026-03-08T12:00:00Z', '2026-11-01T07:30:00Z', '2027-02-28T18:00:00Z']) {
      const c = albertaClock(at(iso));
      expect(albertaInstant(c.date, c.minutes).toISOString()).toBe(new Date(iso).toISOString());
    }
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('formats without the runtime zone data or an abbreviation', () => {
    const opts = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
    expect(formatAlbertaTime('2026-11-29T18:48:00Z', opts)).toBe('Nov 29, 2026, 12:48 p.m.');
    expect(formatAlbertaTime('2026-01-15T18:05:00Z', opts)).toBe('Jan 15, 2026, 11:05 a.m.');
    expect(formatAlbertaTime('not a date', opts)).toBe('');
  });
});

describe("this runtime's zone data (tzdata 2026c or later)", () => {
  // The server refuses to start in production when these disagree (server/zone-data.ts); this test fails on any
  // runtime whose zone data still has Alberta fall back to UTC-7 on 2026-11-01.
  it('agrees with the rule in January, July and after 2026-11-01', () => {
    for (const iso of ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z', '2026-11-01T08:00:00Z', '2026-11-27T19:05:00Z', '2027-01-15T12:00:00Z']) {
      expect(runtimeZoneOffsetMinutes(at(iso)), iso).toBe(albertaOffsetMinutes(at(iso)));
    }
    expect(process.versions.tz! >= '2026c').toBe(true);
  });
});
