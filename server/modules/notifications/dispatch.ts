// Sends notification emails that notify() left in the outbox, when SMTP_URL is set. notify() writes them inside the
// event's transaction (so an email exists exactly when its notice does); this loop delivers them afterwards and
// records the outcome on the row, as the mail module does for the mail it sends itself. Without SMTP_URL the outbox
// is the delivery and nothing runs here.
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { outboxMessages } from '../../db/schema';
import { NOTIFICATION_EMAIL_CATEGORY } from './notify';

const INTERVAL_MS = 30_000;
const BATCH = 50;

export function startNotificationDispatch(app: FastifyInstance) {
  const { smtpUrl, from } = app.config.mail;
  if (!smtpUrl) return;
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const waiting = await app.db.select().from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'stored'), eq(outboxMessages.category, NOTIFICATION_EMAIL_CATEGORY)))
        .orderBy(asc(outboxMessages.id)).limit(BATCH);
      for (const m of waiting) {
        try {
          await transport.sendMail({ from, to: m.toAddress, subject: m.subject, text: m.text });
          await app.db.update(outboxMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxMessages.id, m.id));
        } catch (err) {
          app.log.error({ err, outboxId: m.id }, 'notification email: SMTP send failed; the message stays in the outbox');
          await app.db.update(outboxMessages).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(outboxMessages.id, m.id));
        }
      }
    } catch (err) {
      app.log.error({ err }, 'notification email dispatch failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); transport.close(); });
}
