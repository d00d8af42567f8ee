// The conversation's context, kept on the server by sessionId (issue 20: "it does not depend only on what the
// client sends back"): the last search criteria, the vehicles shown in the order shown, and the vehicle in focus.
// An in-memory LRU bounded in entries and time: one instance serves a session's whole conversation. Several
// instances need either sticky sessions or this map in a shared store (docs/decisions/004-car-assistant.md).
import type { Criteria } from './lot';

export interface SessionContext {
  /** The criteria of the last search the shopper asked for (what a follow-up narrows or changes). */
  criteria: Criteria | null;
  /** The ids of the vehicles the last answer listed, in the order shown ("the second one"). */
  shown: number[];
  /** The vehicle the conversation is about now ("it", "book a test drive for it"). */
  focus: number | null;
}

export const SESSION_MAX_ENTRIES = 10_000;
/** A conversation idle this long starts afresh (the widget keeps its session id much longer). */
export const SESSION_TTL_MS = 2 * 60 * 60_000;

export class SessionStore {
  private readonly entries = new Map<string, { ctx: SessionContext; expiresAt: number }>();
  constructor(private readonly maxEntries = SESSION_MAX_ENTRIES, private readonly ttlMs = SESSION_TTL_MS) {}

  get(id: string, now: number): SessionContext | null {
    const e = this.entries.get(id);
    if (!e) return null;
    if (e.expiresAt <= now) { this.entries.delete(id); return null; }
    return e.ctx;
  }

  set(id: string, ctx: SessionContext, now: number): void {
    this.entries.delete(id); // re-inserted last: a Map iterates oldest first
    this.entries.set(id, { ctx, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number { return this.entries.size; }
}
