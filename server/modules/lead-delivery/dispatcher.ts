// The lead delivery dispatcher (issue 32 part 2, docs/decisions/020-lead-delivery.md). Deliveries recorded with
// their leads (./outbox.ts) are sent here, after the commit:
// - claimed once across instances: one UPDATE moves a batch of due rows to 'sending', choosing them with
//   FOR UPDATE SKIP LOCKED, with a lease (claimed_until). A claim whose instance died (kill -9) is taken again once
//   the lease ends. `attempts` grows with each claim and fences the outcome: a claimant whose lease was taken over
//   records nothing.
// - at least once, never twice on purpose: a delivery is sent again only when no outcome was recorded (a crash or
//   a lease overrun mid-send); it then carries the same delivery id and the same bytes, so a receiver that drops
//   ids it has seen gets each lead once.
// - retried on non-2xx, time-outs and connection errors on domain/lead-delivery.ts's schedule (15 s, doubling,
//   capped), for at least 24 hours, then dead-lettered; the dealer (DEALER_EMAIL) is e-mailed about dead deliveries.
// - a success to an endpoint brings that endpoint's waiting deliveries forward: a CRM back from an outage gets the
//   backlog at once, not each lead at its own backoff. Not those that timed out: a receiver slower than the time
//   limit most likely took them, and sending them straight away again is what made it take each lead three times.
// - a channel that cannot send (an ADF e-mail without a mail server) is `not_sent`, final, never "delivered".
// The clock is a parameter: tests and the benchmark drive passes at chosen times instead of waiting.
import { afterFailure, type LeadDeliveryChannel } from '@domain/lead-delivery';
import { and, asc, eq, gt, inArray, isNull, lte, notLike, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { leadDeliveries, leads } from '../../db/schema';
import { LEAD_DELIVERY_CHANNEL } from './outbox';
import { deliveryContent, readLead } from './payload';
import { postWebhook, sendAdfEmail, TIMEOUT_DETAIL, type AttemptResult } from './send';
import { readSecret } from './settings';
import type { Deps } from '../../deps';

type App = Pick<Deps, 'db' | 'config' | 'log' | 'mailer'>;

export interface DispatchOptions {
  now?: () => Date;
  /** How long a webhook has to answer (default 10 s). */
  timeoutMs?: number;
  /** How long a claim holds (default 2 minutes): longer than any send may take, time-out included. */
  leaseMs?: number;
  batch?: number;
  /** Sends in flight at once within a pass. */
  concurrency?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_LEASE_MS = 120_000;

type Claimed = typeof leadDeliveries.$inferSelect;

export interface PassResult { delivered: number; failed: number; notSent: number; dead: number; deadNotified: number }

/** Claims due deliveries (and ones whose claim lapsed), at most `batch`. */
async function claim(db: Db, now: Date, leaseMs: number, batch: number): Promise<Claimed[]> {
  const due = db.select({ id: leadDeliveries.id }).from(leadDeliveries)
    .where(or(
      and(eq(leadDeliveries.status, 'pending'), lte(leadDeliveries.nextAttemptAt, now)),
      and(eq(leadDeliveries.status, 'sending'), lte(leadDeliveries.claimedUntil, now)),
    ))
    .orderBy(asc(leadDeliveries.nextAttemptAt), asc(leadDeliveries.id)).limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db.update(leadDeliveries).set({
    status: 'sending',
    attempts: sql`${leadDeliveries.attempts} + 1`,
    claimedUntil: new Date(now.getTime() + leaseMs),
    lastAttemptAt: now,
  }).where(inArray(leadDeliveries.id, due)).returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Only the claim that still holds the row (status sending, same attempt count) records an outcome. */
const fence = (d: Claimed) => and(eq(leadDeliveries.id, d.id), eq(leadDeliveries.status, 'sending'), eq(leadDeliveries.attempts, d.attempts));

/** The stored payload, or one built now and stored before the first send (so a retry sends the same bytes). */
async function payloadOf(app: App, d: Claimed): Promise<string | null> {
  if (d.payload) return d.payload;
  const read = await readLead(app.db, d.leadId);
  if (!read) return null;
  const original = d.resendOf ? (await app.db.select({ id: leadDeliveries.deliveryId, status: leadDeliveries.status }).from(leadDeliveries).where(eq(leadDeliveries.id, d.resendOf)))[0] ?? null : null;
  const c = deliveryContent(read, {
    publicUrl: app.config.publicUrl, deliveryId: d.deliveryId, resendOf: original?.id ?? null, event: d.event, change: d.change,
    // What was never sent is, to the CRM, a first delivery.
    resendOfNotSent: original?.status === 'not_sent',
  });
  const payload = d.channel === 'webhook' ? JSON.stringify(c.body) : JSON.stringify({ subject: c.subject, adf: c.adf });
  const stored = await app.db.update(leadDeliveries).set({ payload }).where(fence(d)).returning({ id: leadDeliveries.id });
  return stored.length ? payload : null;
}

async function attempt(app: App, d: Claimed, payload: string, secret: string | null, sentAt: Date, opts: Required<Pick<DispatchOptions, 'timeoutMs'>>): Promise<AttemptResult> {
  if (d.channel === 'email') {
    const { subject, adf } = JSON.parse(payload) as { subject: string; adf: string };
    return sendAdfEmail(app.mailer, app.db, Boolean(app.config.mail.smtpUrl), d.target, subject, adf);
  }
  if (!secret) return { ok: false, detail: 'no signing secret is set: set one under Lead delivery' };
  return postWebhook(d.target, payload, { secret, deliveryId: d.deliveryId, event: d.event, sentAt, timeoutMs: opts.timeoutMs, refusePrivateHosts: app.config.outbound.refusePrivateHosts });
}

async function deliverOne(app: App, d: Claimed, secret: string | null, now: () => Date, opts: Required<Pick<DispatchOptions, 'timeoutMs'>>): Promise<'delivered' | 'failed' | 'not_sent' | 'dead' | 'lost'> {
  let result: AttemptResult;
  try {
    const payload = await payloadOf(app, d);
    if (payload === null) return 'lost'; // the claim lapsed, or the lead was deleted with its deliveries
    result = await attempt(app, d, payload, secret, now(), opts);
  } catch (err) {
    app.log.error({ err, deliveryId: d.deliveryId }, 'lead delivery: the attempt failed unexpectedly; it is retried');
    result = { ok: false, detail: `internal error: ${(err as Error).message}` };
  }
  const at = now();
  if (result.ok) {
    const done = await app.db.update(leadDeliveries).set({
      status: 'delivered', deliveredAt: at, lastResponse: result.detail.slice(0, 300), lastError: null, claimedUntil: null,
    }).where(fence(d)).returning({ id: leadDeliveries.id });
    if (!done.length) return 'lost';
    // The endpoint answers again: its waiting deliveries go now rather than at their backoff, except those that
    // timed out, which it most likely received (at least once stays; a duplicate at once does not help anyone).
    await app.db.update(leadDeliveries).set({ nextAttemptAt: at })
      .where(and(eq(leadDeliveries.status, 'pending'), eq(leadDeliveries.channel, d.channel), eq(leadDeliveries.target, d.target), gt(leadDeliveries.nextAttemptAt, at),
        or(isNull(leadDeliveries.lastError), notLike(leadDeliveries.lastError, `${TIMEOUT_DETAIL}%`))));
    return 'delivered';
  }
  if (result.notSent) {
    const done = await app.db.update(leadDeliveries).set({ status: 'not_sent', lastError: result.detail, claimedUntil: null })
      .where(fence(d)).returning({ id: leadDeliveries.id });
    return done.length ? 'not_sent' : 'lost';
  }
  const next = afterFailure(d.attempts, d.createdAt, at);
  const failed = await app.db.update(leadDeliveries).set(next.dead
    ? { status: 'dead', deadAt: at, lastError: result.detail.slice(0, 1000), claimedUntil: null }
    : { status: 'pending', nextAttemptAt: next.nextAttemptAt, lastError: result.detail.slice(0, 1000), claimedUntil: null },
  ).where(fence(d)).returning({ id: leadDeliveries.id });
  if (!failed.length) return 'lost';
  app.log.warn({ deliveryId: d.deliveryId, channel: d.channel, attempts: d.attempts, dead: next.dead, detail: result.detail }, next.dead ? 'lead delivery dead-lettered after 24 hours of retries' : 'lead delivery failed; it is retried');
  return next.dead ? 'dead' : 'failed';
}

/** E-mails the dealer once about every delivery that died since the last such e-mail. */
async function notifyDead(app: App, now: Date): Promise<number> {
  const dead = await app.db.update(leadDeliveries).set({ deadNotifiedAt: now })
    .where(and(eq(leadDeliveries.status, 'dead'), isNull(leadDeliveries.deadNotifiedAt)))
    .returning({ id: leadDeliveries.id, leadId: leadDeliveries.leadId, channel: leadDeliveries.channel, target: leadDeliveries.target, lastError: leadDeliveries.lastError, attempts: leadDeliveries.attempts });
  if (!dead.length) return 0;
  const names = new Map((await app.db.select({ id: leads.id, name: leads.name }).from(leads).where(inArray(leads.id, dead.map((d) => d.leadId)))).map((l) => [l.id, l.name]));
  const base = app.config.publicUrl;
  const lines = [
    `${dead.length} ${dead.length === 1 ? 'lead did' : 'leads did'} not reach your CRM after 24 hours of retries.`,
    'The leads themselves are safe in the back office; call these shoppers from there, and fix the CRM connection.',
    '',
    ...dead.map((d) => `- Lead #${d.leadId} ${names.get(d.leadId) || ''} by ${d.channel} to ${d.target}: ${d.attempts} attempts, last error: ${d.lastError ?? 'unknown'}\n  ${base}/admin/leads?lead=${d.leadId}`),
    '',
    `Send them again once the CRM is back: ${base}/admin/lead-delivery?status=dead`,
  ];
  await app.mailer.send({ to: app.config.mail.dealerAddress, subject: `Lead delivery failed: ${dead.length} ${dead.length === 1 ? 'lead' : 'leads'} did not reach the CRM`, text: lines.join('\n'), category: 'lead_delivery_alert' });
  return dead.length;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (i < items.length) await work(items[i++]!);
  }));
}

