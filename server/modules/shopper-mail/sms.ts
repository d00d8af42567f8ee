// Booking confirmations by text message (issue 33 §1, spec §8: "You'll receive a confirmation text shortly"),
// through a Twilio-compatible REST API configured by SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM.
// Without them nothing is queued or sent, and the booking answer says so (the page then promises an e-mail or a
// call instead). A text is an outbox row like an e-mail (category `sms_shopper`, the number as its address), queued
// in the booking's transaction, sent after the commit, and retried with the shopper e-mails' backoff.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { queueMail } from '../mail/mailer';
import { claimDue, claimStored, recordFailure, recordSent, type OutboxRow } from '../mail/outbox';
import type { Deps } from '../../deps';

export const SMS_CATEGORY = 'sms_shopper';
export type SmsConfig = { apiUrl: string; accountSid: string; authToken: string; from: string };
interface Log { error(obj: object, msg: string): void }

const TIMEOUT_MS = 10_000;

/** A Canadian number as typed ("(780) 555-0199", "1-403-555-0123") in E.164 (+17805550199); null when it is not one. */
export function e164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** Records a text in the caller's transaction; null when the number cannot be texted. */
export async function queueSms(tx: Db | Tx, phone: string, body: string, userId: number | null): Promise<number | null> {
  const to = e164(phone);
  if (!to) return null;
  return queueMail(tx, { to, subject: 'Text message', text: body, category: SMS_CATEGORY, userId });
}

/** One POST to the provider's Messages resource (Twilio's REST shape); throws with the provider's status on failure. */
export async function sendSms(config: SmsConfig, to: string, body: string): Promise<string> {
  const res = await fetch(`${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await res.text();
  if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}: ${answer.slice(0, 200)}`);
  return answer;
}

async function sendClaimed(db: Db, config: SmsConfig, m: OutboxRow, log: Log, now: Date): Promise<'sent' | 'stored' | 'failed'> {
  try {
    await sendSms(config, m.toAddress, m.text);
    await recordSent(db, m.id);
    return 'sent';
  } catch (err) {
    log.error({ err, outboxId: m.id }, 'sms: send failed; the text stays in the outbox');
    return recordFailure(db, m, String((err as Error).message ?? err).slice(0, 500), now);
  }
}

const texts = eq(outboxMessages.category, SMS_CATEGORY);

/** Sends a queued text right after its transaction committed. Never throws: what it misses the dispatcher sends. */
export async function deliverSms(db: Db, config: SmsConfig | null, id: number, log: Log): Promise<'sent' | 'stored' | 'failed' | 'claimed elsewhere'> {
  if (!config) return 'stored';
  try {
    const m = await claimStored(db, id, texts);
    if (!m) return 'claimed elsewhere';
    return await sendClaimed(db, config, m, log, new Date());
  } catch (err) {
    log.error({ err, outboxId: id }, 'sms: delivery failed; the dispatcher sends the stored text later');
    return 'stored';
  }
}

/** One pass over waiting texts whose time has come, each claimed once across instances (mail/outbox.ts claimDue). */
export async function dispatchSmsOnce(db: Db, config: SmsConfig, log: Log, now = () => new Date()): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const m of await claimDue(db, texts, 50, now())) {
    if ((await sendClaimed(db, config, m, log, now())) === 'sent') sent++;
    else failed++;
  }
  return { sent, failed };
}

/** Every 30 seconds while SMS is configured; returns its stop, which the app calls when it closes. */
export function startSmsDispatch(app: Pick<Deps, 'config' | 'db' | 'log'>): () => void {
  const config = app.config.sms;
  if (!config) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    dispatchSmsOnce(app.db, config, app.log)
      .catch((err: unknown) => app.log.error({ err }, 'sms dispatch failed'))
      .finally(() => { running = false; });
  }, 30_000);
  timer.unref();
  return () => clearInterval(timer);
}
