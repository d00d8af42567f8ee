import { describe, expect, it } from 'vitest';
import { parseTypedNumber, parseTypedNumberOrNull } from './typed-number';

describe('numbers as people type them (issue 33 §2)', () => {
  it.each([
    ['21,500', 21_500], ['$21,500', 21_500], ['$ 21,500', 21_500], ['98,000 km', 98_000], ['98000km', 98_000], ['98,000 KMs', 98_000],
    ['21 500', 21_500], ['1,250,000', 1_250_000], ['21500', 21_500], ['  4500 ', 4_500], ['4.99%', 4.99], ['24995.00', 24_995],
    ['21\u00a0500', 21_500], ['0', 0], ['-5', -5], ['21,500 CAD', 21_500],
  ])('%j is %d', (typed, n) => {
    expect(parseTypedNumber(typed)).toBe(n);
  });

  it('blank is no value; what is not a number stays not a number, for the schema to name', () => {
    expect(parseTypedNumber('')).toBeUndefined();
    expect(parseTypedNumber('   ')).toBeUndefined();
    expect(parseTypedNumber(undefined)).toBeUndefined();
    expect(parseTypedNumberOrNull('')).toBeNull();
    for (const bad of ['abc', '2,15', '1,2,3', '21.500.0', '12k', '$', 'km', '1e5']) expect(parseTypedNumber(bad), bad).toBeNaN();
    expect(parseTypedNumber(42)).toBe(42);
  });
});
