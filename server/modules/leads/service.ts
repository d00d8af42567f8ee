// Leads (issue 6): the one writer of the `leads` table. Every module that takes an enquiry (chat, booking,
// contact, pre-approval, sell/trade, private-listing message) stores it with createLead, inside its own
// transaction, with the dealer's e-mail about it recorded in the same transaction (issue 30: the outbox; the
// e-mail exists exactly when the lead does), and then calls announceLead once that transaction has committed:
//
//   const lead = await app.db.transaction(async (tx) => { …; return createLead(tx, {...}, leadNotice(app)); });
//   await announceLead(app, lead);            // never throws: sends the recorded e-mail now when SMTP is set
//
// or, with nothing else to write, `await submitLead(app, {...})`, which does both.
//
// Issue 32: createLead also records the lead's deliveries to the dealer's CRM (ADF e-mail, signed webhook) in the
// same transaction, so every kind of lead reaches the CRM and none is lost (modules/lead-delivery).
import { vehicleTitle } from '@domain/vehicle';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { isSynthesizedEmail, LEAD_SOURCE_LABELS, type LeadSource, type TradeIn } from '@domain/leads';
import type { Db, Tx } from '../../db/client';
import { leadNotes, leads, vehicles } from '../../db/schema';
import { appointmentChangeText, type AppointmentChange } from '@domain/lead-delivery';
import { badRequest } from '../../errors';
import { queueLeadDeliveries } from '../lead-delivery/outbox';
import { queueMail } from '../mail/mailer';
import type { LeadListQuery, LeadStatus } from '@domain/leads';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { addNote, exportAdf, exportCsv, getLead, listLeads, updateLead } from './admin';
import { vehicleColumns } from '../vehicles/columns';

/** Where a lead's e-mail to the dealer goes, and the site address its links start with. */
export interface LeadNoticeTarget { to: string; publicUrl: string }
export const leadNotice = (app: Pick<Deps, 'config'>): LeadNoticeTarget => ({ to: app.config.mail.dealerAddress, publicUrl: app.config.publicUrl });

export interface NewLead {
  source: LeadSource;
  leadType: string;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  message?: string | null;
  vehicleId?: number | null;
  /** A label for the vehicle; derived from the vehicle row when omitted. */
  vehicleInfo?: string | null;
  tradeIn?: TradeIn | null;
  additionalData?: Record<string, unknown>;
  userId?: number | null;
  appointmentId?: number | null;
  /** The record the creating module keeps, e.g. {type: 'pre_approval', id: 42}. */
  ref?: { type: string; id: string | number } | null;
  /** Chat leads: hand the widget a token that links later chat messages to this lead. */
  issueChatToken?: boolean;
  /** Appraisal leads: the hash of the token that lets the shopper add photos afterwards (appraisal/service.ts). */
  photoTokenHash?: string | null;
}

export interface StoredLead {
  id: number;
  source: string;
  leadType: string;
  name: string;
  phone: string | null;
  email: string | null;
  message: string;
  vehicleId: number | null;
  vehicleInfo: string | null;
  tradeIn: TradeIn | null;
  createdAt: Date;
  /** Only when issueChatToken was set; the database keeps its hash. */
  chatToken?: string;
  /** The outbox row of the dealer's e-mail about it, recorded with the lead (when createLead was given a target). */
  noticeId?: number;
}

export const hashChatToken = (token: string) => createHash('sha256').update(token).digest('hex');

function vehicleLabel(v: { year: number; make: string; model: string; trim: string | null; stockNumber: string }) {
  return `${vehicleTitle(v)} (Stock # ${v.stockNumber})`.slice(0, 200);
}

/**
 * Stores one lead. A named vehicle must exist (400 otherwise: the lead names it, it need not be for sale, since
 * a shopper may ask about one that just sold). A synthesized chat e-mail (spec §3) is kept in additionalData
 * only: it is not an address anyone can write to.
 */
