// The one writer of the admin audit log (admin issue, "Access"): call it inside the same transaction as the
// change it records, so a change and its log entry land together or not at all.
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** Dotted verb: `vehicle.create`, `vehicle.update`, `vehicle.price_change`, `vehicle.sold`, `import.commit`… */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditActor { id: number | null; name: string; ip?: string | null }

/** The acting user of a request (admin routes always have one; 'system' covers jobs). */
export function actorOf(request: { user?: { id: number; username: string } | null; ip: string }): AuditActor {
  const u = request.user;
  return { id: u?.id ?? null, name: u?.username ?? 'system', ip: request.ip };
}

export async function recordAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: entry.summary ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip ?? null,
  });
}
