// Reading and managing one's notifications (spec §2 bell, §4, §7). Every query is scoped to the owner: another
// user's notification answers 404, exactly like one that does not exist, so ids reveal nothing.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, type AppNotification } from '@domain/notifications';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { notifications } from '../../db/schema';
import { notFound } from '../../errors';
import { startNotificationDispatch } from './dispatch';
import { notify, type NewNotification } from './notify';
import { getPreferences, unsubscribe, updatePreferences } from './preferences';

const NOT_FOUND = 'Notification not found';

export async function listNotifications(db: Db, userId: number): Promise<AppNotification[]> {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(NOTIFICATION_LIST_LIMIT);
  return rows.map((n) => ({
    id: n.id,
    type: n.type,
    event: n.event,
    title: n.title,
    message: n.message,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
    vehicleId: n.vehicleId,
    link: n.link,
    data: n.data ?? null,
  }));
}

const mine = (userId: number, id: number) => and(eq(notifications.id, id), eq(notifications.userId, userId));

export async function markNotificationRead(db: Db, userId: number, id: number): Promise<void> {
  // The first read time is kept; marking again changes nothing.
  const [row] = await db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(mine(userId, id)).returning({ id: notifications.id });
  if (!row) throw notFound(NOT_FOUND);
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))).returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db.delete(notifications).where(mine(userId, id)).returning({ id: notifications.id });
  if (!rows.length) throw notFound(NOT_FOUND);
}

/**
 * The notifications service as the app holds it (server/services.ts): a user's bell, their e-mail preferences and
 * unsubscribe links, the e-mail dispatch loop, and notify() outside a transaction (inside one, call notify(tx, …)).
 */
export function notificationsService(deps: Deps) {
  return {
    ...bindFirst(deps, { startNotificationDispatch }),
    ...bindFirst(deps.db, {
      listNotifications, markNotificationRead, markAllNotificationsRead, deleteNotification, getPreferences, updatePreferences, unsubscribe,
    }),
    notify: (items: NewNotification | NewNotification[]) => notify(deps.db, deps.config.publicUrl, items),
  };
}
