// The conversation's record (spec §3 chat message; issue 6: "stores the conversation against the lead"), written
// behind the answer. Storing each exchange's two rows inside the request took 2-4 ms on the embedded database, which
// runs on the server's own thread, and was the largest share of an answer's time (issue 20: p99 ≤ 50 ms at 10
// connections, docs/PERFORMANCE.md). Exchanges wait here a few milliseconds and are written together: one statement
// (one transaction when a lead is involved) per batch, in the order they were answered. Nothing is dropped silently:
// a batch that fails is written again exchange by exchange, so one bad exchange does not take the others with it, and
// an exchange that still fails is logged with its messages. app.close() writes what is pending (routes.ts); tests
// wait for the write with flush(), not for time.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages } from '../../db/schema';
import type { Logger } from '../../lib/logger';

/** Both sides of one exchange, and the lead they belong to once the shopper left their name and phone. */
export interface Exchange { sessionId: string; leadId: number | null; question: string; answer: string; engine: 'builtin' | 'llm' }

const rowsOf = ({ sessionId, leadId, question, answer, engine }: Exchange): (typeof chatMessages.$inferInsert)[] => [
  { sessionId, leadId, role: 'user', content: question },
  { sessionId, leadId, role: 'assistant', content: answer, engine },
];

/** How long an exchange waits for others to share its write: short enough that the inbox never lags visibly. */
export const CHAT_FLUSH_MS = 20;

export class ChatLog {
  private pending: Exchange[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The writes in order; never rejects (failures are logged in write()). */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly log: Logger, private flushMs = CHAT_FLUSH_MS) {}

  /** Tests that must see exchanges still pending hold them until flush(), rather than racing the tick. */
  hold(): void {
    this.flushMs = Infinity;
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
  }

  add(exchange: Exchange): void {
    this.pending.push(exchange);
    if (Number.isFinite(this.flushMs)) this.timer ??= setTimeout(() => { this.timer = null; void this.flush(); }, this.flushMs);
  }

  /** Writes every exchange added so far; resolves once they are stored (or logged as not stored). */
  flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    const batch = this.pending;
    this.pending = [];
    if (batch.length) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Exchange[]): Promise<void> {
    try {
      await this.store(batch);
    } catch (err) {
      this.log.warn({ err, exchanges: batch.length }, 'chat log: storing a batch failed; storing its exchanges one by one');
      for (const exchange of batch) await this.store([exchange]).catch((e: unknown) => this.lost(exchange, e));
    }
  }

  private lost(exchange: Exchange, err: unknown): void {
    // The messages themselves, so the operator can restore them from the log.
    this.log.error({ err, exchange }, 'chat log: an exchange could not be stored');
  }

  private async store(batch: Exchange[]): Promise<void> {
    if (batch.every((x) => x.leadId === null)) {
      // One statement is atomic on its own: every row of the batch or none, without a transaction's round trips.
      await this.db.insert(chatMessages).values(batch.flatMap(rowsOf));
      return;
    }
    // With a lead (rare: once the shopper left their name and phone), exchange by exchange as they were answered.
    await this.db.transaction(async (tx) => {
      for (const x of batch) {
        await tx.insert(chatMessages).values(rowsOf(x));
        // Messages sent before the lead existed (or before the token arrived) join it now.
        if (x.leadId !== null) await tx.update(chatMessages).set({ leadId: x.leadId }).where(and(eq(chatMessages.sessionId, x.sessionId), isNull(chatMessages.leadId)));
      }
    });
  }
}
