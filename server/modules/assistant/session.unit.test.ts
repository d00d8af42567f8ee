import { describe, expect, it } from 'vitest';
import { editDistance } from './intents';
import { readEntities } from './nlp';
import { SessionStore } from './session';

const ctx = (focus: number) => ({ criteria: null, shown: [focus], focus });

describe('the session context store (issue 20)', () => {
  it('forgets a session after its time to live', () => {
    const s = new SessionStore(10, 1_000);
    s.set('a', ctx(1), 0);
    expect(s.get('a', 999)?.focus).toBe(1);
    expect(s.get('a', 1_000)).toBeNull();
  });

  it('keeps at most its size, dropping the least recently written', () => {
    const s = new SessionStore(2, 60_000);
    s.set('a', ctx(1), 0);
    s.set('b', ctx(2), 1);
    s.set('a', ctx(3), 2); // a is written again: b is now the oldest
    s.set('c', ctx(4), 3);
    expect(s.size).toBe(2);
    expect(s.get('b', 4)).toBeNull();
    expect(s.get('a', 4)?.focus).toBe(3);
    expect(s.get('c', 4)?.focus).toBe(4);
  });
});

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
