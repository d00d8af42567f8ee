import { describe, expect, it } from 'vitest';
import { IdleCollector } from './idle-collector';

describe('IdleCollector', () => {
  it('collects in the first quiet interval after the heap grew a quarter, and not again until it grows again', () => {
    let heap = 100;
    let collections = 0;
    const idle = new IdleCollector({ collect: () => { collections++; heap = 110; }, heapBytes: () => heap });

    heap = 124; // grown, but less than a quarter
    expect(idle.tick()).toBe(false);

    heap = 250; // a burst: requests in every interval, no collection meanwhile
    idle.request();
    expect(idle.tick()).toBe(false);
    idle.request();
    idle.request();
    expect(idle.tick()).toBe(false);
    expect(collections).toBe(0);

    expect(idle.tick()).toBe(true); // quiet
    expect(collections).toBe(1);
    expect(idle.tick()).toBe(false); // still quiet, heap back to 110

    idle.request(); // a scrape now and then leaves the heap as it is
    expect(idle.tick()).toBe(false);
    expect(idle.tick()).toBe(false);
    heap = 140; // a quarter above 110
    expect(idle.tick()).toBe(true);
    expect(collections).toBe(2);
  });
});
