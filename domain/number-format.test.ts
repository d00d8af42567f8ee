import { describe, expect, it } from 'vitest';
import { formatDollarsAndCents, formatWholeDollars, formatWholeNumber } from './number-format';

const intlNumber = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
const intlDollars = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

// Seeded, so a failure names a value that fails again (mulberry32).
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('whole numbers in en-CA (spec §1)', () => {
  it('groups digits by three and rounds half away from zero', () => {
    expect(formatWholeNumber(0)).toBe('0');
    expect(formatWholeNumber(999)).toBe('999');
    expect(formatWholeNumber(1000)).toBe('1,000');
    expect(formatWholeNumber(1234567)).toBe('1,234,567');
    expect(formatWholeNumber(2.5)).toBe('3');
    expect(formatWholeNumber(-2.5)).toBe('-3');
    expect(formatWholeNumber(-1234.4)).toBe('-1,234');
    expect(formatWholeDollars(24995)).toBe('$24,995');
    expect(formatWholeDollars(-1200)).toBe('-$1,200');
  });

  it('never prints a minus zero', () => {
    expect(formatWholeNumber(-0)).toBe('0');
    expect(formatWholeNumber(-0.4)).toBe('0');
    expect(formatWholeDollars(-0.4)).toBe('$0');
  });

  it('prints what Intl.NumberFormat("en-CA") prints, over 20,000 seeded values of every size', () => {
    const next = random(35);
    for (let i = 0; i < 20_000; i++) {
      const magnitude = 10 ** Math.floor(next() * 16);
      const n = (next() - 0.3) * magnitude;
      if (Object.is(Math.round(n), -0) || (n < 0 && Math.round(Math.abs(n)) === 0)) continue; // Intl prints "-0"
      expect(formatWholeNumber(n), String(n)).toBe(intlNumber.format(n));
      expect(formatWholeDollars(Math.round(n)), String(n)).toBe(intlDollars.format(Math.round(n)));
    }
  });

  it('writes what is not a plain number as String() does', () => {
    expect(formatWholeNumber(Number.NaN)).toBe('NaN');
    expect(formatWholeNumber(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(formatWholeNumber(1e21)).toBe('1e+21');
  });
});

describe('formatDollarsAndCents (issue 57 §1: a payment to the cent)', () => {
  it('prints dollars with grouped digits and two decimals, as Intl does', () => {
    for (const n of [0, 0.5, 7.05, 474.48, 1234.5, 1_000_000.999, -12.3]) {
      expect(formatDollarsAndCents(n), String(n)).toBe(new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(n));
    }
  });
});
