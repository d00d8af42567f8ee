// issue 57: the empty saved list says "select" without a touch screen, "tap" with one.
import { describe, expect, it } from 'vitest';
import { savedEmptyHint } from './saved';

describe('savedEmptyHint', () => {
  it('names the gesture the pointer makes, for shoppers and for visitors', () => {
    expect(savedEmptyHint('select', true)).toBe('Select the heart on any vehicle to keep it here.');
    expect(savedEmptyHint('tap', true)).toBe('Tap the heart on any vehicle to keep it here.');
    expect(savedEmptyHint('select', false)).toBe('Log in, then select the heart on any vehicle to keep it here.');
  });
});
