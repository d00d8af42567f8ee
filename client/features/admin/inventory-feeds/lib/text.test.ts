import { describe, expect, it } from 'vitest';
import { withFullStop } from './text';

describe('withFullStop', () => {
  it('ends text with one full stop, never two after a time in a.m. or p.m.', () => {
    expect(withFullStop('Read Dec 7, 2026, 7:26 a.m.')).toBe('Read Dec 7, 2026, 7:26 a.m.');
    expect(withFullStop('Read Dec 7, 2026, 7:26 p.m. ')).toBe('Read Dec 7, 2026, 7:26 p.m.');
    expect(withFullStop('It would remove 2 of 3 units')).toBe('It would remove 2 of 3 units.');
    expect(withFullStop('Really?')).toBe('Really?');
  });
});
