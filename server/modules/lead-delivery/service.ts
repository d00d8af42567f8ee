// The back office's side of lead delivery (issue 32 part 2): the log of deliveries, "send again", and "send test
// lead". Settings live in ./settings.ts, sending in ./dispatcher.ts.
import { randomUUID } from 'node:crypto';
import type { leadDeliveryQuerySchema} from '@domain/lead-delivery';
import {
  LEAD_DELIVERY_PAGE_SIZE, type LeadCrmDelivery, type LeadDelivery, type LeadDeliveryList, type LeadDeliveryTestResult
} from '@domain/lead-delivery';
import { and, count, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { leadDeliveries, leadDeliverySettings, leads } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { LEAD_DELIVERY_CHANNEL } from './outbox';
import { deliveryContent, testLead } from './payload';
import { postWebhook, sendAdfEmail } from './send';
import { DEFAULT_TIMEOUT_MS, dispatchLeadDeliveries } from './dispatcher';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { getSettings, readSecret, saveSettings } from './settings';

type App = Pick<Deps, 'db' | 'config' | 'log' | 'mailer'>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const columns = {
  d: leadDeliveries,
  leadName: leads.name,
  leadType: leads.leadType,
};

function toDelivery(r: { d: typeof leadDeliveries.$inferSelect; leadName: string | null; leadType: string | null }): LeadDelivery {
  const d = r.d;
  return {
    id: d.id, deliveryId: d.deliveryId, event: d.event, leadId: d.leadId, leadName: r.leadName ?? '', leadType: r.leadType ?? '',
    channel: d.channel, target: d.target, status: d.status, attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    lastAttemptAt: iso(d.lastAttemptAt), lastError: d.lastError, lastResponse: d.lastResponse,
    deliveredAt: iso(d.deliveredAt), deadAt: iso(d.deadAt), resendOf: d.resendOf, createdAt: d.createdAt.toISOString(),
  };
}

export async function listDeliveries(db: Db, q: z.output<typeof leadDeliveryQuerySchema>): Promise<LeadDeliveryList> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(leadDeliveries.status, q.status));
  if (q.leadId) where.push(eq(leadDeliveries.leadId, q.leadId));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total } = { total: 0 }], byStatus] = await Promise.all([
    db.select(columns).from(leadDeliveries).leftJoin(leads, eq(leads.id, leadDeliveries.leadId)).where(filter)
      .orderBy(desc(leadDeliveries.createdAt), desc(leadDeliveries.id)).limit(LEAD_DELIVERY_PAGE_SIZE).offset((q.page - 1) * LEAD_DELIVERY_PAGE_SIZE),
    db.select({ total: count() }).from(leadDeliveries).where(filter),
    db.select({ status: leadDeliveries.status, n: count() }).from(leadDeliveries).groupBy(leadDeliveries.status),
  ]);
  const counts = { pending: 0, sending: 0, delivered: 0, not_sent: 0, dead: 0 };
  for (const s of byStatus) counts[s.status] = s.n;
  return {
    deliveries: rows.map(toDelivery), total, page: q.page, totalPages: Math.max(1, Math.ceil(total / LEAD_DELIVERY_PAGE_SIZE)), counts,
  };
}

/** One lead's deliveries as its panel in the inbox shows them, newest first (issue 54 §4). */
export async function leadCrmDeliveries(db: Db, leadId: number): Promise<LeadCrmDelivery[]> {
  const rows = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId)).orderBy(desc(leadDeliveries.createdAt), desc(leadDeliveries.id));
  return rows.map((d) => ({
    channel: d.channel, event: d.event, status: d.status, createdAt: d.createdAt.toISOString(),
    detail: d.status === 'delivered' ? d.lastResponse : d.status === 'sending' ? null : d.lastError,
  }));
}

/**
 * "Send again": a new delivery of the same lead to the endpoint its channel has now, with a new delivery id (the
 * receiver must not drop it as a duplicate) and ADF status `resend`, telling the same event (a booking's change
 * again says that change). A delivery still being retried is not duplicated: it is brought forward to be tried at
 * once instead.
 */
