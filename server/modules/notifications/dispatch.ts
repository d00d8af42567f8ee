// Sends notification emails that notify() left in the outbox, when SMTP_URL is set. notify() writes them inside the
// event's transaction (so an email exists exactly when its notice does); this loop delivers them afterwards and
// records the outcome on the row, as the mail module does for the mail it sends itself. Without SMTP_URL the outbox
// is the delivery and nothing runs here.
//
// Several instances run this loop against one PostgreSQL (issue 18): each message is claimed before it is sent, by
// the outbox's claim (mail/outbox.ts claimDue), so it is sent once, or after a crash possibly twice, never lost.
import { inArray, like, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxMessages, type OutboxAttachment } from '../../db/schema';
import { mailAttachments } from '../mail/mailer';
import { claimDue, recordFailure, recordSent, SHOPPER_CATEGORY_PREFIX } from '../mail/outbox';
import { NOTIFICATION_EMAIL_CATEGORY } from './notify';
import type { Deps } from '../../deps';

const INTERVAL_MS = 30_000;
/**
 * What this loop sends: messages recorded in their write's transaction and sent after it (notify(), and since
 * issue 30 a lead's e-mail to the dealer and a buyer's message to a private seller, mail/mailer.ts queueMail).
 * Their sender claims them right after the commit (mailer.deliver); what a crash or a failed claim left stored is
 * sent from here. Other categories are sent by mailer.send as they are written, never from here. Issue 33 §1: every
 * shopper's message (categories `shopper_…`) too, and a failed one waits for its next attempt (mailer.ts
 * outbox.ts failedSendUpdate) instead of failing for good.
 */
export const DISPATCHED_CATEGORIES = [NOTIFICATION_EMAIL_CATEGORY, 'lead_notification', 'listing_message'];
const BATCH = 50;

interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: Array<{ filename: string; content: string; contentType: string }> }): Promise<unknown>;
}
interface Log { error(obj: object, msg: string): void }

/** One pass: claims up to a batch of waiting notification emails and sends them. Returns what it did. */
export async function dispatchOnce(db: Db, transport: Transport, from: string, log: Log, now = () => new Date()): Promise<{ sent: number; failed: number }> {
  const mine = or(inArray(outboxMessages.category, DISPATCHED_CATEGORIES), like(outboxMessages.category, `${SHOPPER_CATEGORY_PREFIX}%`))!;
  let sent = 0;
  let failed = 0;
  for (const m of await claimDue(db, mine, BATCH, now())) {
    try {
      await transport.sendMail({ from, to: m.toAddress, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}), ...(m.replyTo ? { replyTo: m.replyTo } : {}), ...mailAttachments(m.attachments as OutboxAttachment[] | null) });
      await recordSent(db, m.id, now());
      sent++;
    } catch (err) {
      log.error({ err, outboxId: m.id }, 'notification email: SMTP send failed; the message stays in the outbox');
      await recordFailure(db, m, String((err as Error).message ?? err).slice(0, 500), now());
      failed++;
    }
  }
  return { sent, failed };
}

/** Every INTERVAL_MS while SMTP is configured; returns its stop, which the app calls when it closes. */
export function startNotificationDispatch(app: Pick<Deps, 'config' | 'db' | 'log'>): () => void {
  const { smtpUrl, from } = app.config.mail;
  if (!smtpUrl) return () => {};
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await dispatchOnce(app.db, transport, from, app.log);
    } catch (err) {
      app.log.error({ err }, 'notification email dispatch failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  timer.unref();
  return () => { clearInterval(timer); transport.close(); };
}
