// Server-side sessions (foundation issue): a random 256-bit token goes to the client, only its SHA-256 is stored,
// so a leaked sessions table yields no usable token. Sessions end at an absolute expiry or after an idle window.
import { randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { User } from '@domain/auth';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';

/** lastSeenAt is written at most this often, so a busy user does not cost a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The columns of a user that may leave the server: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

type UserRow = Pick<typeof users.$inferSelect, keyof typeof publicUserColumns>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    isActive: row.isActive === 1,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewSession { token: string; expiresAt: Date }

/**
 * How long a session of this role lasts (issue 15 item 3, ASVS 7.3): an admin's at most 12 hours idle and 24 hours
 * in all (configurable shorter), a customer's as before.
 */
export function lifetimeOf(config: Config, role: string): { idleMs: number; absoluteMs: number } {
  const s = config.session;
  return role === 'admin' ? { idleMs: s.adminIdleMs, absoluteMs: s.adminAbsoluteMs } : { idleMs: s.idleMs, absoluteMs: s.absoluteMs };
}

export async function createSession(
  db: Db, config: Config, user: { id: number; role: string }, meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<NewSession> {
  const userId = user.id;
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + lifetimeOf(config, user.role).absoluteMs);
  // Housekeeping on the rare write path: drop this user's sessions that have already run out.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(
    lt(sessions.expiresAt, new Date(now)),
    lt(sessions.lastSeenAt, new Date(now - lifetimeOf(config, user.role).idleMs)),
  )));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    lastSeenAt: new Date(now),
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
  });
  return { token, expiresAt };
}

/** The user a token belongs to, or null when it is unknown or expired (an expired session is deleted on sight). */
export async function resolveSession(db: Db, config: Config, token: string): Promise<User | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ ...publicUserColumns, createdAt: sessions.createdAt, userCreatedAt: users.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  // The role's lifetimes as they are now: a session opened before the account became an admin gets the admin's.
  const { idleMs, absoluteMs } = lifetimeOf(config, row.role);
  const idleDeadline = row.lastSeenAt.getTime() + idleMs;
  const absoluteDeadline = Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + absoluteMs);
  if (absoluteDeadline <= now || idleDeadline <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
  }
  return toUser({ ...row, createdAt: row.userCreatedAt });
}

/**
 * A new sign-in ends the session the browser presented, whoever's it was (issue 36 item 3, ASVS 7.2.4): the new
 * token replaces it, and the old one must not stay usable by whoever else holds it (a fixed or stolen cookie).
 */
export async function endPresentedSession(db: Db, presented: string | null, replacement: string): Promise<void> {
  if (presented && presented !== replacement) await destroySession(db, presented);
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Ends every session of the user except the one making the request: after a password or e-mail change (issue 5),
 * and when two-factor sign-in is turned on or off (issue 15 item 2), so a session opened before cannot outlive it.
 */
export async function endOtherSessions(db: Db | Tx, userId: number, currentToken: string | null): Promise<void> {
  await db.delete(sessions).where(currentToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken)))
    : eq(sessions.userId, userId));
}
