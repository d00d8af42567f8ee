// One attempt at one endpoint (issue 32 part 2). A webhook is a POST of the JSON body with its HMAC-SHA256 signatures
// (X-Signature-256 over the body, and Standard Webhooks 1.0's over id.timestamp.body, issue 54 §4) and the delivery
// id; only a 2xx answer counts, redirects are not followed (a moved CRM endpoint is a setting to
// fix, not a hop to trust), and the answer must come within the time limit. An e-mail goes through the mail module
// (the outbox, then SMTP); without SMTP_URL it is not sent at all, and says so.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  DELIVERY_ID_HEADER, EVENT_HEADER, isWhsecSecret, NO_MAIL_SERVER, SIGNATURE_HEADER, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER, WHSEC_PREFIX, type LeadDeliveryEvent,
} from '@domain/lead-delivery';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { checkLiteralHost, connectOptions, describeNetworkError, RefusedAddressError } from '../../lib/outgoing/guard';

/** `notSent`: the channel cannot send at all (no mail server), so the delivery is final without a retry. */
export interface AttemptResult { ok: boolean; detail: string; notSent?: boolean }

/** How a timed-out attempt's error starts: the dispatcher keeps such a delivery on its backoff (see bringForward). */
export const TIMEOUT_DETAIL = 'no answer within';

/** `sha256=<hex>` of the raw body: the X-Signature-256 value (the scheme GitHub and Stripe-style receivers check). */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * Standard Webhooks 1.0's `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. A `whsec_` secret's
 * key is its decoded bytes (what the standardwebhooks libraries do); an older plain secret's is its own characters
 * (a receiver gives it to them as a raw key), so secrets set before stay valid for both headers.
 */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = isWhsecSecret(secret) ? Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
}
export const USER_AGENT = 'PrairieMotorHub-LeadDelivery/1.0';

/** A refused address, with the setting that lifts the rule for a CRM on the dealer's own network. */
export const refusedDetail = (err: RefusedAddressError) => `${err.message}; set LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS=true to allow a CRM on the dealer's own network`;

export async function postWebhook(
  url: string, body: string,
  opts: { secret: string; deliveryId: string; event: LeadDeliveryEvent; sentAt: Date; timeoutMs: number; refusePrivateHosts: boolean },
): Promise<AttemptResult> {
  // The timestamp is this attempt's: a retry carries the same id and body, with a fresh timestamp and signature.
  const timestamp = Math.floor(opts.sentAt.getTime() / 1000);
  const u = new URL(url);
  const policy = { allowPrivate: !opts.refusePrivateHosts };
  try {
    checkLiteralHost(u, policy);
  } catch (err) {
    return { ok: false, detail: refusedDetail(err as RefusedAddressError) };
  }
  const client = u.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => { if (!settled) { settled = true; clearTimeout(timer); resolve(r); } };
    const req = client.request(u, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'user-agent': USER_AGENT,
        [SIGNATURE_HEADER]: signBody(opts.secret, body),
        [DELIVERY_ID_HEADER]: opts.deliveryId,
        [EVENT_HEADER]: opts.event,
        [WEBHOOK_ID_HEADER]: opts.deliveryId,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: standardSignature(opts.secret, opts.deliveryId, timestamp, body),
      },
      agent: false,
      ...connectOptions(policy),
    }, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => { if (size < 300) { chunks.push(c); size += c.length; } });
      res.on('end', () => {
        const said = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
        finish(status >= 200 && status < 300
          ? { ok: true, detail: `HTTP ${status}` }
          : { ok: false, detail: `HTTP ${status}${status >= 300 && status < 400 ? ` (redirects are not followed: set the final URL)` : ''}${said ? `: ${said}` : ''}` });
      });
      res.on('error', (err) => finish({ ok: false, detail: `the answer broke off: ${err.message}` }));
    });
    const timer = setTimeout(() => {
      finish({ ok: false, detail: `${TIMEOUT_DETAIL} ${opts.timeoutMs / 1000} s` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ ok: false, detail: err instanceof RefusedAddressError ? refusedDetail(err) : `connection failed: ${describeNetworkError(err)}` }));
    req.end(body);
  });
}

/**
 * The ADF document as a plain-text e-mail to the CRM's intake address (ADF intake parsers read the body). Without a
 * mail server it is not sent, nor kept in the outbox (where a server configured later would send it unannounced):
 * "send again" sends it once there is one.
 */
export async function sendAdfEmail(mailer: Mailer, db: Db, smtpConfigured: boolean, to: string, subject: string, adf: string): Promise<AttemptResult> {
  if (!smtpConfigured) return { ok: false, notSent: true, detail: NO_MAIL_SERVER };
  const sent = await mailer.send({ to, subject, text: adf, category: 'crm_adf' });
  if (sent.status === 'sent') return { ok: true, detail: `sent by SMTP (outbox #${sent.id})` };
  const [row] = await db.select({ error: outboxMessages.error }).from(outboxMessages).where(eq(outboxMessages.id, sent.id));
  return { ok: false, detail: `SMTP: ${row?.error ?? 'the send failed'} (outbox #${sent.id})` };
}
