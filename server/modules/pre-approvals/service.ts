// Pre-approval applications (issue 6): store encrypted, create the dealer's lead in the same transaction, and the
// admin side (list without personal data; decrypted detail with an audit entry per view; status, assignee, notes).
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { ALBERTA_TIME_LABEL, formatAlbertaTime } from '@domain/alberta-time';
import {
  CREDIT_CHECK_CONSENT_TEXT, idOfReference, NEXT_STEPS, referenceOf,
  type PreApprovalApplication, type PreApprovalDetail, type PreApprovalList, type PreApprovalPii, type PreApprovalStatus, type PreApprovalSubmitted,
} from '@domain/pre-approval';
import type { Db, Tx } from '../../db/client';
import { preApprovalApplications, preApprovalNotes, users, vehicles } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { announceLead, createLead, type StoredLead, leadNotice } from '../leads/service';
import { decryptPii, encryptPii, type PiiKeys } from '../crypto/pii';
import { queueMail } from '../mail/mailer';
import { composeShopperMail } from '../shopper-mail/compose';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';

/** Associated data bound into every envelope: a value copied into another table or column will not decrypt. */
const PII_CONTEXT = 'pre_approval_applications.pii';
export const ADMIN_PAGE_SIZE = 25;

type App = Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>;

export async function submitPreApproval(app: App, input: PreApprovalApplication, now: Date = new Date()): Promise<PreApprovalSubmitted> {
  const pii: PreApprovalPii = {
    employment: input.employment,
    housing: input.housing,
    downPayment: input.downPayment,
    contact: input.contact,
    marketingConsent: input.consent.marketingConsent,
  };
  const { application, lead, receiptId } = await app.db.transaction(async (tx) => {
    if (input.vehicle.vehicleId != null) {
      const [v] = await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, input.vehicle.vehicleId));
      if (!v) throw badRequest('vehicle.vehicleId does not match a vehicle', { 'vehicle.vehicleId': 'vehicleId does not match a vehicle' });
    }
    const [row] = await tx.insert(preApprovalApplications).values({
      vehicleId: input.vehicle.vehicleId,
      vehicleInterest: input.vehicle.vehicleInterest,
      pii: encryptPii(app.config.pii, pii, PII_CONTEXT),
      // The wording is the server's copy of the text the page showed (both read domain/pre-approval.ts).
      consentText: CREDIT_CHECK_CONSENT_TEXT,
      consentedAt: now,
    }).returning({ id: preApprovalApplications.id, status: preApprovalApplications.status, consentedAt: preApprovalApplications.consentedAt });
    const application = row!;
    const reference = referenceOf(application.id);
    const trade = input.downPayment.tradeIn;
    // The lead carries only what the dealer needs to call back; income, address and birth date stay encrypted.
    const lead = await createLead(tx, {
      source: 'pre_approval',
      leadType: 'pre_approval',
      name: `${input.contact.firstName} ${input.contact.lastName}`,
      phone: input.contact.phone,
      email: input.contact.email,
      message: `Pre-approval application ${reference}. Income, address and other details are encrypted: open it at /admin/pre-approvals?id=${application.id}.`,
      vehicleId: input.vehicle.vehicleId,
      vehicleInfo: input.vehicle.vehicleInterest || null,
      tradeIn: trade ? { year: trade.year, make: trade.make, model: trade.model, mileage: trade.mileage } : null,
      additionalData: { reference, marketingConsent: input.consent.marketingConsent },
      ref: { type: 'pre_approval', id: application.id },
    }, leadNotice(app));
    await tx.update(preApprovalApplications).set({ leadId: lead.id }).where(eq(preApprovalApplications.id, application.id));
    // Issue 33 §1: the applicant's receipt, recorded with the application: its reference and what happens next, and
    // never a financial detail (the e-mail travels in clear; those stay encrypted here).
    const receipt = composeShopperMail({
      to: input.contact.email,
      subject: `We received your pre-approval application ${reference}`,
      greetingName: input.contact.firstName,
      intro: `Thank you: we received your pre-approval application. Your reference is ${reference}; please quote it when you call us.`,
      details: [['Reference', reference], ['Received', `${formatAlbertaTime(now, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} ${ALBERTA_TIME_LABEL}`]],
      paragraphs: ['What happens next:', ...NEXT_STEPS.map((step, i) => `${i + 1}. ${step}`), 'For your privacy this e-mail repeats none of the financial details you gave us.'],
      category: 'shopper_pre_approval',
    });
    const receiptId = await queueMail(tx, receipt);
    return { application, lead, receiptId };
  });
  await announceLead(app, lead satisfies StoredLead);
  await app.mailer.deliver?.(receiptId);
  return {
    id: application.id,
    reference: referenceOf(application.id),
    status: application.status,
    nextSteps: [...NEXT_STEPS],
    consentedAt: application.consentedAt.toISOString(),
  };
}

