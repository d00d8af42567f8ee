import { describe, expect, it } from 'vitest';
import { msUntilNextDeal, pickDealOfTheDay, savingOf } from './deals';
import { albertaDate } from './alberta-time';

const vs = [{ id: 5 }, { id: 2 }, { id: 9 }, { id: 14 }];

describe('deal of the day', () => {
  it('uses the Edmonton calendar day', () => {
    // 05:59 UTC on the 23rd is still the 22nd in Alberta (UTC-6 all year since 2026); 06:00 UTC is its midnight.
    expect(albertaDate(new Date('2026-11-23T05:59:59Z'))).toBe('2026-11-22');
    expect(albertaDate(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-23');
  });
  it('is stable within a day and independent of input order', () => {
    const a = pickDealOfTheDay(vs, new Date('2026-11-22T16:00:00Z'));
    const b = pickDealOfTheDay([...vs].reverse(), new Date('2026-11-23T05:59:00Z'));
    expect(a).toEqual(b);
    expect(pickDealOfTheDay([], new Date())).toBeNull();
  });
  it('changes across days', () => {
    const picks = new Set(Array.from({ length: 14 }, (_, i) => pickDealOfTheDay(vs, new Date(Date.UTC(2026, 10, 1 + i, 18)))!.id));
    expect(picks.size).toBeGreaterThan(1);
  });
  it('counts down to Edmonton midnight', () => {
    // 23:00 in Alberta (05:00 UTC next day) leaves one hour; midnight itself starts a whole day.
    expect(msUntilNextDeal(new Date('2026-11-23T05:00:00Z'))).toBe(3600_000);
    expect(msUntilNextDeal(new Date('2026-11-23T06:00:00Z'))).toBe(24 * 3600_000);
    // Last winter, before the change, midnight was 07:00 UTC.
    expect(msUntilNextDeal(new Date('2026-01-15T06:00:00Z'))).toBe(3600_000);
  });
  it('computes the saving', () => {
    expect(savingOf({ price: 20000, originalPrice: 22500 })).toBe(2500);
    expect(savingOf({ price: 20000, originalPrice: null })).toBe(0);
  });
});
