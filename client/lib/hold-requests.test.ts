// issue 57: after a hold request, the requester's page says it is pending instead of offering the hold again.
import { describe, expect, it } from 'vitest';
import { forgetHoldRequest, HOLD_REQUEST_REMEMBERED_MS, holdRequestPending, rememberHoldRequest } from './hold-requests';
import type { StorageLike } from './storage';

function memory(): StorageLike {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
}

describe('hold requests sent from this browser', () => {
  const now = Date.parse('2026-12-07T18:00:00Z');
  it('are pending for the vehicle asked about, for a day', () => {
    const storage = memory();
    expect(holdRequestPending(7, now, { storage })).toBe(false);
    rememberHoldRequest(7, now, { storage });
    expect(holdRequestPending(7, now + 60_000, { storage })).toBe(true);
    expect(holdRequestPending(8, now, { storage })).toBe(false);
    expect(holdRequestPending(7, now + HOLD_REQUEST_REMEMBERED_MS, { storage })).toBe(false);
  });
  it('are forgotten once answered: a later release offers the hold again', () => {
    const storage = memory();
    rememberHoldRequest(7, now, { storage });
    rememberHoldRequest(8, now, { storage });
    forgetHoldRequest(7, { storage });
    expect(holdRequestPending(7, now, { storage })).toBe(false);
    expect(holdRequestPending(8, now, { storage })).toBe(true);
  });
  it('forget old requests when a new one is sent, and survive a corrupt value', () => {
    const storage = memory();
    rememberHoldRequest(1, now, { storage });
    rememberHoldRequest(2, now + HOLD_REQUEST_REMEMBERED_MS + 1, { storage });
    expect(Object.keys(JSON.parse(storage.getItem('pmh.holdRequests')!))).toEqual(['2']);
    storage.setItem('pmh.holdRequests', '{"3":"yesterday"}');
    expect(holdRequestPending(3, now, { storage })).toBe(false);
  });
});
