// Dealer settings an admin changes in the back office (issue 33 §6, issue 34 §5): the days both stores close, and
// whether the feeds keep out used vehicles with unanswered AMVIC disclosures. Pure rules shared by the booking form,
// the server's slot check, the assistant's opening-hours answers and the settings page.
import { z } from 'zod';

/** Alberta's holidays a dealer may close on. `stat`: a general holiday under Alberta's Employment Standards Code. */
export const ALBERTA_HOLIDAYS = [
  { key: 'newYearsDay', name: "New Year's Day", stat: true },
  { key: 'familyDay', name: 'Family Day', stat: true },
  { key: 'goodFriday', name: 'Good Friday', stat: true },
  { key: 'victoriaDay', name: 'Victoria Day', stat: true },
  { key: 'canadaDay', name: 'Canada Day', stat: true },
  { key: 'heritageDay', name: 'Heritage Day', stat: false },
  { key: 'labourDay', name: 'Labour Day', stat: true },
  { key: 'thanksgiving', name: 'Thanksgiving Day', stat: true },
  { key: 'remembranceDay', name: 'Remembrance Day', stat: true },
  { key: 'christmasDay', name: 'Christmas Day', stat: true },
  { key: 'boxingDay', name: 'Boxing Day', stat: false },
] as const;
export type HolidayKey = (typeof ALBERTA_HOLIDAYS)[number]['key'];
const HOLIDAY_KEYS = ALBERTA_HOLIDAYS.map((h) => h.key) as [HolidayKey, ...HolidayKey[]];

/**
 * The defaults (docs/decisions/023-closed-days.md): the statutory holidays most Alberta dealerships close on. Family
 * Day, Victoria Day, Remembrance Day and Boxing Day are sales days for many dealers, so the stores stay open unless
 * the dealer says otherwise.
 */
export const DEFAULT_CLOSED_HOLIDAYS: readonly HolidayKey[] = ['newYearsDay', 'goodFriday', 'canadaDay', 'labourDay', 'thanksgiving', 'christmasDay'];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
/** The n-th (1-based) given weekday (0 Sunday) of a month. */
function nthWeekday(y: number, m: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  return iso(y, m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}
/** Easter Sunday (the anonymous Gregorian computus). */
function easter(y: number): { m: number; d: number } {
  const a = y % 19, b = Math.floor(y / 100), c = y % 100, d = Math.floor(b / 4), e = b % 4, f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3), h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  return { m: Math.floor((h + l - 7 * m + 114) / 31), d: ((h + l - 7 * m + 114) % 31) + 1 };
}

/** The date of a holiday in a year (YYYY-MM-DD). */
export function holidayDate(key: HolidayKey, y: number): string {
  switch (key) {
    case 'newYearsDay': return iso(y, 1, 1);
    case 'familyDay': return nthWeekday(y, 2, 1, 3);
    case 'goodFriday': {
      const e = easter(y);
      const t = new Date(Date.UTC(y, e.m - 1, e.d - 2));
      return iso(y, t.getUTCMonth() + 1, t.getUTCDate());
    }
    // The Monday before 25 May.
    case 'victoriaDay': { const d = new Date(Date.UTC(y, 4, 24)); d.setUTCDate(24 - ((d.getUTCDay() + 6) % 7)); return iso(y, 5, d.getUTCDate()); }
    case 'canadaDay': return iso(y, 7, 1);
    case 'heritageDay': return nthWeekday(y, 8, 1, 1);
    case 'labourDay': return nthWeekday(y, 9, 1, 1);
    case 'thanksgiving': return nthWeekday(y, 10, 1, 2);
    case 'remembranceDay': return iso(y, 11, 11);
    case 'christmasDay': return iso(y, 12, 25);
    case 'boxingDay': return iso(y, 12, 26);
  }
}

/** 'MM-DD' every year or 'YYYY-MM-DD' once. */
export const CLOSED_DATE_PATTERN = /^(\d{4}-)?(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const closedDaysSchema = z.object({
  closedHolidays: z.array(z.enum(HOLIDAY_KEYS, { error: `closedHolidays may list only ${HOLIDAY_KEYS.join(', ')}` }), { error: 'closedHolidays must be a list' })
    .max(HOLIDAY_KEYS.length).transform((l) => [...new Set(l)]),
  closedDates: z.array(z.string({ error: 'closedDates must be a list of dates' }).trim()
    .regex(CLOSED_DATE_PATTERN, 'closedDates: each is MM-DD (every year) or YYYY-MM-DD (once)'), { error: 'closedDates must be a list' })
    .max(100, 'closedDates has at most 100 dates').transform((l) => [...new Set(l)].sort()),
});
export type ClosedDays = z.output<typeof closedDaysSchema>;

export const DEFAULT_CLOSED_DAYS: ClosedDays = { closedHolidays: [...DEFAULT_CLOSED_HOLIDAYS], closedDates: [] };

/** Why the stores are closed on a date (the holiday's name, or "a closed day"), or null when they open as usual. */
export function closedReason(date: string, closed: ClosedDays | null | undefined): string | null {
  if (!closed || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const y = Number(date.slice(0, 4));
  for (const key of closed.closedHolidays) {
    if (holidayDate(key, y) === date) return ALBERTA_HOLIDAYS.find((h) => h.key === key)!.name;
  }
  if (closed.closedDates.includes(date) || closed.closedDates.includes(date.slice(5))) return 'a day the stores are closed';
  return null;
}

/** The closed dates from `from` (YYYY-MM-DD) for `days` days, with their reasons: the assistant's and the page's list. */
export function upcomingClosedDays(from: string, days: number, closed: ClosedDays): { date: string; reason: string }[] {
  const out: { date: string; reason: string }[] = [];
  const start = new Date(`${from}T12:00:00Z`);
  for (let i = 0; i < days; i++) {
    const d = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const reason = closedReason(d, closed);
    if (reason) out.push({ date: d, reason });
  }
  return out;
}

export const dealerSettingsSchema = closedDaysSchema.extend({
  /** Off by default (issue 34 §5): keep used vehicles with unanswered AMVIC disclosures out of the feeds. */
  feedsRequireDisclosures: z.boolean({ error: 'feedsRequireDisclosures must be true or false' }),
});
export type DealerSettings = z.output<typeof dealerSettingsSchema>;
export const DEFAULT_DEALER_SETTINGS: DealerSettings = { ...DEFAULT_CLOSED_DAYS, feedsRequireDisclosures: false };

export const dealerSettingsResponseSchema = dealerSettingsSchema.extend({ updatedAt: z.string().nullable() });
export type DealerSettingsResponse = z.infer<typeof dealerSettingsResponseSchema>;

/** GET /api/closed-days: what the booking form needs, public. */
export const closedDaysResponseSchema = closedDaysSchema.extend({
  upcoming: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type ClosedDaysResponse = z.infer<typeof closedDaysResponseSchema>;
