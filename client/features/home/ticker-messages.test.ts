import { describe, expect, it } from 'vitest';
import { tickerBadge, tickerTitle, TICKER_BADGES } from './ticker-messages';
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

  it('titles with year, make, model and trim', () => {
    expect(tickerTitle(v())).toBe('2021 Ford F-150 XLT');
    expect(tickerTitle(v({ trim: null }))).toBe('2021 Ford F-150');
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
