// The index's bitsets against the plain definitions (issue 17): a range question over random columns, small lots
// and lots large enough to use the checkpoints, every bound on or between values, empty and full ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countBits, hasBit, popcount32, RangeIndex, setBit, slotsOf, union, wordsFor } from './bitset';

const columnArb = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }),
  // Many ties, and enough slots for about 64 checkpoints.
  fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 500, maxLength: 3000 }),
);

function rangeIndexOf(values: number[]) {
  const column = Float64Array.from(values);
  const order = Int32Array.from(values.map((_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b));
  return new RangeIndex(column, order, wordsFor(values.length));
}

describe('bitsets', () => {
  it('select gives exactly the slots whose value lies in [lo, hi]', () => {
    fc.assert(fc.property(columnArb, fc.array(fc.tuple(fc.option(fc.integer({ min: -5, max: 210 })), fc.option(fc.integer({ min: -5, max: 210 }))), { minLength: 1, maxLength: 20 }), (values, bounds) => {
      const index = rangeIndexOf(values);
      const out = new Uint32Array(wordsFor(values.length));
      for (const [lo, hi] of bounds) {
        index.select(lo ?? -Infinity, hi ?? Infinity, out);
        const expected = values.flatMap((v, i) => (v >= (lo ?? -Infinity) && v <= (hi ?? Infinity) ? [i] : []));
        expect(Array.from(slotsOf(out))).toEqual(expected);
        expect(countBits(out)).toBe(expected.length);
      }
    }), { numRuns: 200, seed: 4242 });
  });

  it('counts, tests and unions bits, the word\'s top bit included', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff | 0)).toBe(32);
    expect(popcount32(1 << 31)).toBe(1);
    fc.assert(fc.property(fc.array(fc.uniqueArray(fc.nat(99), { maxLength: 60 }), { minLength: 1, maxLength: 4 }), (sets) => {
      const bitsets = sets.map((slots) => {
        const b = new Uint32Array(wordsFor(100));
        for (const s of slots) setBit(b, s);
        return b;
      });
      const out = new Uint32Array(wordsFor(100));
      union(out, bitsets);
      const expected = [...new Set(sets.flat())].sort((a, b) => a - b);
      expect(Array.from(slotsOf(out))).toEqual(expected);
      for (let i = 0; i < 100; i++) expect(hasBit(out, i)).toBe(expected.includes(i));
    }), { numRuns: 100, seed: 4243 });
  });
});
