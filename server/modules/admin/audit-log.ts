// GET /api/admin/audit-log (issue 4, "Access"): every admin change, newest first, filtered by who, what kind of
// thing, which action and which Edmonton calendar days; the page shows each entry's before/after.
import { and, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage, AuditQuery } from '@domain/admin';
import { addDays, albertaInstant } from '@domain/alberta-time';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id, actorId: row.actorId, actorName: row.actorName, action: row.action, entityType: row.entityType,
    entityId: row.entityId, summary: row.summary, before: row.before ?? null, after: row.after ?? null, ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAuditLog(db: Db, q: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (q.actor) where.push(sql`lower(${auditLog.actorName}) = ${q.actor.toLowerCase()}`);
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.action) where.push(q.action.endsWith('.') ? like(auditLog.action, `${escapeLike(q.action)}%`) : eq(auditLog.action, q.action));
  // Calendar days at the dealership: "from 2026-03-01" means from midnight in Alberta. The day's bounds are instants
  // worked out by the app, not by the database's zone data, which may be stale (issue 29).
  if (q.from) where.push(gte(auditLog.createdAt, albertaInstant(q.from)));
  if (q.to) where.push(lt(auditLog.createdAt, albertaInstant(addDays(q.to, 1))));
  const filter = where.length ? and(...where) : undefined;

  const [rows, [totalRow], actions, entityTypes, actors] = await Promise.all([
    db.select().from(auditLog).where(filter).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(filter),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(200),
    db.selectDistinct({ v: auditLog.entityType }).from(auditLog).orderBy(auditLog.entityType).limit(100),
    db.selectDistinct({ v: auditLog.actorName }).from(auditLog).orderBy(auditLog.actorName).limit(200),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    entries: rows.map(toAuditEntry),
    total,
    page: q.page,
    pageCount: Math.max(1, Math.ceil(total / q.limit)),
    actions: actions.map((r) => r.v),
    entityTypes: entityTypes.map((r) => r.v),
    actors: actors.map((r) => r.v),
  };
}
