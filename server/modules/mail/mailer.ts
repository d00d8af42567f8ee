// The mail module (accounts issue): every message is written to the outbox table first, so nothing is lost;
// with SMTP_URL set it is then sent through nodemailer and the row records the outcome. Callers that must not
// fail because of mail (a lead, a booking) catch and log: the outbox row, or the lack of it, is the evidence.
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { outboxMessages, type OutboxAttachment } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { claimStored, recordFailure, recordSent, recordUnsendable } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (issue 57: a shopper's e-mail names the store it is about); none: replies go to the sender. */
  replyTo?: string;
  /** `password_reset`, `lead_notification`, `listing_message`, `notification`, … (shown in /admin/outbox). */
  category: string;
  userId?: number | null;
  /**
   * Parts of the text that are a live credential, such as a password-reset link (issue 36 item 1): the recipient
   * gets them, the outbox keeps `[redacted]` in their place, so no admin, backup or database reader can use them.
   */
  secrets?: string[];
  /** Files sent with it (issue 33 §1: a booking's `.ics`); queueMail keeps them on the row for every retry. */
  attachments?: OutboxAttachment[];
}

/** The nodemailer form of stored attachments. */
export const mailAttachments = (list: OutboxAttachment[] | null | undefined) => (list?.length
  ? { attachments: list.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
  : {});

export const REDACTED_SECRET = '[redacted: a one-time link, sent to the recipient only]';

/**
 * A header value as one line (issue 56 finding 9): a subject is built from what shoppers type (a lead's name), and a
 * CR or LF in it would be stored as a second line and could start another header. Control characters become spaces.
 */
export function headerLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  return value.replace(/\s*[\u0000-\u001f\u007f]+\s*/g, ' ');
}

/** The text with every secret replaced: what the outbox keeps. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.filter(Boolean).reduce((t, secret) => t.split(secret).join(REDACTED_SECRET), text);
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
    toAddress: headerLine(message.to),
    subject: headerLine(message.subject),
    text: message.text,
    html: message.html ?? null,
    replyTo: message.replyTo ? headerLine(message.replyTo) : null,
    category: message.category,
    userId: message.userId ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
  }).returning({ id: outboxMessages.id });
  return row!.id;
}

export interface MailerOptions {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: Logger;
  /**
   * A development copy without SMTP_URL has no other way to deliver a reset link than the outbox itself (a
   * developer, or the browser tests, read it at /admin/outbox), and holds demo accounts only: there the secrets are
   * kept. In production, or whenever SMTP delivers, they never are (issue 36 item 1).
   */
  keepSecretsInOutbox?: boolean;
}

export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const keepSecrets = !transport && opts.keepSecretsInOutbox === true;
  const sendRow = async (id: number, message: Pick<MailMessage, 'to' | 'subject' | 'text' | 'html' | 'replyTo' | 'attachments' | 'category'> & { attempts?: number }, t: Transporter, unsendable = ''): Promise<'sent' | 'failed' | 'stored'> => {
    try {
      await t.sendMail({ from: opts.from, to: headerLine(message.to), subject: headerLine(message.subject), text: message.text, ...(message.html ? { html: message.html } : {}), ...(message.replyTo ? { replyTo: headerLine(message.replyTo) } : {}), ...mailAttachments(message.attachments) });
      await recordSent(opts.db, id);
      return 'sent';
    } catch (err) {
      opts.log.error({ err, outboxId: id }, 'mail: SMTP send failed; the message stays in the outbox');
      const error = `${String((err as Error).message ?? err).slice(0, 300)}${unsendable}`;
      return recordFailure(opts.db, { id, category: message.category, attempts: message.attempts ?? 0 }, error)
        .catch((e: unknown) => { opts.log.error({ err: e, outboxId: id }, 'mail: recording the failure failed'); return 'failed' as const; });
    }
  };
  return {
    async deliver(id) {
      if (!transport) return 'stored';
      try {
        // sentAt holds the claim's time until the send is recorded, as the dispatcher's claims do.
        const m = await claimStored(opts.db, id);
        if (!m) return 'claimed elsewhere';
        return await sendRow(id, { to: m.toAddress, subject: m.subject, text: m.text, category: m.category, attempts: m.attempts, attachments: m.attachments ?? [], ...(m.html ? { html: m.html } : {}), ...(m.replyTo ? { replyTo: m.replyTo } : {}) }, transport);
      } catch (err) {
        opts.log.error({ err, outboxId: id }, 'mail: delivery failed; the dispatcher sends the stored message later');
        return 'stored';
      }
    },
    async send(message) {
      const secrets = keepSecrets ? [] : message.secrets ?? [];
      const [row] = await opts.db.insert(outboxMessages).values({
        toAddress: headerLine(message.to),
        subject: headerLine(message.subject),
        text: redactSecrets(message.text, secrets),
        html: message.html === undefined ? null : redactSecrets(message.html, secrets),
        replyTo: message.replyTo ? headerLine(message.replyTo) : null,
        category: message.category,
        userId: message.userId ?? null,
        // Claimed from the start when it is sent here, so the dispatcher never sends it a second time meanwhile.
        ...(transport ? { status: 'sending' as const, sentAt: new Date() } : {}),
      }).returning({ id: outboxMessages.id });
      const id = row!.id;
      // What was redacted cannot be sent later by anyone: say so rather than leave it waiting forever.
      const unsendable = secrets.length ? '; it carried a one-time link that is not kept, so it cannot be sent again (the recipient asks for a new one)' : '';
      if (!transport) {
        if (!secrets.length) return { id, status: 'stored' };
        opts.log.warn({ outboxId: id, category: message.category }, 'mail: a message with a one-time link cannot be delivered without SMTP_URL');
        await recordUnsendable(opts.db, id, `not delivered: SMTP_URL is not set${unsendable}`);
        return { id, status: 'failed' };
      }
      return { id, status: await sendRow(id, message, transport, unsendable) };
    },
  };
}

/**
 * Deletes sent e-mails older than `days` (issue 36 item 1: OUTBOX_RETENTION_DAYS, a daily job in modules/jobs). What
 * is waiting or failed stays, for the dispatcher and for an admin to see.
 */
export async function purgeSentMail(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 3600_000);
  const gone = await db.delete(outboxMessages).where(and(eq(outboxMessages.status, 'sent'), lt(outboxMessages.sentAt, cutoff))).returning({ id: outboxMessages.id });
  return gone.length;
}
