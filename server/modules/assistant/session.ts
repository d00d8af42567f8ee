// The conversation's context, kept on the server by sessionId (issue 20: "it does not depend only on what the
// client sends back"): the last search criteria, the vehicles shown in the order shown, and the vehicle in focus.
// Issue 30: it lives in the database (assistant_sessions), not in process memory, so a follow-up question that a
// load balancer sends to another instance, or that arrives after a restart, reads the same context; no sticky
// sessions (docs/decisions/004-car-assistant.md). The limits are those of the in-memory LRU it replaced: idle
// expiry, a bounded number of sessions, and a bounded size per session.
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assistantSessions } from '../../db/schema';
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
/** An answer lists a handful of vehicles; more than this many ids is never needed to resolve "the second one". */
export const SESSION_MAX_SHOWN = 50;
/** A context's stored size at most; a larger one (criteria built from a very long question) keeps only what was shown. */
export const SESSION_MAX_BYTES = 8 * 1024;
/** Expired and surplus sessions are removed every this many writes, by the writing instance. */
const PRUNE_EVERY_WRITES = 200;

export class SessionStore {
  private writes = 0;
  constructor(private readonly db: Db, private readonly maxEntries = SESSION_MAX_ENTRIES, private readonly ttlMs = SESSION_TTL_MS) {}

  async get(id: string, now: number): Promise<SessionContext | null> {
    const [row] = await this.db.select({ context: assistantSessions.context }).from(assistantSessions)
      .where(and(eq(assistantSessions.id, id), gt(assistantSessions.expiresAt, new Date(now))));
    return (row?.context as SessionContext | undefined) ?? null;
  }

  async set(id: string, ctx: SessionContext, now: number): Promise<void> {
    const context = bounded(ctx);
    const expiresAt = new Date(now + this.ttlMs);
    await this.db.insert(assistantSessions).values({ id, context, expiresAt })
      .onConflictDoUpdate({ target: assistantSessions.id, set: { context, expiresAt } });
    if (++this.writes % PRUNE_EVERY_WRITES === 0) await this.prune(now);
  }

  /** Removes expired sessions, then the least recently written beyond maxEntries. */
  async prune(now: number): Promise<void> {
    await this.db.delete(assistantSessions).where(lte(assistantSessions.expiresAt, new Date(now)));
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(assistantSessions);
    if (n <= this.maxEntries) return;
    const oldest = this.db.select({ id: assistantSessions.id }).from(assistantSessions)
      .orderBy(assistantSessions.expiresAt).limit(n - this.maxEntries);
    await this.db.delete(assistantSessions).where(inArray(assistantSessions.id, oldest));
  }

  async size(): Promise<number> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(assistantSessions);
    return n;
  }
}

function bounded(ctx: SessionContext): SessionContext {
  const shown = ctx.shown.slice(0, SESSION_MAX_SHOWN);
  const trimmed = { ...ctx, shown };
  return JSON.stringify(trimmed).length <= SESSION_MAX_BYTES ? trimmed : { criteria: null, shown, focus: ctx.focus };
}