export async function createLead(db: Db | Tx, input: NewLead, notice?: LeadNoticeTarget): Promise<StoredLead> {
  // The lead and its CRM deliveries commit together (issue 32): a caller without a transaction gets one.
  if (!(db instanceof PgTransaction)) return db.transaction((tx) => createLead(tx, input, notice));
  let vehicleInfo = input.vehicleInfo?.trim() || null;
  if (input.vehicleId != null) {
    const [v] = await db.select(vehicleColumns('year', 'make', 'model', 'trim', 'stockNumber')).from(vehicles).where(eq(vehicles.id, input.vehicleId));
    if (!v) throw badRequest('vehicleId does not match a vehicle', { vehicleId: 'vehicleId does not match a vehicle' });
    vehicleInfo ??= vehicleLabel(v);
  }
  const synthesized = isSynthesizedEmail(input.email);
  const additionalData = { ...(input.additionalData ?? {}), ...(synthesized ? { synthesizedEmail: input.email } : {}) };
  const chatToken = input.issueChatToken ? randomBytes(24).toString('base64url') : undefined;
  const [row] = await db.insert(leads).values({
    source: input.source,
    leadType: input.leadType,
    name: (input.name ?? '').trim().slice(0, 100),
    phone: input.phone?.trim() || null,
    email: synthesized ? null : input.email?.trim() || null,
    message: input.message?.trim() ?? '',
    vehicleId: input.vehicleId ?? null,
    vehicleInfo,
    tradeIn: input.tradeIn ?? null,
    additionalData,
    userId: input.userId ?? null,
    appointmentId: input.appointmentId ?? null,
    refType: input.ref?.type ?? null,
    refId: input.ref ? String(input.ref.id) : null,
    chatTokenHash: chatToken ? hashChatToken(chatToken) : null,
    photoTokenHash: input.photoTokenHash ?? null,
    // A booking is already at the appointment stage of the pipeline.
    status: input.appointmentId ? 'appointment' : 'new',
  }).returning();
  const r = row!;
  await queueLeadDeliveries(db, r.id);
  const lead: StoredLead = {
    id: r.id, source: r.source, leadType: r.leadType, name: r.name, phone: r.phone, email: r.email, message: r.message,
    vehicleId: r.vehicleId, vehicleInfo: r.vehicleInfo, tradeIn: r.tradeIn ?? null, createdAt: r.createdAt,
    ...(chatToken ? { chatToken } : {}),
  };
  if (notice) {
    const { subject, text } = leadEmail(lead, notice.publicUrl);
    lead.noticeId = await queueMail(db, { to: notice.to, subject, text, category: LEAD_NOTIFICATION_CATEGORY });
  }
  return lead;
}

export const LEAD_NOTIFICATION_CATEGORY = 'lead_notification';

/** The name a change the site recorded on a lead's timeline goes under (no member of staff wrote it). */
export const SITE_AUTHOR = 'Website';

/**
 * A booking's move or cancellation (issue 54 §4), in the caller's transaction with the change itself: a line on its
 * lead's timeline (a note by the site, which is no response from staff), the dealer's e-mail, and the change's
 * deliveries to the CRM. Returns the e-mail's outbox id to deliver after the commit, or null when the booking has no
 * lead (one stored before bookings made leads).
 */
export async function recordAppointmentChange(tx: Tx, change: AppointmentChange, notice?: LeadNoticeTarget): Promise<{ leadId: number; noticeId: number | null } | null> {
  const [lead] = await tx.select().from(leads).where(eq(leads.appointmentId, change.appointmentId)).for('update');
  if (!lead) return null;
  const text = appointmentChangeText(change);
  await tx.insert(leadNotes).values({ leadId: lead.id, authorId: null, authorName: SITE_AUTHOR, body: text });
  await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, lead.id));
  await queueLeadDeliveries(tx, lead.id, { event: change.to ? 'appointment.rescheduled' : 'appointment.cancelled', change });
  let noticeId: number | null = null;
  if (notice) {
    const who = lead.name || lead.phone || lead.email || 'a shopper';
    const vehicle = lead.vehicleInfo && lead.vehicleInfo !== 'General Consultation' ? lead.vehicleInfo : null;
    noticeId = await queueMail(tx, {
      to: notice.to,
      subject: `${change.to ? 'Appointment moved' : 'Appointment cancelled'}: ${who}${vehicle ? ` — ${vehicle}` : ''}`.slice(0, 300),
      text: [
        text,
        '',
        `Name:    ${lead.name || '(not given)'}`,
        `Phone:   ${lead.phone ?? '(not given)'}`,
        `E-mail:  ${lead.email ?? '(not given)'}`,
        ...(vehicle ? [`Vehicle: ${vehicle}`] : []),
        '',
        `Open the lead: ${notice.publicUrl}/admin/leads?lead=${lead.id}`,
      ].join('\n'),
      category: LEAD_NOTIFICATION_CATEGORY,
    });
  }
  return { leadId: lead.id, noticeId };
}

const sourceLabel = (source: string) => LEAD_SOURCE_LABELS[source as LeadSource] ?? source;

