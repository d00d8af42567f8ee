// The outbox's commands (issue 31 §3: every table has one owning module, and outbox_messages is the mail
// module's). The mailer, the notification dispatcher and the text-message sender each deliver their own categories,
// but they claim, record and forget rows through these functions only, so the claim protocol lives in one place:
//
// Several instances deliver against one PostgreSQL (issue 18), so a row is claimed before it is sent: one UPDATE moves
// it from 'stored' to 'sending' (a batch chooses its rows with FOR UPDATE SKIP LOCKED, so two instances never claim
// the same row and neither waits for the other). sentAt holds the claim's time until the outcome is recorded; a claim
// whose instance died first goes back to 'stored' after STALE_CLAIM_MS: a message is sent once, or after such a
// crash possibly twice, never lost.
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export const STALE_CLAIM_MS = 10 * 60_000;

/**
 * Issue 33 §1: a shopper's message whose send failed is tried again from the outbox, with backoff, before it is
 * marked failed: 1, 2, 4, 8, 16 and 32 minutes after each failure (about an hour in all); so is a shopper's text
 * (`sms_shopper`, shopper-mail/sms.ts). Staff messages keep their
 * single attempt and their failure on the admin outbox page.
 */
export const SHOPPER_CATEGORY_PREFIX = 'shopper_';
export const SHOPPER_MAIL_MAX_ATTEMPTS = 7;

/** What a failed send records on the row: `stored` again with a later next attempt, or `failed` for good. */
export function failedSendUpdate(row: { category: string; attempts: number }, error: string, now: Date) {
  const attempts = row.attempts + 1;
  const retried = row.category.startsWith(SHOPPER_CATEGORY_PREFIX) || row.category === 'sms_shopper';
  if (retried && attempts < SHOPPER_MAIL_MAX_ATTEMPTS) {
    return { status: 'stored' as const, sentAt: null, attempts, error, nextAttemptAt: new Date(now.getTime() + 2 ** (attempts - 1) * 60_000) };
  }
  return { status: 'failed' as const, sentAt: null, attempts, error };
}

/** Claims one stored row (a sender's own message, right after its transaction committed); null when already taken. */
export async function claimStored(db: Db, id: number, where?: SQL): Promise<OutboxRow | null> {
  const [row] = await db.update(outboxMessages).set({ status: 'sending', sentAt: new Date() })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'stored'), where)).returning();
  return row ?? null;
}

/**
 * One pass's claim: first returns stale claims of these rows to 'stored', then claims up to `limit` stored rows
 * matching `where` whose next attempt is due, oldest first.
 */
export async function claimDue(db: Db, where: SQL, limit: number, now: Date): Promise<OutboxRow[]> {
  await db.update(outboxMessages).set({ status: 'stored', sentAt: null })
    .where(and(where, eq(outboxMessages.status, 'sending'), lt(outboxMessages.sentAt, new Date(now.getTime() - STALE_CLAIM_MS))));
  const waiting = db.select({ id: outboxMessages.id }).from(outboxMessages)
    .where(and(where, eq(outboxMessages.status, 'stored'), or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now))))
    .orderBy(asc(outboxMessages.id)).limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db.update(outboxMessages).set({ status: 'sending', sentAt: now })
    .where(inArray(outboxMessages.id, waiting)).returning();
  return claimed.sort((a, b) => a.id - b.id);
}

export async function recordSent(db: Db, id: number, at = new Date()): Promise<void> {
  await db.update(outboxMessages).set({ status: 'sent', sentAt: at }).where(eq(outboxMessages.id, id));
}

/** A failed send: stored again for a later attempt, or failed for good (mailer.ts failedSendUpdate). */
export async function recordFailure(db: Db, row: Pick<OutboxRow, 'id' | 'category' | 'attempts'>, error: string, now = new Date()): Promise<'stored' | 'failed'> {
  const failure = failedSendUpdate(row, error, now);
  await db.update(outboxMessages).set(failure).where(eq(outboxMessages.id, row.id));
  return failure.status;
}

/** A message that can never be sent (its one-time link was not kept): failed at once, with why. */
export async function recordUnsendable(db: Db, id: number, error: string): Promise<void> {
  await db.update(outboxMessages).set({ status: 'failed', error }).where(eq(outboxMessages.id, id));
}

/** An account's deletion (accounts/profile.ts deleteAccount): its messages go with it, in the deletion's transaction. */
export async function forgetUserMail(tx: Tx, userId: number): Promise<void> {
  await tx.delete(outboxMessages).where(eq(outboxMessages.userId, userId));
}
