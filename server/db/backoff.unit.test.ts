// Issue 30: the listener's reconnection waits grow exponentially to a cap, with jitter that spreads instances.
import { describe, expect, it } from 'vitest';
import { backoffDelay, LISTEN_BACKOFF } from './client';

describe('backoffDelay', () => {
  const at = (random: number) => ({ ...LISTEN_BACKOFF, random: () => random });

  it('doubles the ceiling from the base to the cap, and waits between half and all of it', () => {
    const low = [0, 1, 2, 3, 4, 5, 10, 100].map((n) => backoffDelay(n, at(0)));
    const high = [0, 1, 2, 3, 4, 5, 10, 100].map((n) => backoffDelay(n, at(0.999999)));
    expect(low).toEqual([125, 250, 500, 1000, 2000, 2000, 2000, 2000]);
    expect(high).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
  });

  it('spreads instances that failed together over the window', () => {
    // A seeded sequence (a linear congruential generator), so the spread is the same on every run.
    let seed = 42;
    const random = () => { seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; return seed / 2 ** 31; };
    const waits = Array.from({ length: 50 }, () => backoffDelay(6, { ...LISTEN_BACKOFF, random }));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4000);
    expect(new Set(waits).size).toBeGreaterThan(40);
  });
});
