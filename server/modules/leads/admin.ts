// The leads inbox (issue 6, /admin/leads): every lead in one list with source, vehicle, status pipeline,
// assignee, notes and time to first response; updates and notes go to the audit log; CSV and ADF exports.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adfLeadOf, buildAdf, dealerAdfVendor, type AdfLead, type AdfVendor } from '@domain/adf';
import { csvCell } from '@domain/csv';
import {
  LEAD_SOURCE_LABELS, LEAD_STATUSES, normalizeEmail, normalizePhone, RELATED_LEADS_MAX, responseMinutes, type Lead, type LeadDetail, type LeadList, type LeadListQuery, type LeadNote,
  type LeadSource, type LeadUpdate, type RelatedLead,
} from '@domain/leads';
import type { Db } from '../../db/client';
import { chatMessages, leadNotes, leadPhotos, leads, users, vehicles } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { toPhoto } from '../media/service';
import type { Storage } from '../media/storage';
import { recordAudit, type AuditActor } from '../audit/record';
import { leadHold } from './hold-state';
import { leadCrmDeliveries } from '../lead-delivery/service';
import { LEAD_VEHICLE_COLUMNS, vehicleColumns } from '../vehicles/columns';

const assignee = alias(users, 'assignee');

const listColumns = {
  lead: leads,
  assigneeFirst: assignee.firstName,
  assigneeLast: assignee.lastName,
  assigneeUsername: assignee.username,
  noteCount: sql<number>`(select count(*) from ${leadNotes} where ${leadNotes.leadId} = ${leads.id})`.mapWith(Number),
  messageCount: sql<number>`(select count(*) from ${chatMessages} where ${chatMessages.leadId} = ${leads.id})`.mapWith(Number),
};

type ListRow = { lead: typeof leads.$inferSelect; assigneeFirst: string | null; assigneeLast: string | null; assigneeUsername: string | null; noteCount: number; messageCount: number };

const personName = (first: string | null, last: string | null, username: string | null) =>
  [first, last].filter(Boolean).join(' ') || username || null;

function toLead(r: ListRow): Lead {
  const l = r.lead;
  return {
    id: l.id, source: l.source, leadType: l.leadType, name: l.name, phone: l.phone, email: l.email, message: l.message,
    vehicleId: l.vehicleId, vehicleInfo: l.vehicleInfo, tradeIn: l.tradeIn ?? null, status: l.status,
    assigneeId: l.assigneeId, assigneeName: l.assigneeId ? personName(r.assigneeFirst, r.assigneeLast, r.assigneeUsername) : null,
    refType: l.refType, refId: l.refId,
    createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString(), firstResponseAt: l.firstResponseAt?.toISOString() ?? null,
    responseMinutes: responseMinutes(l.createdAt, l.firstResponseAt), noteCount: r.noteCount, messageCount: r.messageCount,
  };
}

