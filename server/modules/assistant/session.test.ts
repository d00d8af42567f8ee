// The conversation's context in the database (issue 30; issue 20's limits kept): it expires when idle, the number
// of sessions and the size of each are bounded, and a follow-up question answered by another instance of the app
// (nothing in process memory shared) reads the context the first instance stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestContext } from '../../test/helpers';
import { SESSION_MAX_SHOWN, SessionStore } from './session';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const ctx = (focus: number) => ({ criteria: null, shown: [focus], focus });

describe('the session context store', () => {
  it('forgets a session after its time to live', async () => {
    const s = new SessionStore(t.db, 10, 1_000);
    await s.set('ttl-a', ctx(1), 0);
    expect((await s.get('ttl-a', 999))?.focus).toBe(1);
    expect(await s.get('ttl-a', 1_000)).toBeNull();
  });

  it('keeps at most its size, dropping the least recently written', async () => {
    const s = new SessionStore(t.db, 2, 60_000);
    await s.prune(10_000_000); // only this test's sessions from here
    await s.set('a', ctx(1), 10_000_000);
    await s.set('b', ctx(2), 10_000_001);
    await s.set('a', ctx(3), 10_000_002); // a is written again: b is now the oldest
    await s.set('c', ctx(4), 10_000_003);
    await s.prune(10_000_004);
    expect(await s.size()).toBe(2);
    expect(await s.get('b', 10_000_004)).toBeNull();
    expect((await s.get('a', 10_000_004))?.focus).toBe(3);
    expect((await s.get('c', 10_000_004))?.focus).toBe(4);
  });

  it('bounds what one session stores', async () => {
    const s = new SessionStore(t.db);
    await s.set('big', { criteria: null, shown: Array.from({ length: 500 }, (_, i) => i + 1), focus: 7 }, 0);
    const stored = await s.get('big', 1);
    expect(stored?.shown).toHaveLength(SESSION_MAX_SHOWN);
    expect(stored?.focus).toBe(7);
  });

  it('a store that never wrote a session reads it: the context is not in process memory', async () => {
    await new SessionStore(t.db).set('shared', ctx(42), 0);
    expect((await new SessionStore(t.db).get('shared', 1))?.focus).toBe(42);
  });
});

describe('a conversation moving between instances', () => {
  it('answers "which of those has the lowest mileage?" on another instance from the first one\'s context', async () => {
    const cheap = await t.createVehicle({ make: 'Toyota', model: 'RAV4', bodyType: 'SUV', price: 31_000, mileage: 80_000 });
    const low = await t.createVehicle({ make: 'Honda', model: 'CR-V', bodyType: 'SUV', price: 33_000, mileage: 20_000 });
    await t.createVehicle({ make: 'Mazda', model: 'CX-5', bodyType: 'SUV', price: 35_000, mileage: 60_000 });
    // Another instance: its own app (caches, index, assistant state) on the same database, as behind a load balancer.
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const now = new Date('2026-11-27T18:00:00Z');
      const first = await t.app.services.assistant.answer({ question: 'Show me SUVs under $40,000', conversationHistory: [] } as never, fetch, now);
      expect((first.vehicles ?? []).map((v) => v.id)).toEqual(expect.arrayContaining([cheap.id, low.id]));
      // No history sent: only the stored context can say what "those" are.
      const second = await other.services.assistant.answer({ question: 'Which of those has the lowest mileage?', sessionId: first.sessionId, conversationHistory: [] } as never, fetch, new Date(now.getTime() + 60_000));
      expect((second.vehicles ?? []).map((v) => v.id)).toEqual([low.id]);
    } finally {
      await other.close();
    }
  });
});
