// Email preferences and unsubscribe links (issue 5, "Notifications"; CASL): nothing is on until the user turns it
// on, marketing consent is stored with its time, and every notification email carries a link that turns it off
// without signing in.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, EMAIL_PREFERENCES, type EmailPreferenceKey, type Preferences } from '@domain/accounts';
import type { Db, Tx } from '../../db/client';
import { notificationPreferences, notifications, unsubscribeTokens } from '../../db/schema';
import { badRequest } from '../../errors';
import { hashToken } from '../../lib/tokens';

type Row = typeof notificationPreferences.$inferSelect;
const toPreferences = (row: Row | undefined): Preferences => (row ? {
  emailPriceDrop: row.emailPriceDrop,
  emailVehicleSold: row.emailVehicleSold,
  emailSavedSearch: row.emailSavedSearch,
  emailReferral: row.emailReferral,
  marketingOptIn: row.marketingOptIn,
  marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
} : { ...DEFAULT_PREFERENCES });

export async function getPreferences(db: Db | Tx, userId: number): Promise<Preferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return toPreferences(row);
}

/** Preferences of several users at once (notification fan-out); users without a row get the all-off defaults. */
export async function preferencesOf(db: Db | Tx, userIds: number[]): Promise<Map<number, Preferences>> {
  const unique = [...new Set(userIds)];
  const map = new Map<number, Preferences>(unique.map((id) => [id, { ...DEFAULT_PREFERENCES }]));
  if (!unique.length) return map;
  const rows = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, unique));
  for (const row of rows) map.set(row.userId, toPreferences(row));
  return map;
}

export async function updatePreferences(db: Db, userId: number, changes: Partial<Omit<Preferences, 'marketingConsentAt'>>): Promise<Preferences> {
  const current = await getPreferences(db, userId);
  const next = { ...current, ...changes };
  // CASL: the time consent was given is kept while it stands; withdrawing clears it.
  const consentAt = next.marketingOptIn ? (current.marketingOptIn && current.marketingConsentAt ? new Date(current.marketingConsentAt) : new Date()) : null;
  const values = {
    emailPriceDrop: next.emailPriceDrop, emailVehicleSold: next.emailVehicleSold, emailSavedSearch: next.emailSavedSearch,
    emailReferral: next.emailReferral, marketingOptIn: next.marketingOptIn,
    marketingConsentAt: consentAt, updatedAt: new Date(),
  };
  await db.insert(notificationPreferences).values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return getPreferences(db, userId);
}

/** A fresh unsubscribe link for one email; `kind` null turns every email off. */
export async function createUnsubscribeLink(db: Db | Tx, publicUrl: string, userId: number, kind: EmailPreferenceKey | null): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(unsubscribeTokens).values({ tokenHash: hashToken(token), userId, kind });
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Sign in and change your email preferences on your profile.';

/**
 * Turns off what the link's email was about (or every email). Links keep working: a second click changes nothing
 * and says so the same way, because mail clients and scanners open links more than once.
 */
export async function unsubscribe(db: Db, token: string): Promise<{ message: string; turnedOff: string }> {
  const [row] = await db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.tokenHash, hashToken(token)));
  if (!row) throw badRequest(INVALID_UNSUBSCRIBE_LINK, { token: INVALID_UNSUBSCRIBE_LINK });
  const kind = row.kind as EmailPreferenceKey | null;
  if (kind) {
    await updatePreferences(db, row.userId, { [kind]: false });
    const label = kind === 'marketingOptIn' ? 'Offers and news from the dealership' : EMAIL_PREFERENCES.find((p) => p.key === kind)?.label ?? 'These emails';
    return { message: 'You are unsubscribed. You will no longer get these emails.', turnedOff: label };
  }
  await updatePreferences(db, row.userId, {
    emailPriceDrop: false, emailVehicleSold: false, emailSavedSearch: false, emailReferral: false, marketingOptIn: false,
  });
  return { message: 'You are unsubscribed from every email we send about your account.', turnedOff: 'All emails' };
}

/** An account's deletion (accounts/profile.ts deleteAccount, issue 31 §3): in the deletion's transaction. */
export async function forgetUserNotices(tx: Tx, userId: number): Promise<void> {
  for (const table of [notifications, notificationPreferences, unsubscribeTokens]) await tx.delete(table).where(eq(table.userId, userId));
}