/** The dealership's notification e-mail of a new lead (plain text: it lands in any inbox and in the outbox page). */
export function leadEmail(lead: StoredLead, publicUrl: string): { subject: string; text: string } {
  const who = lead.name || lead.phone || lead.email || 'a shopper';
  const trade = lead.tradeIn && [lead.tradeIn.year, lead.tradeIn.make, lead.tradeIn.model, lead.tradeIn.trim].filter(Boolean).join(' ');
  const lines = [
    `A new ${sourceLabel(lead.source).toLowerCase()} lead arrived on the website.`,
    '',
    `Name:    ${lead.name || '(not given)'}`,
    `Phone:   ${lead.phone ?? '(not given)'}`,
    `E-mail:  ${lead.email ?? '(not given)'}`,
    `Source:  ${sourceLabel(lead.source)} (${lead.leadType})`,
    ...(lead.vehicleInfo ? [`Vehicle: ${lead.vehicleInfo}${lead.vehicleId ? ` — ${publicUrl}/vehicles/${lead.vehicleId}` : ''}`] : []),
    ...(trade ? [`Trade-in: ${trade}${lead.tradeIn?.mileage != null ? `, ${lead.tradeIn.mileage.toLocaleString('en-CA')} km` : ''}`] : []),
    ...(lead.message ? ['', 'Message:', lead.message] : []),
    '',
    `Open it in the inbox: ${publicUrl}/admin/leads?lead=${lead.id}`,
    'Answer fast: the time to first response is measured from now.',
  ];
  return { subject: `New lead: ${sourceLabel(lead.source)} — ${who}`.slice(0, 300), text: lines.join('\n') };
}

/**
 * Sends the dealership's e-mail about a stored lead once the lead's transaction has committed: the one recorded
 * with it (createLead's notice) when SMTP is configured; without SMTP the outbox is the delivery. A lead stored
 * without a notice (tests, scripts) gets its e-mail recorded and sent here, as before issue 30. It never throws:
 * a mail failure is logged, the message stays in the outbox, and the lead stays in the inbox regardless.
 */
export async function announceLead(app: Pick<Deps, 'mailer' | 'config' | 'log'>, lead: StoredLead): Promise<void> {
  try {
    if (lead.noticeId !== undefined) {
      await app.mailer.deliver?.(lead.noticeId);
      return;
    }
    const { subject, text } = leadEmail(lead, app.config.publicUrl);
    await app.mailer.send({ to: app.config.mail.dealerAddress, subject, text, category: LEAD_NOTIFICATION_CATEGORY });
  } catch (err) {
    app.log.error({ err, leadId: lead.id }, 'leads: dealer notification failed; the lead is stored and shows in /admin/leads');
  }
}

/**
 * The seller's photos reach a sell/trade lead after its announcement (the estimate shows first, the upload
 * follows), so the dealership hears of them in a short second e-mail. Like announceLead it never throws.
 */
export async function announceLeadPhotos(app: Pick<Deps, 'mailer' | 'config' | 'log'>, lead: { id: number; name: string; source: string }, added: number, total: number): Promise<void> {
  try {
    const who = lead.name || 'the seller';
    const photos = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;
    await app.mailer.send({
      to: app.config.mail.dealerAddress,
      subject: `Photos added: ${sourceLabel(lead.source)} — ${who}`.slice(0, 300),
      text: [
        `${who} added ${photos(added)} to their ${sourceLabel(lead.source).toLowerCase()} lead${total > added ? ` (${photos(total)} in all)` : ''}.`,
        '',
        `See them on the lead: ${app.config.publicUrl}/admin/leads?lead=${lead.id}`,
      ].join('\n'),
      category: LEAD_NOTIFICATION_CATEGORY,
    });
  } catch (err) {
    app.log.error({ err, leadId: lead.id }, 'leads: photo notification failed; the photos are stored on the lead');
  }
}

/** Stores a lead on its own and announces it: for callers with nothing else to write in the same transaction. */
export async function submitLead(app: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>, input: NewLead): Promise<StoredLead> {
  const lead = await app.db.transaction((tx) => createLead(tx, input, leadNotice(app)));
  await announceLead(app, lead);
  return lead;
}

/** The lead a chat token belongs to, or null (an unknown or stale token simply leaves the chat unlinked). */
export async function leadIdForChatToken(db: Db | Tx, token: string | null | undefined): Promise<number | null> {
  if (!token) return null;
  const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.chatTokenHash, hashChatToken(token)));
  return row?.id ?? null;
}

/**
 * A response to the shopper made by another module (a confirmed hold, holds/service.ts; issue 31 §3: only the leads
 * module writes leads): a new lead becomes contacted, and the first response keeps its time.
 */
export async function recordResponse(tx: Tx, lead: { id: number; status: LeadStatus; firstResponseAt: Date | null }, at: Date): Promise<LeadStatus> {
  const status: LeadStatus = lead.status === 'new' ? 'contacted' : lead.status;
  await tx.update(leads).set({ status, firstResponseAt: lead.firstResponseAt ?? at, updatedAt: at }).where(eq(leads.id, lead.id));
  return status;
}

/** The leads service as the app holds it (server/services.ts): the shopper's form and the back office's inbox. */
export function leadsService(deps: Deps) {
  return {
    ...bindFirst(deps, { submitLead }),
    ...bindFirst(deps.db, { listLeads, exportCsv, updateLead, addNote }),
    getLead: (id: number) => getLead(deps.db, deps.storage, id),
    exportAdf: (q: Partial<LeadListQuery>) => exportAdf(deps.db, q, deps.config.publicUrl),
  };
}
