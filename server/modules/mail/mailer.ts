// The mail module (accounts issue): every message is written to the outbox table first, so nothing is lost;
// with SMTP_URL set it is then sent through nodemailer and the row records the outcome. Callers that must not
// fail because of mail (a lead, a booking) catch and log: the outbox row, or the lack of it, is the evidence.
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `password_reset`, `lead_notification`, `listing_message`, `notification`, … (shown in /admin/outbox). */
  category: string;
  userId?: number | null;
}

export interface Mailer {
  /** Stores the message (and sends it when SMTP is configured); resolves with the outbox row id. */
  send(message: MailMessage): Promise<{ id: number; status: 'stored' | 'sent' | 'failed' }>;
  /**
   * Sends a message queueMail stored, once its transaction has committed (SMTP only; without it the outbox is the
   * delivery). It claims the row first, so the dispatcher (notifications/dispatch.ts) never sends it too; a row
   * this misses (a crash before the call) the dispatcher sends. Never throws. Optional: test mailers may omit it.
   */
  deliver?(id: number): Promise<'sent' | 'failed' | 'stored' | 'claimed elsewhere'>;
}

/**
 * Issue 30: records a message in the caller's transaction, so it exists exactly when the write it follows does
 * (a lead's e-mail to the dealer was lost 4 times when the database failed between the two). Send it after the
 * commit with mailer.deliver(id).
 */
export async function queueMail(db: Db | Tx, message: MailMessage): Promise<number> {
  const [row] = await db.insert(outboxMessages).values({
    toAddress: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    category: message.category,
    userId: message.userId ?? null,
  }).returning({ id: outboxMessages.id });
  return row!.id;
}

export function createMailer(opts: { db: Db; smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const sendRow = async (id: number, message: Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'>, t: Transporter): Promise<'sent' | 'failed'> => {
    try {
      await t.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
      await opts.db.update(outboxMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxMessages.id, id));
      return 'sent';
    } catch (err) {
      opts.log.error({ err, outboxId: id }, 'mail: SMTP send failed; the message stays in the outbox');
      await opts.db.update(outboxMessages).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(outboxMessages.id, id))
        .catch((e: unknown) => opts.log.error({ err: e, outboxId: id }, 'mail: recording the failure failed'));
      return 'failed';
    }
  };
  return {
    async deliver(id) {
      if (!transport) return 'stored';
      try {
        // sentAt holds the claim's time until the send is recorded, as the dispatcher's claims do.
        const [m] = await opts.db.update(outboxMessages).set({ status: 'sending', sentAt: new Date() })
          .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'stored'))).returning();
        if (!m) return 'claimed elsewhere';
        return await sendRow(id, { to: m.toAddress, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) }, transport);
      } catch (err) {
        opts.log.error({ err, outboxId: id }, 'mail: delivery failed; the dispatcher sends the stored message later');
        return 'stored';
      }
    },
    async send(message) {
      const [row] = await opts.db.insert(outboxMessages).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        category: message.category,
        userId: message.userId ?? null,
        // Claimed from the start when it is sent here, so the dispatcher never sends it a second time meanwhile.
        ...(transport ? { status: 'sending' as const, sentAt: new Date() } : {}),
      }).returning({ id: outboxMessages.id });
      const id = row!.id;
      if (!transport) return { id, status: 'stored' };
      return { id, status: await sendRow(id, message, transport) };
    },
  };
}
