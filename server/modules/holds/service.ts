// Vehicle holds (issue 19, "Hold this vehicle"; docs/decisions/018-vehicle-holds.md; rules in domain/holds.ts).
// - A shopper's request is a lead of type `hold` (source `vehicle_hold`), stored and announced like every lead.
// - Staff confirm it from the leads inbox: in ONE transaction the vehicle goes on hold through the vehicle write path
//   (status pending, held_until, its vehicle_holds record, the vehicle's audit entry), the lead moves to `contacted`
//   and the confirmation is audited on the lead. So caches, the inventory index, other instances and notices follow.
// - Staff release it, or the scheduled job expires it (modules/jobs/scheduler.ts): the vehicle is available again.
// Every function takes `now`, so the tests decide the time instead of waiting for it.
import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import {
  HOLD_LEAD, HOLD_MARKETING_CONSENT_TEXT, HOLD_NO_PAYMENT_TEXT, HOLD_REFUSALS, heldUntilFrom, holdRefusal, isHeld, isListed,
  type HoldRequest, type LeadHold, type MyHolds,
} from '@domain/holds';
import type { Db, Tx } from '../../db/client';
import { leads, vehicleHolds, vehicles } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { leadHold } from '../leads/hold-state';
import { announceLead, createLead, leadNotice, recordResponse } from '../leads/service';
import { queueMail } from '../mail/mailer';
import type { VehicleRow, VehicleWrite } from '../vehicles/commands';
import { notify } from '../notifications/notify';
import { holdEndText, holdMail } from './mail';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { vehicleColumns } from '../vehicles/columns';

type App = Pick<Deps, 'db' | 'mailer' | 'config' | 'log' | 'vehicleCommands'>;

/** The scheduled job's actor in the audit log. */
export const HOLD_JOB_ACTOR: AuditActor = { id: null, name: 'system (hold expiry)' };

/**
 * A shopper asks to hold a vehicle. It must be public (a pending private listing is a 404, as its page) and holdable
 * now (409 with the reason otherwise: sold, already held, a private seller's). The consent to marketing is recorded
 * word for word with its time when given (CASL), and never assumed.
 */
export async function requestHold(app: App, vehicleId: number, input: HoldRequest, userId: number | null, now: Date) {
  const lead = await app.db.transaction(async (tx) => {
    const [v] = await tx.select(vehicleColumns('status', 'heldUntil', 'sellerType', 'ownerId')).from(vehicles).where(eq(vehicles.id, vehicleId));
    if (!v || (!isListed(v) && v.status !== 'sold')) throw notFound('Vehicle not found');
    const refusal = holdRefusal(v);
    if (refusal) throw conflict(HOLD_REFUSALS[refusal]);
    const created = await createLead(tx, {
      ...HOLD_LEAD,
      name: input.name,
      phone: input.phone,
      email: input.email,
      message: `Please hold this vehicle for me. ${HOLD_NO_PAYMENT_TEXT}`,
      vehicleId,
      userId,
      additionalData: {
        marketingConsent: input.marketingConsent,
        ...(input.marketingConsent ? { marketingConsentText: HOLD_MARKETING_CONSENT_TEXT, marketingConsentAt: now.toISOString() } : {}),
      },
    }, leadNotice(app));
    // Issue 33 §1: the shopper's receipt is recorded with the request.
    const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId));
    const mail = holdMail({ kind: 'requested', to: input.email, name: input.name, userId, vehicle: vehicle!, publicUrl: app.config.publicUrl });
    return { ...created, shopperMailId: mail ? await queueMail(tx, mail) : null };
  });
  await announceLead(app, lead);
  if (lead.shopperMailId !== null) await app.mailer.deliver?.(lead.shopperMailId);
  return { id: lead.id, message: `Thanks, ${input.name}: we will confirm your hold by phone or e-mail. ${HOLD_NO_PAYMENT_TEXT}` };
}

/** The hold lead, locked for this transaction; 404 when unknown, 409 when it is not a hold request. */
async function lockHoldLead(tx: Tx, leadId: number) {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update');
  if (!lead) throw notFound('Lead not found');
  if (lead.leadType !== HOLD_LEAD.leadType) throw conflict(HOLD_REFUSALS.notAHold);
  return lead;
}