/** Filters shared by the list and the exports; `withStatus: false` gives the pipeline counts across statuses. */
function whereFor(q: Partial<LeadListQuery>, withStatus = true): SQL | undefined {
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const dayAfter = (d: string) => { const x = new Date(`${d}T00:00:00Z`); x.setUTCDate(x.getUTCDate() + 1); return x; };
  return and(
    withStatus && q.status ? eq(leads.status, q.status) : undefined,
    q.source ? eq(leads.source, q.source) : undefined,
    q.assigneeId === 'none' ? isNull(leads.assigneeId) : q.assigneeId ? eq(leads.assigneeId, q.assigneeId) : undefined,
    term ? or(ilike(leads.name, term), ilike(leads.email, term), ilike(leads.phone, term), ilike(leads.vehicleInfo, term), ilike(leads.message, term)) : undefined,
    q.from ? gte(leads.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(leads.createdAt, dayAfter(q.to)) : undefined,
    q.ids?.length ? inArray(leads.id, q.ids) : undefined,
  );
}

export async function listLeads(db: Db, q: LeadListQuery): Promise<LeadList> {
  const where = whereFor(q);
  const [rows, [{ total } = { total: 0 }], statusRows, [median], admins] = await Promise.all([
    db.select(listColumns).from(leads).leftJoin(assignee, eq(assignee.id, leads.assigneeId)).where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(leads).where(where),
    db.select({ status: leads.status, n: count() }).from(leads).where(whereFor(q, false)).groupBy(leads.status),
    db.select({
      minutes: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (${leads.firstResponseAt} - ${leads.createdAt})) / 60)`,
    }).from(leads).where(and(where, sql`${leads.firstResponseAt} is not null`)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users).where(and(eq(users.role, 'admin'), eq(users.isActive, 1))).orderBy(asc(users.username)),
  ]);
  const statusCounts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0]));
  for (const r of statusRows) statusCounts[r.status] = r.n;
  return {
    leads: rows.map(toLead),
    total,
    page: q.page,
    totalPages: Math.max(1, Math.ceil(total / q.limit)),
    statusCounts,
    medianResponseMinutes: median?.minutes == null ? null : Math.round(Number(median.minutes)),
    assignees: admins.map((a) => ({ id: a.id, name: personName(a.firstName, a.lastName, a.username)! })),
  };
}

async function leadRow(db: Db, id: number): Promise<ListRow> {
  const [row] = await db.select(listColumns).from(leads).leftJoin(assignee, eq(assignee.id, leads.assigneeId)).where(eq(leads.id, id));
  if (!row) throw notFound('Lead not found');
  return row;
}

/** The phone and e-mail columns as normalizePhone and normalizeEmail (domain/leads.ts) read them, in SQL. */
const phoneKey = sql<string>`regexp_replace(regexp_replace(coalesce(${leads.phone}, ''), '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\\1')`;
const emailKey = sql<string>`lower(trim(coalesce(${leads.email}, '')))`;

/** The same person's other leads: the same e-mail or the same phone number, however either was written. */
async function relatedLeads(db: Db, lead: { id: number; phone: string | null; email: string | null }): Promise<RelatedLead[]> {
  const phone = normalizePhone(lead.phone);
  const email = normalizeEmail(lead.email);
  if (!phone && !email) return [];
  const rows = await db.select({
    id: leads.id, name: leads.name, source: leads.source, leadType: leads.leadType, status: leads.status,
    vehicleInfo: leads.vehicleInfo, createdAt: leads.createdAt, phoneKey, emailKey,
  }).from(leads)
    .where(and(ne(leads.id, lead.id), or(phone ? eq(phoneKey, phone) : undefined, email ? eq(emailKey, email) : undefined)))
    .orderBy(desc(leads.createdAt), desc(leads.id)).limit(RELATED_LEADS_MAX);
  return rows.map((r) => ({
    id: r.id, name: r.name, source: r.source, leadType: r.leadType, status: r.status, vehicleInfo: r.vehicleInfo,
    createdAt: r.createdAt.toISOString(), sameEmail: !!email && r.emailKey === email, samePhone: !!phone && r.phoneKey === phone,
  }));
}

export async function getLead(db: Db, storage: Storage, id: number): Promise<LeadDetail> {
  const row = await leadRow(db, id);
  const [notes, messages, photos, related] = await Promise.all([
    db.select().from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)),
    db.select().from(chatMessages).where(eq(chatMessages.leadId, id)).orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
    db.select().from(leadPhotos).where(eq(leadPhotos.leadId, id)).orderBy(asc(leadPhotos.id)),
    relatedLeads(db, row.lead),
  ]);
  const [hold, crmDeliveries] = await Promise.all([leadHold(db, id), leadCrmDeliveries(db, id)]);
  return {
    ...toLead(row),
    additionalData: row.lead.additionalData,
    notes: notes.map(toNote),
    messages: messages.map((m) => ({ id: m.id, role: m.role, content: m.content, createdAt: m.createdAt.toISOString() })),
    photos: photos.map((p, i) => toPhoto(storage, { ...p, alt: `Seller's photo ${i + 1} of ${photos.length}` })),
    relatedLeads: related,
    hold,
    crmDeliveries,
  };
}

const toNote = (n: typeof leadNotes.$inferSelect): LeadNote => ({ id: n.id, authorName: n.authorName, body: n.body, createdAt: n.createdAt.toISOString() });

/** Status and assignee. Moving a lead out of `new` is the first response, if nothing else was. Audited. */
export async function updateLead(db: Db, actor: AuditActor, id: number, patch: LeadUpdate): Promise<Lead> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!before) throw notFound('Lead not found');
    if (patch.assigneeId != null) {
      const [a] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, patch.assigneeId), eq(users.role, 'admin'), eq(users.isActive, 1)));
      if (!a) throw badRequest('assigneeId must be an active staff account', { assigneeId: 'assigneeId must be an active staff account' });
    }
    const now = new Date();
    const next = {
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.assigneeId !== undefined ? { assigneeId: patch.assigneeId } : {}),
      ...(!before.firstResponseAt && patch.status !== undefined && patch.status !== 'new' ? { firstResponseAt: now } : {}),
      updatedAt: now,
    };
    await tx.update(leads).set(next).where(eq(leads.id, id));
    await recordAudit(tx, actor, {
      action: 'lead.update', entityType: 'lead', entityId: id,
      summary: [patch.status !== undefined ? `status ${before.status} → ${patch.status}` : '', patch.assigneeId !== undefined ? `assignee ${before.assigneeId ?? 'none'} → ${patch.assigneeId ?? 'none'}` : ''].filter(Boolean).join('; '),
      before: { status: before.status, assigneeId: before.assigneeId },
      after: { status: patch.status ?? before.status, assigneeId: patch.assigneeId === undefined ? before.assigneeId : patch.assigneeId },
    });
  });
  return toLead(await leadRow(db, id));
}

