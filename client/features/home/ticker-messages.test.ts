import { describe, expect, it } from 'vitest';
import { TICKER_MIN_APPOINTMENTS, TICKER_MIN_VIEWS } from '@domain/analytics-rules';
import { tickerBadge, tickerFigure, tickerFigures, TICKER_BADGES } from './ticker-messages';
import { pickRandom } from './api/get-ticker-vehicles';

const now = Date.parse('2026-06-30T12:00:00Z');
const v = (over: Partial<Parameters<typeof tickerBadge>[0]> = {}) => ({
  id: 1, year: 2021, make: 'Ford', model: 'F-150', trim: 'XLT', price: 38_995, mileage: 52_000, bodyType: 'Truck',
  createdAt: '2026-06-25T12:00:00Z', ...over,
});

describe('ticker badges', () => {
  it('rotates through the spec badges when each is true', () => {
    expect([0, 1, 2, 3].map((i) => tickerBadge(v(), i, now))).toEqual([...TICKER_BADGES]);
  });

  it('never calls an old listing new, nor a sedan a popular choice', () => {
    const old = v({ bodyType: 'Sedan', createdAt: '2026-01-01T00:00:00Z' });
    expect([0, 1, 2, 3].map((i) => tickerBadge(old, i, now))).toEqual(['Featured', 'Featured', 'Featured', 'Featured']);
    const month = v({ bodyType: 'Sedan', createdAt: '2026-06-01T00:00:00Z' });
    expect(tickerBadge(month, 0, now)).toBe('Featured');
    expect(tickerBadge(month, 3, now)).toBe('Recently Added');
  });
});

describe('ticker engagement figures', () => {
  it('states measured views and bookings of the week from the thresholds up', () => {
    expect(tickerFigures({ views: 14, appointments: 3 }, 7)).toEqual([
      { long: 'Viewed 14 times this week', short: '14 views this week' },
      { long: '3 appointments booked this week', short: '3 booked this week' },
    ]);
    expect(tickerFigures({ views: TICKER_MIN_VIEWS, appointments: 0 }, 7).map((f) => f.long)).toEqual([`Viewed ${TICKER_MIN_VIEWS} times this week`]);
    expect(tickerFigures({ views: 0, appointments: TICKER_MIN_APPOINTMENTS }, 7).map((f) => f.short)).toEqual([`${TICKER_MIN_APPOINTMENTS} booked this week`]);
    expect(tickerFigures({ views: 1_234, appointments: 0 }, 30)[0]!.long).toBe('Viewed 1,234 times in the last 30 days');
  });

  it('says nothing of a count that is zero or too small to mean anything', () => {
    expect(tickerFigures({ views: 0, appointments: 0 }, 7)).toEqual([]);
    expect(tickerFigures({ views: TICKER_MIN_VIEWS - 1, appointments: TICKER_MIN_APPOINTMENTS - 1 }, 7)).toEqual([]);
    expect(tickerFigure({ views: 2, appointments: 1 }, 7, 3)).toBeNull();
  });

  it('shows views and bookings in turn, one pass of the ticker each, views first', () => {
    const both = { views: 14, appointments: 3 };
    expect([0, 1, 2].map((pass) => tickerFigure(both, 7, pass)?.short)).toEqual(['14 views this week', '3 booked this week', '14 views this week']);
    expect(tickerFigure({ views: 14, appointments: 0 }, 7, 1)?.long).toBe('Viewed 14 times this week');
  });
});

describe('pickRandom', () => {
  it('picks at most the count, without repeats, from the given items', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const picked = pickRandom(items, 8);
    expect(picked).toHaveLength(8);
    expect(new Set(picked).size).toBe(8);
    expect(picked.every((n) => items.includes(n))).toBe(true);
    expect(pickRandom([1, 2], 8)).toHaveLength(2);
  });
});
