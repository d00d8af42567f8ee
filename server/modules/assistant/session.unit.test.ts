import { describe, expect, it } from 'vitest';
import { editDistance } from './intents';
import { readEntities } from './nlp';

describe('reading entities with wink-nlp', () => {
  it('ordinals, weekdays, relative days and clock times', () => {
    expect(readEntities('the second one').ordinal).toBe(1);
    expect(readEntities('show me the 3rd one').ordinal).toBe(2);
    expect(readEntities('what about the last one?').ordinal).toBe(-1);
    expect(readEntities('open on Sunday at 9am?')).toMatchObject({ weekday: 0, minutes: 9 * 60 });
    expect(readEntities('are you open sat at 7 pm')).toMatchObject({ weekday: 6, minutes: 19 * 60 });
    expect(readEntities('open tomorrow at 8:30 pm?')).toMatchObject({ relativeDay: 1, minutes: 20 * 60 + 30 });
    expect(readEntities('are you open right now?').asksNow).toBe(true);
  });
  it('negation', () => {
    expect(readEntities("I don't want a truck").negated.has('want')).toBe(true);
  });
});

describe('typo distance', () => {
  it('counts a swap as one edit', () => {
    expect(editDistance('chevorlet', 'chevrolet')).toBe(1);
    expect(editDistance('hyndai', 'hyundai')).toBe(1);
    expect(editDistance('promise', 'promaster')).toBeGreaterThan(2);
  });
});