/** Deletes applications (and their notes) created before the retention cutoff; returns how many went. */
export async function purgeExpiredPreApprovals(db: Db, retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  const gone = await db.delete(preApprovalApplications).where(lt(preApprovalApplications.createdAt, cutoff)).returning({ id: preApprovalApplications.id });
  return gone.length;
}

// ---- Admin ----

const assigneeName = sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username})`;

async function adminAssignees(db: Db | Tx) {
  const rows = await db.select({ id: users.id, name: assigneeName }).from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, 1))).orderBy(users.username);
  return rows.map((r) => ({ id: r.id, name: r.name ?? '' }));
}

const listColumns = {
  id: preApprovalApplications.id,
  status: preApprovalApplications.status,
  assigneeId: preApprovalApplications.assigneeId,
  assigneeName,
  vehicleId: preApprovalApplications.vehicleId,
  vehicleInterest: preApprovalApplications.vehicleInterest,
  createdAt: preApprovalApplications.createdAt,
  updatedAt: preApprovalApplications.updatedAt,
  noteCount: sql<number>`(select count(*)::int from ${preApprovalNotes} where ${preApprovalNotes.applicationId} = ${preApprovalApplications.id})`,
};
interface ListRow {
  id: number; status: PreApprovalStatus; assigneeId: number | null; assigneeName: string | null; vehicleId: number | null;
  vehicleInterest: string; createdAt: Date; updatedAt: Date; noteCount: number;
}

function toListItem(r: ListRow) {
  return {
    id: r.id,
    reference: referenceOf(r.id),
    status: r.status,
    assignee: r.assigneeId ? { id: r.assigneeId, name: r.assigneeName ?? '' } : null,
    vehicleId: r.vehicleId,
    vehicleInterest: r.vehicleInterest,
    noteCount: Number(r.noteCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface AdminListQuery { status?: PreApprovalStatus | undefined; assignee?: number | 'none' | undefined; q?: string | undefined; page: number }

/** The list shows no personal data: names are encrypted, so staff open an application to see who applied (audited). */
export async function listPreApprovals(db: Db, query: AdminListQuery): Promise<PreApprovalList> {
  const filters = [];
  if (query.assignee === 'none') filters.push(isNull(preApprovalApplications.assigneeId));
  else if (query.assignee) filters.push(eq(preApprovalApplications.assigneeId, query.assignee));
  if (query.q) {
    const id = idOfReference(query.q);
    if (id === null) throw badRequest('q must be an application reference such as PA-000123', { q: 'q must be a reference such as PA-000123' });
    filters.push(eq(preApprovalApplications.id, id));
  }
  const withStatus = query.status ? [...filters, eq(preApprovalApplications.status, query.status)] : filters;
  const where = withStatus.length ? and(...withStatus) : undefined;
  const [rows, [total], perStatus, assignees] = await Promise.all([
    db.select(listColumns).from(preApprovalApplications).leftJoin(users, eq(users.id, preApprovalApplications.assigneeId))
      .where(where).orderBy(desc(preApprovalApplications.createdAt), desc(preApprovalApplications.id))
      .limit(ADMIN_PAGE_SIZE).offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(preApprovalApplications).where(where),
    db.select({ status: preApprovalApplications.status, n: count() }).from(preApprovalApplications)
      .where(filters.length ? and(...filters) : undefined).groupBy(preApprovalApplications.status),
    adminAssignees(db),
  ]);
  return {
    items: rows.map(toListItem),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    counts: Object.fromEntries(perStatus.map((r) => [r.status, r.n])),
    assignees,
  };
}

async function loadRow(db: Db | Tx, id: number) {
  const [row] = await db.select({ ...listColumns, leadId: preApprovalApplications.leadId, pii: preApprovalApplications.pii, consentText: preApprovalApplications.consentText, consentedAt: preApprovalApplications.consentedAt })
    .from(preApprovalApplications).leftJoin(users, eq(users.id, preApprovalApplications.assigneeId))
    .where(eq(preApprovalApplications.id, id));
  if (!row) throw notFound('Pre-approval application not found');
  return row;
}

/** The decrypted application. Every call writes `pre_approval.view` to the audit log: who read whose data, when. */
export async function viewPreApproval(db: Db, keys: PiiKeys, actor: AuditActor, id: number): Promise<PreApprovalDetail> {
  return db.transaction(async (tx) => {
    const row = await loadRow(tx, id);
    const applicant = decryptPii<PreApprovalPii>(keys, row.pii, PII_CONTEXT);
    const notes = await tx.select().from(preApprovalNotes).where(eq(preApprovalNotes.applicationId, id)).orderBy(preApprovalNotes.createdAt, preApprovalNotes.id);
    await recordAudit(tx, actor, {
      action: 'pre_approval.view', entityType: 'pre_approval', entityId: id,
      summary: `Viewed the personal details of pre-approval ${referenceOf(id)}`,
    });
    return {
      ...toListItem(row),
      leadId: row.leadId,
      consentText: row.consentText,
      consentedAt: row.consentedAt.toISOString(),
      applicant,
      notes: notes.map((n) => ({ id: n.id, authorName: n.authorName, body: n.body, createdAt: n.createdAt.toISOString() })),
    };
  });
}

export async function updatePreApproval(db: Db, actor: AuditActor, id: number, change: { status?: PreApprovalStatus | undefined; assigneeId?: number | null | undefined }) {
  return db.transaction(async (tx) => {
    const before = await loadRow(tx, id);
    if (change.assigneeId != null) {
      const [u] = await tx.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, change.assigneeId));
      if (!u || u.role !== 'admin' || !u.isActive) throw badRequest('assigneeId must be an active staff account', { assigneeId: 'assigneeId must be an active staff account' });
    }
    await tx.update(preApprovalApplications).set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
      updatedAt: new Date(),
    }).where(eq(preApprovalApplications.id, id));
    await recordAudit(tx, actor, {
      action: 'pre_approval.update', entityType: 'pre_approval', entityId: id,
      summary: `Updated pre-approval ${referenceOf(id)}`,
      before: { status: before.status, assigneeId: before.assigneeId },
      after: { status: change.status ?? before.status, assigneeId: change.assigneeId !== undefined ? change.assigneeId : before.assigneeId },
    });
    return toListItem(await loadRow(tx, id));
  });
}

export async function addPreApprovalNote(db: Db, actor: AuditActor, id: number, body: string) {
  return db.transaction(async (tx) => {
    await loadRow(tx, id);
    const [note] = await tx.insert(preApprovalNotes).values({ applicationId: id, authorId: actor.id, authorName: actor.name, body }).returning();
    await tx.update(preApprovalApplications).set({ updatedAt: new Date() }).where(eq(preApprovalApplications.id, id));
    // The note's text is not copied into the audit log: it may hold personal details the purge must remove.
    await recordAudit(tx, actor, { action: 'pre_approval.note', entityType: 'pre_approval', entityId: id, summary: `Added a note to pre-approval ${referenceOf(id)}` });
    return { id: note!.id, authorName: note!.authorName, body: note!.body, createdAt: note!.createdAt.toISOString() };
  });
}

/** The pre-approvals service as the app holds it (server/services.ts): the application, the back office's queue, the purge. */
export function preApprovalsService(deps: Deps) {
  return {
    ...bindFirst(deps, { submitPreApproval }),
    ...bindFirst(deps.db, { listPreApprovals, updatePreApproval, addPreApprovalNote }),
    viewPreApproval: (actor: AuditActor, id: number) => viewPreApproval(deps.db, deps.config.pii, actor, id),
    /** The retention the config sets (PRE_APPROVAL_RETENTION_DAYS). */
    purgeExpiredPreApprovals: (now?: Date) => purgeExpiredPreApprovals(deps.db, deps.config.preApprovalRetentionDays, now),
  };
}
