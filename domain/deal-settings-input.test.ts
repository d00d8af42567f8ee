// issue 57: the deal settings refuse a bad number on its field instead of rewriting it.
import { describe, expect, it } from 'vitest';
import { incentiveDatesError, readSettingsDollars } from './deal-worksheet';

const price = { label: 'Price', max: 100_000 };
const cap = { label: 'Price cap', optional: true, min: 1, max: 10_000_000 };

describe('readSettingsDollars', () => {
  it('reads amounts as people type them', () => {
    expect(readSettingsDollars('1,200', price)).toEqual({ value: 1_200 });
    expect(readSettingsDollars(' $950 ', price)).toEqual({ value: 950 });
    expect(readSettingsDollars('0', price)).toEqual({ value: 0 });
    expect(readSettingsDollars('', cap)).toEqual({ value: null });
  });
  it('refuses what it would once have rewritten: −100 and abc as 0, a −5 cap as none', () => {
    expect(readSettingsDollars('-100', price)).toEqual({ error: 'Price cannot be negative.' });
    expect(readSettingsDollars('abc', price)).toEqual({ error: 'Price must be a whole number of dollars, like 1,200.' });
    expect(readSettingsDollars('-5', cap)).toEqual({ error: 'Price cap cannot be negative.' });
    expect(readSettingsDollars('0', cap)).toEqual({ error: 'Price cap must be at least 1, or empty.' });
    expect(readSettingsDollars('12.50', price)).toEqual({ error: 'Price must be whole dollars, without cents.' });
    expect(readSettingsDollars('', price)).toEqual({ error: 'Price is required.' });
    expect(readSettingsDollars('100001', price)).toEqual({ error: 'Price is at most 100,000.' });
  });
});

describe('incentiveDatesError', () => {
  it('refuses an "Until" before "From", and accepts one day', () => {
    expect(incentiveDatesError('2026-12-10', '2026-12-01')).toBe('"Until" must be on or after "From".');
    expect(incentiveDatesError('2026-12-10', '2026-12-10')).toBeNull();
  });
});
