// Notification emails go out once however many instances dispatch (issue 18): two dispatchers (two connections on
// PostgreSQL, when TEST_DATABASE_URL is set) drain one outbox into a real SMTP server, and every message arrives
// exactly once. A claim left by a crashed instance is sent again after STALE_CLAIM_MS; a failed send is recorded.
import { eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { createTestApp, startSmtpSink, type TestContext } from '../../test/helpers';
import { STALE_CLAIM_MS } from '../mail/outbox';
import { dispatchOnce } from './dispatch';
import { NOTIFICATION_EMAIL_CATEGORY } from './notify';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let port: number;
let received: string[];
const silent = { error: () => {} };
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  ({ port, received } = smtp);
  t = await createTestApp();
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await t.close();
  await smtp.close();
});

const transport = () => {
  const tr = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: false });
  cleanups.push(async () => tr.close());
  return tr;
};
const message = (i: number) => ({ category: NOTIFICATION_EMAIL_CATEGORY, toAddress: `shopper${i}@example.ca`, subject: `Price drop ${i}`, text: 'A vehicle you saved is now cheaper.' });

describe('dispatchOnce', () => {
  it('sends every waiting message exactly once with two dispatchers at work', async () => {
    received.length = 0;
    await t.db.insert(outboxMessages).values(Array.from({ length: 30 }, (_, i) => message(i)));
    // A second instance: its own connection pool on the same PostgreSQL database; on the embedded database, the
    // same handle (one process).
    let other: Database = t.database;
    if (t.databaseUrl) {
      other = await openDatabase({ kind: 'postgres', url: t.databaseUrl, poolSize: 2 });
      cleanups.push(() => other.close());
    }
    const a = transport();
    const b = transport();
    const drain = async (db: Database['db'], tr: ReturnType<typeof transport>) => {
      let total = 0;
      for (;;) {
        const r = await dispatchOnce(db, tr, 'Prairie <no-reply@example.ca>', silent);
        total += r.sent;
        if (r.sent + r.failed === 0) return total;
      }
    };
    const [sentA, sentB] = await Promise.all([drain(t.db, a), drain(other.db, b)]);
    expect(sentA + sentB).toBe(30);
    const subjects = received.map((m) => /^Subject: (.+)$/m.exec(m)?.[1]?.trim());
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, NOTIFICATION_EMAIL_CATEGORY));
    expect(rows.every((r) => r.status === 'sent' && r.sentAt !== null)).toBe(true);
  });

  it('sends again a claim whose instance stopped before recording the outcome, once it is stale', async () => {
    received.length = 0;
    const claimedAt = new Date('2026-11-26T12:00:00Z');
    const [row] = await t.db.insert(outboxMessages).values({ ...message(99), status: 'sending', sentAt: claimedAt }).returning();
    const tr = transport();
    expect(await dispatchOnce(t.db, tr, 'x@example.ca', silent, () => new Date(claimedAt.getTime() + STALE_CLAIM_MS - 1000))).toEqual({ sent: 0, failed: 0 });
    expect(await dispatchOnce(t.db, tr, 'x@example.ca', silent, () => new Date(claimedAt.getTime() + STALE_CLAIM_MS + 1000))).toEqual({ sent: 1, failed: 0 });
    const [after] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(after!.status).toBe('sent');
    expect(received).toHaveLength(1);
  });

  it('records a failed send with its reason, and leaves it out of later passes', async () => {
    const [row] = await t.db.insert(outboxMessages).values(message(100)).returning();
    const refusing = { sendMail: async () => { throw new Error('550 mailbox unavailable'); } };
    expect(await dispatchOnce(t.db, refusing, 'x@example.ca', silent)).toEqual({ sent: 0, failed: 1 });
    const [after] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', error: '550 mailbox unavailable', sentAt: null });
    expect(await dispatchOnce(t.db, refusing, 'x@example.ca', silent)).toEqual({ sent: 0, failed: 0 });
  });

  // Issue 30: a lead's e-mail to the dealer is recorded with the lead and sent right after the commit by
  // mailer.deliver; one the process never got to send (it died first) waits as 'stored' and goes out from here,
  // once. Mail sent as it is written (a password reset) is never this loop's.
  it('sends a lead e-mail left stored by a process that stopped after the commit, and nothing else', async () => {
    received.length = 0;
    const [lead] = await t.db.insert(outboxMessages).values({ category: 'lead_notification', toAddress: 'sales@example.ca', subject: 'New lead: Contact - Left Behind', text: 'A lead.' }).returning();
    const [reset] = await t.db.insert(outboxMessages).values({ category: 'password_reset', toAddress: 'someone@example.ca', subject: 'Reset', text: 'A link.' }).returning();
    expect(await dispatchOnce(t.db, transport(), 'x@example.ca', silent)).toEqual({ sent: 1, failed: 0 });
    expect(await dispatchOnce(t.db, transport(), 'x@example.ca', silent)).toEqual({ sent: 0, failed: 0 });
    const rows = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.id, [lead!.id, reset!.id])).orderBy(outboxMessages.id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'stored']);
    expect(received.map((m) => /^Subject: (.+)$/m.exec(m)?.[1]?.trim())).toEqual(['New lead: Contact - Left Behind']);
  });
});
