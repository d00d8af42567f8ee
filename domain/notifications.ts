// Notification contracts (spec §3 Notification, §2 bell, §7 calls; issue 5 "Notifications").
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['price_drop', 'success', 'warning', 'error', 'info'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** spec §3: anything other than the four named types is treated as info. */
export const notificationKind = (type: string): NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(type) ? (type as NotificationKind) : 'info';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  event: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  vehicleId: z.number().int().nullable(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** spec §7: GET /api/notifications answers a list. The newest first, this many at most. */
export const NOTIFICATION_LIST_LIMIT = 50;
export const notificationListSchema = z.array(notificationSchema);

export const notificationIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

export const markAllReadResultSchema = z.object({ message: z.string(), updated: z.number().int() });
