// The one writer of user notifications (accounts issue, "Notifications"): real events only. Call it in the
// transaction of the event (price change, sale, approval…) so the notice exists exactly when the event does.
// Email delivery per the user's preferences is added by the accounts area behind this same function.
import type { Db, Tx } from '../../db/client';
import type { NOTIFICATION_TYPES } from '../../db/schema';
import { notifications } from '../../db/schema';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NewNotification {
  userId: number;
  type: NotificationType;
  /** What produced it: `saved_vehicle.price_drop`, `saved_vehicle.sold`, `saved_search.match`, `referral.converted`, `listing.approved`, `listing.rejected`. */
  event: string;
  title: string;
  message: string;
  vehicleId?: number | null;
  link?: string | null;
  data?: Record<string, unknown>;
}

export async function notify(db: Db | Tx, items: NewNotification | NewNotification[]): Promise<void> {
  const rows = Array.isArray(items) ? items : [items];
  if (!rows.length) return;
  await db.insert(notifications).values(rows.map((n) => ({
    userId: n.userId,
    type: n.type,
    event: n.event,
    title: n.title,
    message: n.message,
    vehicleId: n.vehicleId ?? null,
    link: n.link ?? null,
    data: n.data ?? null,
  })));
}
