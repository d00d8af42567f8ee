import { describe, expect, it } from 'vitest';
import { IdleCollector, QUIET_REQUESTS } from './idle-collector';

describe('IdleCollector', () => {
  it('collects in the first quiet interval after the heap grew a quarter, and not again until it grows again', () => {
    let heap = 100;
    let collections = 0;
    const idle = new IdleCollector({ collect: () => { collections++; heap = 110; }, heapBytes: () => heap });

    heap = 124; // grown, but less than a quarter
    expect(idle.tick()).toBe(false);

    const busy = (n: number) => { for (let i = 0; i < n; i++) idle.request('/api/vehicles'); };
    heap = 250; // a burst: more than a few requests in every interval, no collection meanwhile
    busy(QUIET_REQUESTS + 1);
    expect(idle.tick()).toBe(false);
    busy(200);
    expect(idle.tick()).toBe(false);
    expect(collections).toBe(0);

    busy(QUIET_REQUESTS); // a scrape and a visitor: quiet
    expect(idle.tick()).toBe(true);
    expect(collections).toBe(1);
    expect(idle.tick()).toBe(false); // still quiet, heap back to 110

    busy(QUIET_REQUESTS); // quiet, and the heap as it was left
    expect(idle.tick()).toBe(false);
    expect(idle.tick()).toBe(false);
    heap = 140; // a quarter above 110
    expect(idle.tick()).toBe(true);
    expect(collections).toBe(2);
  });

  it('does not count monitoring: health checks and metrics scrapes leave an interval quiet', () => {
    let heap = 100;
    let collections = 0;
    const idle = new IdleCollector({ collect: () => { collections++; heap = 100; }, heapBytes: () => heap });
    heap = 300;
    for (let i = 0; i < 10; i++) { idle.request('/metrics'); idle.request('/api/health'); }
    expect(idle.tick()).toBe(true);
    expect(collections).toBe(1);

    heap = 300;
    for (let i = 0; i <= QUIET_REQUESTS; i++) idle.request(undefined); // unmatched addresses are traffic
    expect(idle.tick()).toBe(false);
  });
});
