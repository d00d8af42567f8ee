// The one writer of user notifications (accounts issue, "Notifications"): real events only. Call it in the
// transaction of the event (price change, sale, approval…) so the notice exists exactly when the event does.
// Email: for each notice whose kind the user opted into, an outbox row (with an unsubscribe link) is written in the
// same transaction, so the email exists exactly when the notice does (the outbox is the delivery without SMTP_URL;
// with it, ./dispatch.ts sends what is waiting).
import { inArray } from 'drizzle-orm';
import { preferenceForEvent } from '@domain/accounts';
import type { Db, Tx } from '../../db/client';
import type { NOTIFICATION_TYPES } from '../../db/schema';
import { notifications, users } from '../../db/schema';
import { queueMail } from '../mail/mailer';
import { createUnsubscribeLink, preferencesOf } from './preferences';

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
  /**
   * Issue 33 §1: the caller e-mails this event itself as a transactional message (a listing's approval or
   * rejection), so the opt-in notification e-mail would only repeat it.
   */
  emailedSeparately?: boolean;
}

export const NOTIFICATION_EMAIL_CATEGORY = 'notification';

/** `siteUrl` is where links in the e-mails point (config.publicUrl), passed by each caller: no module-level state. */
export async function notify(db: Db | Tx, siteUrl: string, items: NewNotification | NewNotification[]): Promise<void> {
  const publicUrl = siteUrl.replace(/\/$/, '');
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
  await emailOptedIn(db, publicUrl, rows);
}

async function emailOptedIn(db: Db | Tx, publicUrl: string, rows: NewNotification[]): Promise<void> {
  const wanted = rows.filter((n) => preferenceForEvent(n.event) && !n.emailedSeparately);
  if (!wanted.length) return;
  const prefs = await preferencesOf(db, wanted.map((n) => n.userId));
  const toSend = wanted.filter((n) => prefs.get(n.userId)?.[preferenceForEvent(n.event)!] === true);
  if (!toSend.length) return;
  const recipients = await db.select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users).where(inArray(users.id, [...new Set(toSend.map((n) => n.userId))]));
  const byId = new Map(recipients.map((r) => [r.id, r]));
  for (const n of toSend) {
    const user = byId.get(n.userId);
    if (!user || user.isActive !== 1) continue;
    const kind = preferenceForEvent(n.event)!;
    const unsubscribeOne = await createUnsubscribeLink(db, publicUrl, n.userId, kind);
    const unsubscribeAll = await createUnsubscribeLink(db, publicUrl, n.userId, null);
    const link = n.link ? `${publicUrl}${n.link.startsWith('/') ? '' : '/'}${n.link}` : `${publicUrl}/profile`;
    await queueMail(db, {
      to: user.email,
      subject: n.title,
      category: NOTIFICATION_EMAIL_CATEGORY,
      userId: n.userId,
      text: [
        `Hello${user.firstName ? ` ${user.firstName}` : ''},`,
        '',
        n.message,
        '',
        `See it here: ${link}`,
        '',
        '—',
        'You get this email because you turned it on in your profile.',
        `Stop emails like this one: ${unsubscribeOne}`,
        `Stop every email from us: ${unsubscribeAll}`,
      ].join('\n'),
    });
  }
}
