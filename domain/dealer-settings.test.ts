// Closed days (issue 33 §6): the holidays' dates and the booking slots that follow them.
import { describe, expect, it } from 'vitest';
import { availableSlots, openingHoursOn, slotProblem } from './booking';
import { closedReason, closedDaysSchema, DEFAULT_CLOSED_DAYS, holidayDate, upcomingClosedDays } from './dealer-settings';
import { albertaInstant } from './alberta-time';

describe('Alberta holidays', () => {
  it('dates the movable holidays of 2026 and 2027', () => {
    expect(['familyDay', 'goodFriday', 'victoriaDay', 'heritageDay', 'labourDay', 'thanksgiving'].map((k) => holidayDate(k as never, 2026)))
      .toEqual(['2026-02-16', '2026-04-03', '2026-05-18', '2026-08-03', '2026-09-07', '2026-10-12']);
    expect(['familyDay', 'goodFriday', 'victoriaDay', 'heritageDay', 'labourDay', 'thanksgiving'].map((k) => holidayDate(k as never, 2027)))
      .toEqual(['2027-02-15', '2027-03-26', '2027-05-24', '2027-08-02', '2027-09-06', '2027-10-11']);
  });

  it('closes on Christmas and New Year\'s Day by default, and on the dealer\'s own dates', () => {
    expect(closedReason('2026-12-25', DEFAULT_CLOSED_DAYS)).toBe('Christmas Day');
    expect(closedReason('2027-01-01', DEFAULT_CLOSED_DAYS)).toBe("New Year's Day");
    expect(closedReason('2026-12-26', DEFAULT_CLOSED_DAYS)).toBeNull();
    const closed = closedDaysSchema.parse({ closedHolidays: [], closedDates: ['12-24', '2027-03-01'] });
    expect(closedReason('2030-12-24', closed)).toBe('a day the stores are closed');
    expect(closedReason('2027-03-01', closed)).toBe('a day the stores are closed');
    expect(closedReason('2028-03-01', closed)).toBeNull();
    expect(upcomingClosedDays('2026-12-20', 14, DEFAULT_CLOSED_DAYS)).toEqual([
      { date: '2026-12-25', reason: 'Christmas Day' }, { date: '2027-01-01', reason: "New Year's Day" },
    ]);
  });
});

describe('booking on a closed day', () => {
  const now = albertaInstant('2026-12-20', 10 * 60);
  it('offers no slot on 25 December and says why, and offers the usual ones when the dealer opens', () => {
    // Before issue 33 §6, 25 December 2026 (a Friday) offered every slot from 9 AM.
    expect(availableSlots('2026-12-25', now, 'Edmonton', DEFAULT_CLOSED_DAYS)).toEqual([]);
    expect(openingHoursOn('2026-12-25', 'Edmonton', DEFAULT_CLOSED_DAYS)).toBeNull();
    expect(slotProblem('2026-12-25', '10:00 AM', now, 'Calgary', DEFAULT_CLOSED_DAYS)).toBe('Our Calgary store is closed on Christmas Day. Please choose another day.');
    expect(availableSlots('2026-12-25', now, 'Edmonton', { closedHolidays: [], closedDates: [] })).toContain('9:00 AM');
    expect(availableSlots('2026-12-26', now, 'Edmonton', DEFAULT_CLOSED_DAYS)).toContain('9:00 AM');
  });
});