async function holdOf(db: Db | Tx, leadId: number) {
  const [hold] = await db.select().from(vehicleHolds).where(eq(vehicleHolds.leadId, leadId));
  return hold ?? null;
}

/**
 * Confirms a hold request: the vehicle is held for 48 hours from `now` (domain/holds.ts HOLD_HOURS). Refused with
 * a 409 that says why when the lead was confirmed before, its vehicle is gone, sold, held for someone else or a
 * private seller's. The lead moves from `new` to `contacted` (the confirmation is a response to the shopper).
 */
export async function confirmHold(app: App, actor: AuditActor, leadId: number, now: Date): Promise<LeadHold> {
  const mailId = await app.vehicleCommands.transaction(actor, async (w) => {
    const lead = await lockHoldLead(w.tx, leadId);
    const existing = await holdOf(w.tx, leadId);
    if (existing) throw conflict(existing.endedAt ? HOLD_REFUSALS.ended : HOLD_REFUSALS.alreadyConfirmed);
    const [vehicle] = lead.vehicleId === null ? [] : await w.lock([lead.vehicleId]);
    if (!vehicle) throw conflict(HOLD_REFUSALS.noVehicle);
    const refusal = holdRefusal(vehicle);
    if (refusal) throw conflict(HOLD_REFUSALS[refusal]);
    const heldUntil = heldUntilFrom(now);
    await w.hold(vehicle, { leadId, heldUntil });
    const status = await recordResponse(w.tx, { id: leadId, status: lead.status, firstResponseAt: lead.firstResponseAt }, now);
    await recordAudit(w.tx, actor, {
      action: 'lead.hold_confirm', entityType: 'lead', entityId: leadId,
      summary: `Hold confirmed until ${heldUntil.toISOString()} (vehicle #${vehicle.id})`,
      before: { status: lead.status }, after: { status, heldUntil: heldUntil.toISOString() },
    });
    // Issue 33 §1: a signed-in shopper sees it in their bell too ("Held for you until …"), from the same transaction.
    if (lead.userId !== null) {
      await notify(w.tx, app.config.publicUrl, {
        userId: lead.userId, type: 'success', event: 'hold.confirmed', vehicleId: vehicle.id, link: `/vehicles/${vehicle.id}`,
        title: 'Your hold is confirmed', message: `Held for you until ${holdEndText(heldUntil)}: the ${vehicle.year} ${vehicle.make} ${vehicle.model}.`,
      });
    }
    // Issue 33 §1: the shopper learns the hold is on, and until when, from the same transaction.
    const mail = holdMail({ kind: 'confirmed', to: lead.email, name: lead.name, userId: lead.userId, vehicle, heldUntil, publicUrl: app.config.publicUrl });
    return mail ? queueMail(w.tx, mail) : null;
  }, { now });
  if (mailId !== null) await app.mailer.deliver?.(mailId);
  return (await leadHold(app.db, leadId))!;
}

/**
 * Ends the vehicle's hold inside `w` (released or expired) and audits it on the lead too. Issue 33 §1: the shopper
 * who asked for it is told, by an e-mail queued in the same transaction; returns its outbox id.
 */
async function endHold(w: VehicleWrite, actor: AuditActor, vehicle: VehicleRow, reason: 'released' | 'expired', publicUrl: string): Promise<number | null> {
  const [open] = await w.tx.select({ leadId: vehicleHolds.leadId }).from(vehicleHolds)
    .where(and(eq(vehicleHolds.vehicleId, vehicle.id), isNull(vehicleHolds.endedAt)));
  await w.endHold(vehicle, reason);
  if (!open) return null;
  await recordAudit(w.tx, actor, {
    action: reason === 'expired' ? 'lead.hold_expired' : 'lead.hold_release', entityType: 'lead', entityId: open.leadId,
    summary: `Hold ${reason} (vehicle #${vehicle.id}); the vehicle is available again`,
  });
  const [lead] = await w.tx.select({ email: leads.email, name: leads.name, userId: leads.userId }).from(leads).where(eq(leads.id, open.leadId));
  const mail = lead ? holdMail({ kind: reason, to: lead.email, name: lead.name, userId: lead.userId, vehicle, publicUrl }) : null;
  return mail ? queueMail(w.tx, mail) : null;
}