/** A staff note; the first one also counts as the first response. Audited. */
export async function addNote(db: Db, actor: AuditActor, id: number, body: string): Promise<LeadNote> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id, firstResponseAt: leads.firstResponseAt }).from(leads).where(eq(leads.id, id)).for('update');
    if (!lead) throw notFound('Lead not found');
    const [note] = await tx.insert(leadNotes).values({ leadId: id, authorId: actor.id, authorName: actor.name, body }).returning();
    await tx.update(leads).set({ updatedAt: new Date(), ...(lead.firstResponseAt ? {} : { firstResponseAt: note!.createdAt }) }).where(eq(leads.id, id));
    await recordAudit(tx, actor, { action: 'lead.note', entityType: 'lead', entityId: id, summary: body.slice(0, 200) });
    return toNote(note!);
  });
}

// ---- Exports ----

/** The most an export carries in one file: a year of a busy dealer's leads. */
export const EXPORT_MAX = 5_000;

async function exportRows(db: Db, q: Partial<LeadListQuery>) {
  return db.select({
    lead: leads,
    assigneeFirst: assignee.firstName, assigneeLast: assignee.lastName, assigneeUsername: assignee.username,
    vehicle: vehicleColumns(...LEAD_VEHICLE_COLUMNS),
  }).from(leads)
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
    .where(whereFor(q)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(EXPORT_MAX);
}

const sourceLabel = (s: string) => LEAD_SOURCE_LABELS[s as LeadSource] ?? s;

export async function exportCsv(db: Db, q: Partial<LeadListQuery>): Promise<string> {
  const rows = await exportRows(db, q);
  const header = ['id', 'created_at', 'source', 'lead_type', 'status', 'name', 'phone', 'email', 'vehicle', 'stock_number', 'trade_in', 'message', 'assignee', 'first_response_at', 'minutes_to_first_response'];
  const lines = rows.map((r) => {
    const l = r.lead;
    const trade = l.tradeIn ? [l.tradeIn.year, l.tradeIn.make, l.tradeIn.model, l.tradeIn.trim].filter(Boolean).join(' ') : '';
    return [
      l.id, l.createdAt.toISOString(), sourceLabel(l.source), l.leadType, l.status, l.name, l.phone, l.email, l.vehicleInfo,
      r.vehicle?.stockNumber, trade, l.message, l.assigneeId ? personName(r.assigneeFirst, r.assigneeLast, r.assigneeUsername) : '',
      l.firstResponseAt?.toISOString(), responseMinutes(l.createdAt, l.firstResponseAt),
    ].map(csvCell).join(',');
  });
  // A byte-order mark so spreadsheet programs read the names' accents as UTF-8.
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

export const adfVendor = (publicUrl: string): AdfVendor => dealerAdfVendor(publicUrl);

export async function exportAdf(db: Db, q: Partial<LeadListQuery>, publicUrl: string): Promise<{ xml: string; count: number }> {
  const rows = await exportRows(db, q);
  const adfLeads: AdfLead[] = rows.map((r) => adfLeadOf({ ...r.lead, sourceLabel: sourceLabel(r.lead.source) }, r.vehicle));
  return { xml: buildAdf(adfLeads, adfVendor(publicUrl)), count: adfLeads.length };
}
