// The mail module (accounts issue): every message is written to the outbox table first, so nothing is lost;
// with SMTP_URL set it is then sent through nodemailer and the row records the outcome. Callers that must not
// fail because of mail (a lead, a booking) catch and log: the outbox row, or the lack of it, is the evidence.
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
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
}

export function createMailer(opts: { db: Db; smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await opts.db.insert(outboxMessages).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        category: message.category,
        userId: message.userId ?? null,
      }).returning({ id: outboxMessages.id });
      const id = row!.id;
      if (!transport) return { id, status: 'stored' };
      try {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
        await opts.db.update(outboxMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxMessages.id, id));
        return { id, status: 'sent' };
      } catch (err) {
        opts.log.error({ err, outboxId: id }, 'mail: SMTP send failed; the message stays in the outbox');
        await opts.db.update(outboxMessages).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(outboxMessages.id, id));
        return { id, status: 'failed' };
      }
    },
  };
}
