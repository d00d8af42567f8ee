import { describe, expect, it } from 'vitest';
import { addToCompare, ageText, bestValues, droppedByAdding, featureSummary, toggleCompare } from './compare';

const v = (id: number, price = 10000, mileage = 1000, year = 2020) => ({ id, price, mileage, year });

describe('spec §4 comparison list', () => {
  it('ignores duplicates and puts new vehicles first', () => {
    const a = addToCompare([], v(1));
    expect(addToCompare(a, v(1)).map((x) => x.id)).toEqual([1]);
    expect(addToCompare(a, v(2)).map((x) => x.id)).toEqual([2, 1]);
  });
  it('drops the oldest-added (last) entry when full', () => {
    let list = [v(1)];
    list = addToCompare(list, v(2));
    list = addToCompare(list, v(3));
    expect(list.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(addToCompare(list, v(4)).map((x) => x.id)).toEqual([4, 3, 2]);
  });
  it('names what a full list drops, so the shopper can be told (issue 21)', () => {
    const full = [v(3), v(2), v(1)];
    expect(droppedByAdding(full, v(4)).map((x) => x.id)).toEqual([1]);
    expect(droppedByAdding(full, v(2))).toEqual([]);
    expect(droppedByAdding([v(2), v(1)], v(3))).toEqual([]);
    for (const list of [[], [v(1)], full]) {
      const kept = addToCompare(list, v(9)).map((x) => x.id);
      expect([...kept, ...droppedByAdding(list, v(9)).map((x) => x.id)].sort()).toEqual([...list.map((x) => x.id), 9].sort());
    }
  });
  it('toggles', () => {
    expect(toggleCompare([v(1), v(2)], v(1)).map((x) => x.id)).toEqual([2]);
  });
});

describe('spec §2 comparison dialog', () => {
  it('marks best price, mileage and year', () => {
    const b = bestValues([v(1, 20000, 5000, 2019), v(2, 18000, 9000, 2022), v(3, 18000, 3000, 2021)]);
    expect([...b.price]).toEqual([2, 3]);
    expect([...b.mileage]).toEqual([3]);
    expect([...b.year]).toEqual([2]);
  });
  it('writes the age', () => {
    const now = new Date('2026-06-01');
    expect(ageText(2026, now)).toBe('New');
    expect(ageText(2027, now)).toBe('New');
    expect(ageText(2025, now)).toBe('1 year old');
    expect(ageText(2020, now)).toBe('6 years old');
  });
  it('summarises features', () => {
    expect(featureSummary([])).toEqual({ shown: [], more: null, empty: 'No features listed' });
    expect(featureSummary(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']).more).toBe('+2 more');
  });
});