/**
 * One pass: claims and sends what is due at `now()`, batch after batch until nothing is due (a success may bring
 * an endpoint's backlog forward into the same pass), then e-mails the dealer about new dead deliveries.
 */
export async function dispatchLeadDeliveries(app: App, options: DispatchOptions = {}): Promise<PassResult> {
  const now = options.now ?? (() => new Date());
  const opts = { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const result: PassResult = { delivered: 0, failed: 0, notSent: 0, dead: 0, deadNotified: 0 };
  const secrets = new Map<LeadDeliveryChannel, string | null>();
  for (let round = 0; round < 1000; round++) {
    const claimed = await claim(app.db, now(), options.leaseMs ?? DEFAULT_LEASE_MS, options.batch ?? 50);
    if (!claimed.length) break;
    if (!secrets.has('webhook')) secrets.set('webhook', await readSecret(app.db, app.config.pii));
    await pool(claimed, options.concurrency ?? 8, async (d) => {
      const outcome = await deliverOne(app, d, secrets.get('webhook') ?? null, now, opts);
      if (outcome === 'delivered') result.delivered++;
      else if (outcome === 'failed') result.failed++;
      else if (outcome === 'not_sent') result.notSent++;
      else if (outcome === 'dead') result.dead++;
    });
  }
  result.deadNotified = await notifyDead(app, now());
  return result;
}

/** How often a dispatcher looks for due retries when nothing woke it. */
export const POLL_MS = 5_000;

/**
 * The serving process's dispatcher (main.ts; never buildApp, so tests run no timers): a pass every POLL_MS, and one
 * at once when a lead's deliveries commit on any instance (NOTIFY on PostgreSQL, PGlite's in-process LISTEN).
 */
export async function startLeadDelivery(app: App, database: Database, options: DispatchOptions = {}): Promise<() => Promise<void>> {
  let running = false;
  let again = false;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    if (running) { again = true; return; }
    running = true;
    current = (async () => {
      do {
        again = false;
        try {
          await dispatchLeadDeliveries(app, options);
        } catch (err) {
          app.log.error({ err }, 'lead delivery: a dispatcher pass failed; the next one retries');
        }
      } while (again && !stopped);
      running = false;
    })();
  };
  let unlisten: () => Promise<void> = async () => {};
  try {
    if (database.channel) {
      unlisten = await database.channel.listen(LEAD_DELIVERY_CHANNEL, tick, tick);
    } else if (database.kind === 'pglite') {
      const client = (database.db as unknown as { $client: { listen(c: string, cb: () => void): Promise<() => Promise<void>> } }).$client;
      unlisten = await client.listen(LEAD_DELIVERY_CHANNEL, tick);
    }
  } catch (err) {
    app.log.warn({ err }, 'lead delivery: listening for new leads failed; the dispatcher polls every 5 s');
  }
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten().catch(() => {});
    await current;
  };
}
