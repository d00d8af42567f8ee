import { describe, expect, it } from 'vitest';
import { dealershipDate, msUntilNextDeal, pickDealOfTheDay, savingOf } from './deals';

const vs = [{ id: 5 }, { id: 2 }, { id: 9 }, { id: 14 }];

describe('deal of the day', () => {
  it('uses the Edmonton calendar day', () => {
    // 05:00 UTC on the 23rd is still the 22nd in Edmonton (UTC-7 in winter).
    expect(dealershipDate(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
    expect(dealershipDate(new Date('2026-11-23T08:00:00Z'))).toBe('2026-11-23');
  });
  it('is stable within a day and independent of input order', () => {
    const a = pickDealOfTheDay(vs, new Date('2026-11-22T16:00:00Z'));
    const b = pickDealOfTheDay([...vs].reverse(), new Date('2026-11-23T06:59:00Z'));
    expect(a).toEqual(b);
    expect(pickDealOfTheDay([], new Date())).toBeNull();
  });
  it('changes across days', () => {
    const picks = new Set(Array.from({ length: 14 }, (_, i) => pickDealOfTheDay(vs, new Date(Date.UTC(2026, 10, 1 + i, 18)))!.id));
    expect(picks.size).toBeGreaterThan(1);
  });
  it('counts down to Edmonton midnight', () => {
    // 23:00 in Edmonton (06:00 UTC next day) leaves one hour.
    expect(msUntilNextDeal(new Date('2026-11-23T06:00:00Z'))).toBe(3600_000);
  });
  it('computes the saving', () => {
    expect(savingOf({ price: 20000, originalPrice: 22500 })).toBe(2500);
    expect(savingOf({ price: 20000, originalPrice: null })).toBe(0);
  });
});
