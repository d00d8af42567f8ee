// The admin's view of the mail outbox (issue 5: without SMTP_URL every message lands here and an admin reads it).
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { OUTBOX_PAGE_SIZE } from '@domain/accounts';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export async function listOutbox(db: Db, q: { to?: string | undefined; category?: string | undefined; page: number }) {
  const conditions: SQL[] = [];
  if (q.to) conditions.push(sql`lower(${outboxMessages.toAddress}) = ${q.to.toLowerCase()}`);
  if (q.category) conditions.push(eq(outboxMessages.category, q.category));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outboxMessages).where(where);
  const rows = await db.select().from(outboxMessages).where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_PAGE_SIZE).offset((q.page - 1) * OUTBOX_PAGE_SIZE);
  return {
    messages: rows.map((m) => ({
      id: m.id, toAddress: m.toAddress, replyTo: m.replyTo, subject: m.subject, text: m.text, category: m.category, status: m.status, error: m.error,
      createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null,
      attachments: (m.attachments ?? []).map((a, index) => ({ index, filename: a.filename, contentType: a.contentType, bytes: Buffer.byteLength(a.content) })),
    })),
    total,
    page: q.page,
    totalPages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
  };
}

/** One attachment of a stored message, as it was sent (issue 57: an admin can open the .ics a shopper received). */
export async function outboxAttachment(db: Db, id: number, index: number) {
  const [m] = await db.select({ attachments: outboxMessages.attachments }).from(outboxMessages).where(eq(outboxMessages.id, id));
  return m?.attachments?.[index] ?? null;
}
