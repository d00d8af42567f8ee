// The users table's commands (issue 31 §3: every table has one owning module). Accounts are created here at
// registration (service.ts), so the auth module owns the table; the accounts module's profile, password reset and
// deletion change a user through these functions, never by writing the row themselves. A change of credentials
// ends the user's other sessions in the same transaction, so no caller can forget to.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { endOtherSessions } from './sessions';

export async function setNames(db: Db | Tx, userId: number, names: { firstName: string | null; lastName: string | null }): Promise<void> {
  await db.update(users).set({ ...names, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** A profile photo's stored files (accounts/photo.ts): found by their key, never by parsing the URL. */
export interface ProfileImageFiles { storageKey: string; variants: { width: number; format: 'webp' | 'avif' }[] }

/** The account's photo files, when it has a photo; `lock` holds the row until the caller's transaction ends. */
export async function profileImageFilesOf(db: Db | Tx, userId: number, lock = false): Promise<ProfileImageFiles | null> {
  const q = db.select({ storageKey: users.profileImageKey, variants: users.profileImageVariants }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row?.storageKey && row.variants ? { storageKey: row.storageKey, variants: row.variants } : null;
}

export async function setProfileImage(db: Db | Tx, userId: number, photo: (ProfileImageFiles & { url: string }) | null): Promise<void> {
  await db.update(users).set({
    profileImageUrl: photo?.url ?? null, profileImageKey: photo?.storageKey ?? null, profileImageVariants: photo?.variants ?? null, updatedAt: new Date(),
  }).where(eq(users.id, userId));
}

/** A new password: every session but `keepSession` (the one asking, or none after a reset link) ends with it. */
export async function setPasswordHash(tx: Tx, userId: number, passwordHash: string, keepSession: string | null): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await endOtherSessions(tx, userId, keepSession);
}

/** A new e-mail address (unique: the caller maps the 23505 of a race to its 409); other sessions end with it. */
export async function setEmail(tx: Tx, userId: number, email: string, keepSession: string | null): Promise<void> {
  await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
  await endOtherSessions(tx, userId, keepSession);
}

/**
 * An account's deletion (accounts/profile.ts deleteAccount): the row stays, so referral rewards, audit entries and
 * moderation history still add up, under a placeholder nobody can sign in as; every session ends.
 */
export async function anonymizeUser(tx: Tx, userId: number, placeholder: string): Promise<void> {
  await tx.update(users).set({
    username: placeholder,
    email: `${placeholder}@deleted.invalid`,
    // Nobody can sign in with a random hash nobody knows.
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    profileImageKey: null,
    profileImageVariants: null,
    isActive: 0,
    updatedAt: new Date(),
  }).where(eq(users.id, userId));
  await endOtherSessions(tx, userId, null);
}
