import { describe, expect, it } from 'vitest';
import { pacer } from './yielding';

describe('pacer (issue 30)', () => {
  it('yields a turn of the event loop once the budget has passed, and only then', async () => {
    let now = 0;
    const pace = pacer(15, () => now);
    now = 14;
    expect(pace()).toBeUndefined();
    now = 15;
    let queuedRan = false;
    setImmediate(() => { queuedRan = true; });
    const turn = pace();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    // What was queued on the event loop before the yield ran during it.
    expect(queuedRan).toBe(true);
    // The budget counts again from the end of the yield.
    now = 29;
    expect(pace()).toBeUndefined();
    now = 30;
    expect(pace()).toBeInstanceOf(Promise);
  });
});
