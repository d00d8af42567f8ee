// Accounts: registration and password login (spec §3, §7). Sessions themselves live in ./sessions.ts.
import { createHash } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { passwordProblem, type User } from '@domain/auth';
import { PASSWORD_RULES } from '@domain/common-passwords';
import type { z } from 'zod';
import type { loginBodySchema, registerBodySchema } from '@domain/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { bindFirst } from '../../lib/bind';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { createSession, destroySession, endPresentedSession, publicUserColumns, resolveSession, toUser } from './sessions';
import {
  completeChallenge, confirmEnrolment, confirmSetup, createChallenge, disableTwoFactor, regenerateRecoveryCodes, startEnrolment, startSetup,
  twoFactorRequired, twoFactorStatus,
} from './two-factor';

export interface ClientMeta { userAgent?: string | undefined; ip?: string | undefined }
export interface SignedIn { token: string; expiresAt: Date; user: User }

const lower = (column: typeof users.username | typeof users.email) => sql`lower(${column})`;

function takenFields(rows: { username: string; email: string }[], username: string, email: string) {
  const fields: Record<string, string> = {};
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) fields.username = 'username is already taken';
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) fields.email = 'email is already registered';
  return fields;
}

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

/** Creates a customer account and signs it in. Usernames and emails are unique regardless of case. */
export async function register(db: Db, config: Config, body: z.infer<typeof registerBodySchema>, meta: ClientMeta): Promise<SignedIn> {
  // issue 5: no password from the common-password list; issue 15 item 6: none containing the username, the
  // e-mail's name or the site's name (the same rule the form checks).
  const weak = passwordProblem(body.password, PASSWORD_RULES, 'password', { username: body.username, email: body.email });
  if (weak) throw badRequest(`Invalid body: ${weak}`, { password: weak });
  const existing = await db.select({ username: users.username, email: users.email }).from(users)
    .where(or(eq(lower(users.username), body.username.toLowerCase()), eq(lower(users.email), body.email.toLowerCase())));
  if (existing.length) throw conflict('That username or email is already registered', takenFields(existing, body.username, body.email));

  const passwordHash = await hashPassword(body.password);
  let created;
  try {
    [created] = await db.insert(users).values({
      username: body.username,
      email: body.email,
      passwordHash,
      firstName: body.firstName || null,
      lastName: body.lastName || null,
      role: 'customer',
    }).returning(publicUserColumns);
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict('That username or email is already registered');
    throw err;
  }
  const user = toUser(created!);
  const session = await createSession(db, config, user, meta);
  return { ...session, user };
}

/**
 * The key the per-account login limit counts (issue 15 item 7): the account, however it is named (username or
 * e-mail, any case), and its current password, so a password reset from the e-mailed link gives the owner a fresh
 * allowance while a guesser stays locked out. A name that matches no account is counted as typed.
 */
export async function loginLimitKey(db: Db, typed: string): Promise<string> {
  const name = typed.toLowerCase();
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users)
    .where(or(eq(lower(users.username), name), eq(lower(users.email), name))).limit(1);
  if (!row) return `name:${name}`;
  return `account:${row.id}:${createHash('sha256').update(row.passwordHash).digest('hex').slice(0, 16)}`;
}

/**
 * Signs in by username or email. Returns null for an unknown account, a wrong password and a deactivated
 * account alike, and always spends one password verification, so neither answer nor timing reveals which.
 */
export async function login(db: Db, config: Config, body: z.infer<typeof loginBodySchema>, meta: ClientMeta): Promise<SignedIn | null> {
  const name = body.username.toLowerCase();
  const [row] = await db.select({ ...publicUserColumns, passwordHash: users.passwordHash }).from(users)
    .where(or(eq(lower(users.username), name), eq(lower(users.email), name)))
    .limit(1);
  const passwordOk = await verifyPassword(row?.passwordHash ?? await dummyPasswordHash(), body.password);
  if (!row || !passwordOk || row.isActive !== 1) return null;
  const user = toUser(row);
  const session = await createSession(db, config, user, meta);
  return { ...session, user };
}

/** The account, or null when it is gone or deactivated (between the password and the code of a two-factor sign-in). */
export async function activeUser(db: Db, userId: number): Promise<User | null> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, userId));
  return row && row.isActive === 1 ? toUser(row) : null;
}

/**
 * The auth service as the app holds it (server/services.ts): registration, sign-in and sessions, and two-factor
 * sign-in. Functions that need the session settings get the database and the config, in that order, from here.
 */
export function authService(deps: Deps) {
  const { db, config } = deps;
  const withConfig = <A extends unknown[], R>(fn: (db: Db, config: Config, ...rest: A) => R) => (...rest: A) => fn(db, config, ...rest);
  return {
    ...bindFirst(db, {
      activeUser, loginLimitKey, endPresentedSession, destroySession,
      twoFactorStatus, twoFactorRequired, createChallenge, disableTwoFactor, regenerateRecoveryCodes,
    }),
    register: withConfig(register),
    login: withConfig(login),
    createSession: withConfig(createSession),
    resolveSession: withConfig(resolveSession),
    startSetup: withConfig(startSetup),
    confirmSetup: withConfig(confirmSetup),
    startEnrolment: withConfig(startEnrolment),
    confirmEnrolment: withConfig(confirmEnrolment),
    completeChallenge: withConfig(completeChallenge),
  };
}