export async function sendAgain(db: Db, actor: AuditActor, id: number): Promise<LeadDelivery> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(leadDeliveries).where(eq(leadDeliveries.id, id)).for('update');
    if (!d) throw notFound('Delivery not found');
    let resultId: number;
    if (d.status === 'pending') {
      await tx.update(leadDeliveries).set({ nextAttemptAt: new Date() }).where(eq(leadDeliveries.id, id));
      resultId = id;
    } else if (d.status === 'sending') {
      throw badRequest('This delivery is being sent right now; wait for its outcome');
    } else {
      const [s] = await tx.select().from(leadDeliverySettings).where(eq(leadDeliverySettings.id, 1));
      const target = d.channel === 'email' ? s?.adfEmail : s?.webhookUrl;
      if (!target) throw badRequest(`No ${d.channel === 'email' ? 'ADF e-mail address' : 'webhook'} is set any more: set one under Lead delivery first`);
      const [created] = await tx.insert(leadDeliveries).values({ leadId: d.leadId, channel: d.channel, target, event: d.event, change: d.change, resendOf: d.id }).returning({ id: leadDeliveries.id });
      resultId = created!.id;
    }
    await recordAudit(tx, actor, { action: 'lead_delivery.resend', entityType: 'lead', entityId: d.leadId, summary: `delivery #${d.id} (${d.channel}, ${d.status}) sent again as #${resultId}` });
    await tx.execute(sql`select pg_notify(${LEAD_DELIVERY_CHANNEL}, '')`);
    const [row] = await tx.select(columns).from(leadDeliveries).leftJoin(leads, eq(leads.id, leadDeliveries.leadId)).where(eq(leadDeliveries.id, resultId));
    return toDelivery(row!);
  });
}

/**
 * "Send test lead": a made-up lead (marked `test: true`, subject "ADF lead: TEST — …") to every endpoint set, now,
 * once, answering with each endpoint's answer. Not recorded as a delivery and not retried: it is a check of the
 * settings, made while the admin watches.
 */
export async function sendTestLead(app: App, options: { timeoutMs?: number } = {}): Promise<LeadDeliveryTestResult> {
  const [s] = await app.db.select().from(leadDeliverySettings).where(eq(leadDeliverySettings.id, 1));
  if (!s?.adfEmail && !s?.webhookUrl) throw badRequest('Set an ADF e-mail address or a webhook first');
  const results: LeadDeliveryTestResult['results'] = [];
  if (s.adfEmail) {
    const deliveryId = randomUUID();
    const c = deliveryContent(testLead(new Date()), { publicUrl: app.config.publicUrl, deliveryId, test: true });
    const r = await sendAdfEmail(app.mailer, app.db, Boolean(app.config.mail.smtpUrl), s.adfEmail, c.subject, c.adf);
    results.push({ channel: 'email', target: s.adfEmail, ok: r.ok, notSent: r.notSent === true, detail: r.detail, deliveryId });
  }
  if (s.webhookUrl) {
    const deliveryId = randomUUID();
    const c = deliveryContent(testLead(new Date()), { publicUrl: app.config.publicUrl, deliveryId, test: true });
    const secret = await readSecret(app.db, app.config.pii);
    const r = secret
      ? await postWebhook(s.webhookUrl, JSON.stringify(c.body), { secret, deliveryId, event: 'lead.created', sentAt: new Date(), timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, refusePrivateHosts: app.config.outbound.refusePrivateHosts })
      : { ok: false, detail: 'no signing secret is set' };
    results.push({ channel: 'webhook', target: s.webhookUrl, ok: r.ok, notSent: false, detail: r.detail, deliveryId });
  }
  return { results };
}

/** How long a finished delivery keeps the body it sent (the shopper's contact details, a second copy of the lead's). */
export const PAYLOAD_RETENTION_DAYS = 30;

/**
 * DESIGN.md "what is no longer needed is purged": a delivered, not-sent or dead delivery's stored body is cleared after
 * PAYLOAD_RETENTION_DAYS; the log row (status, attempts, answers) stays, and the lead itself keeps its own retention.
 * A later "send again" builds a fresh body from the lead.
 */
export async function purgeDeliveryPayloads(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PAYLOAD_RETENTION_DAYS * 24 * 3600_000);
  const cleared = await db.update(leadDeliveries).set({ payload: null })
    .where(and(isNotNull(leadDeliveries.payload), inArray(leadDeliveries.status, ['delivered', 'not_sent', 'dead']),
      or(lt(leadDeliveries.deliveredAt, cutoff), lt(leadDeliveries.deadAt, cutoff), and(eq(leadDeliveries.status, 'not_sent'), lt(leadDeliveries.lastAttemptAt, cutoff)))))
    .returning({ id: leadDeliveries.id });
  return cleared.length;
}

/**
 * The lead-delivery service as the app holds it (server/services.ts): the back office's settings, log and test send,
 * the payloads' retention, and one dispatch pass (startLeadDelivery, which also listens on the database, stays a
 * plain function main.ts starts).
 */
export function leadDeliveryService(deps: Deps) {
  return {
    ...bindFirst(deps, { sendTestLead, dispatchLeadDeliveries }),
    ...bindFirst(deps.db, { getSettings, listDeliveries, sendAgain, purgeDeliveryPayloads }),
    saveSettings: (actor: AuditActor, input: Parameters<typeof saveSettings>[3]) =>
      saveSettings(deps.db, { pii: deps.config.pii, refusePrivateHosts: deps.config.outbound.refusePrivateHosts }, actor, input),
  };
}
