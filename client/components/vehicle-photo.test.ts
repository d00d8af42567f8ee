import { describe, expect, it } from 'vitest';
import { listPhotoPriority } from './vehicle-photo';

// spec §9: a list's first cards load their photos at once; only the first, a phone's LCP, leads (issue 35).
describe('listPhotoPriority', () => {
  it('leads with the first photo, loads the rest of the first n at once, and the others lazily', () => {
    expect([0, 1, 5, 6, 19].map((i) => listPhotoPriority(i, 6))).toEqual([true, 'eager', 'eager', false, false]);
    expect([0, 2, 3].map((i) => listPhotoPriority(i, 3))).toEqual([true, 'eager', false]);
    // A phone's: the rest of the first n are in the HTML, loaded as they come near.
    expect([0, 1, 5, 6].map((i) => listPhotoPriority(i, 6, 'lazy'))).toEqual([true, 'lazy', 'lazy', false]);
  });
});