/** Staff release the hold of a hold request early (the shopper bought, or changed their mind): 409 unless it is on. */
export async function releaseHoldOfLead(app: App, actor: AuditActor, leadId: number, now: Date): Promise<LeadHold> {
  const mailId = await app.vehicleCommands.transaction(actor, async (w) => {
    await lockHoldLead(w.tx, leadId);
    const hold = await holdOf(w.tx, leadId);
    if (!hold) throw conflict(`${HOLD_REFUSALS.notHeld} Confirm the request first.`);
    if (hold.endedAt) throw conflict(HOLD_REFUSALS.ended);
    const [vehicle] = await w.lock([hold.vehicleId]);
    if (!vehicle || !isHeld(vehicle)) throw conflict(HOLD_REFUSALS.notHeld);
    return endHold(w, actor, vehicle, 'released', app.config.publicUrl);
  }, { now });
  if (mailId !== null) await app.mailer.deliver?.(mailId);
  return (await leadHold(app.db, leadId))!;
}

/** Staff release a vehicle's hold from the vehicle (the back office): 404 unknown, 409 when it is not held. */
export async function releaseHoldOfVehicle(app: App, actor: AuditActor, vehicleId: number, now: Date): Promise<{ message: string }> {
  const mailId = await app.vehicleCommands.transaction(actor, async (w) => {
    const [vehicle] = await w.lock([vehicleId]);
    if (!vehicle) throw notFound('Vehicle not found');
    if (!isHeld(vehicle)) throw conflict(HOLD_REFUSALS.notHeld);
    return endHold(w, actor, vehicle, 'released', app.config.publicUrl);
  }, { now });
  if (mailId !== null) await app.mailer.deliver?.(mailId);
  return { message: 'Hold released: the vehicle is available again' };
}

/**
 * The scheduled job: every hold whose time is up at `now` ends, and its vehicle is available again. Each vehicle in
 * its own transaction, re-checked under its lock (a release or sale meanwhile wins). Returns how many expired.
 */
export async function expireHolds(app: App, now: Date): Promise<number> {
  const due = await app.db.select({ id: vehicles.id }).from(vehicles)
    .where(and(isNotNull(vehicles.heldUntil), lte(vehicles.heldUntil, now))).orderBy(asc(vehicles.id));
  let expired = 0;
  for (const { id } of due) {
    const outcome = await app.vehicleCommands.transaction(HOLD_JOB_ACTOR, async (w) => {
      const [vehicle] = await w.lock([id]);
      if (!vehicle || !isHeld(vehicle) || vehicle.heldUntil! > now) return null;
      return { mailId: await endHold(w, HOLD_JOB_ACTOR, vehicle, 'expired', app.config.publicUrl) };
    }, { now });
    if (!outcome) continue;
    expired++;
    if (outcome.mailId !== null) await app.mailer.deliver?.(outcome.mailId);
  }
  return expired;
}

/** Issue 33 §1: the confirmed holds still running that `userId` asked for while signed in (GET /api/my-holds). */
export async function myHolds(db: Db, userId: number, now: Date): Promise<MyHolds> {
  const rows = await db.select({ vehicleId: vehicleHolds.vehicleId, heldUntil: vehicleHolds.heldUntil }).from(vehicleHolds)
    .innerJoin(leads, eq(leads.id, vehicleHolds.leadId))
    .where(and(eq(leads.userId, userId), isNull(vehicleHolds.endedAt), gt(vehicleHolds.heldUntil, now)))
    .orderBy(asc(vehicleHolds.heldUntil));
  return { holds: rows.map((r) => ({ vehicleId: r.vehicleId, heldUntil: r.heldUntil.toISOString() })) };
}

/** The holds service as the app holds it (server/services.ts): the shopper's request, the staff's actions, the expiry job. */
export function holdsService(deps: Deps) {
  return {
    ...bindFirst(deps, { requestHold, confirmHold, releaseHoldOfLead, releaseHoldOfVehicle, expireHolds }),
    ...bindFirst(deps.db, { myHolds }),
  };
}
