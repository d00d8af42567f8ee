// TOTP two-factor sign-in for admin accounts (issue 4, "Access"): RFC 6238 codes any authenticator app reads from
// the otpauth QR code, ten single-use recovery codes, and the login step between a correct password and a session.
// The secret is sealed with the PII key (AES-256-GCM, modules/crypto/pii.ts) and never leaves the server after
// set-up; recovery codes are stored as SHA-256 hashes (they are 50-bit random strings, so a slow hash adds nothing).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD, type TwoFactorSetup, type TwoFactorStatus } from '@domain/admin';
import type { User } from '@domain/auth';
import type { ErrorCode } from '@domain/errors';
import { DEALERSHIP } from '@domain/settings';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { adminRecoveryCodes, adminTwoFactor, twoFactorChallenges, users } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { verifyPassword } from '../../lib/password';
import { endOtherSessions, publicUserColumns, toUser } from './sessions';
import { decryptPii, encryptPii } from '../crypto/pii';

const SEAL_CONTEXT = 'admin_two_factor.secret';
/** A challenge lives long enough to open the app and type a code, not long enough to be worth stealing. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Enrolment at sign-in: time to install an authenticator app and scan the code. */
export const ENROLMENT_TTL_MS = 15 * 60_000;
/** Wrong codes per challenge: after this the password must be entered again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** One step either side: phones whose clock drifts by up to 30 s still sign in. */
const WINDOW = 1;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read off paper without doubt
const newRecoveryCode = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
/** Shown as xxxxx-xxxxx; accepted with or without the dash, any case. */
const formatRecovery = (c: string) => `${c.slice(0, 5)}-${c.slice(5)}`;
const normaliseRecovery = (c: string) => c.replace(/[\s-]/g, '').toLowerCase();

function totpFor(secret: OTPAuth.Secret, username: string) {
  return new OTPAuth.TOTP({ issuer: DEALERSHIP.name, label: username, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret });
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const [row] = await db.select().from(adminTwoFactor).where(eq(adminTwoFactor.userId, userId));
  const enabled = !!row?.enabledAt;
  const left = enabled ? await db.$count(adminRecoveryCodes, and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt))) : 0;
  return { enabled, enabledAt: row?.enabledAt?.toISOString() ?? null, recoveryCodesLeft: left };
}

/** Whether signing in as this user needs a code (only admins can turn it on). */
export async function twoFactorRequired(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: adminTwoFactor.enabledAt }).from(adminTwoFactor).where(eq(adminTwoFactor.userId, userId));
  return !!row?.enabledAt;
}

/** Step 1 of turning it on: a fresh secret, shown once as a QR code and as text. Replaces an unconfirmed one. */
export async function startSetup(db: Db, config: Config, user: User): Promise<TwoFactorSetup> {
  if (await twoFactorRequired(db, user.id)) throw conflict('Two-factor sign-in is already on. Turn it off first to set up a new authenticator.');
  const secret = new OTPAuth.Secret({ size: 20 });
  const sealed = encryptPii(config.pii, secret.base32, SEAL_CONTEXT);
  await db.insert(adminTwoFactor).values({ userId: user.id, secretSealed: sealed, enabledAt: null, lastUsedStep: null })
    .onConflictDoUpdate({ target: adminTwoFactor.userId, set: { secretSealed: sealed, enabledAt: null, lastUsedStep: null, updatedAt: sql`now()` } });
  const otpauthUrl = totpFor(secret, user.username).toString();
  return { secret: secret.base32, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' }) };
}

/** The time step a code matches within the window, or null. */
function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = OTPAuth.TOTP.validate({ token: code, secret: OTPAuth.Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, window: WINDOW, timestamp: now });
  return delta === null ? null : OTPAuth.TOTP.counter({ period: TOTP_PERIOD, timestamp: now }) + delta;
}

async function replaceRecoveryCodes(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.insert(adminRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(c) })));
  return codes.map(formatRecovery);
}

const WRONG_SETUP_CODE = 'That code is not right. Check the time on your phone and enter the current 6-digit code.';

/**
 * Turns two-factor on when the code matches the waiting secret: recovery codes replaced, audit written, and every
 * session of the account ended but the caller's (issue 15 item 2: a session opened on the password alone must
 * not outlive the change). Returns the recovery codes, or null for a wrong code.
 */
async function enableWithCode(tx: Tx, config: Config, user: User, actor: AuditActor, code: string, keepSession: string | null = null): Promise<string[] | null> {
  const [row] = await tx.select().from(adminTwoFactor).where(eq(adminTwoFactor.userId, user.id)).for('update');
  if (!row) throw badRequest('Start the set-up first: no authenticator is waiting for confirmation');
  if (row.enabledAt) throw conflict('Two-factor sign-in is already on');
  const step = matchingStep(decryptPii<string>(config.pii, row.secretSealed, SEAL_CONTEXT), code);
  if (step === null) return null;
  await tx.update(adminTwoFactor).set({ enabledAt: new Date(), lastUsedStep: step, updatedAt: sql`now()` }).where(eq(adminTwoFactor.userId, user.id));
  const codes = await replaceRecoveryCodes(tx, user.id);
  await endOtherSessions(tx, user.id, keepSession);
  await recordAudit(tx, actor, { action: 'security.two_factor_on', entityType: 'user', entityId: user.id, summary: `Two-factor sign-in turned on for ${user.username}` });
  return codes;
}

/**
 * Step 2: the first code proves the app works; two-factor is on from here, the recovery codes are shown once, and
 * the account's other sessions end (the one making the request stays).
 */
export async function confirmSetup(db: Db, config: Config, user: User, actor: AuditActor, code: string, currentSession: string | null): Promise<string[]> {
  return db.transaction(async (tx) => {
    const codes = await enableWithCode(tx, config, user, actor, code, currentSession);
    if (!codes) throw badRequest(WRONG_SETUP_CODE, { code: 'Wrong or expired code' });
    return codes;
  });
}

async function assertPassword(db: Db, userId: number, password: string) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.hash, password))) throw badRequest('The password is not right', { password: 'Wrong password' });
}

/**
 * Off again, with the account's password (a stolen session alone cannot remove the second factor). Resetting it
 * ends the account's other sessions, as turning it on does.
 */
export async function disableTwoFactor(db: Db, user: User, actor: AuditActor, password: string, currentSession: string | null): Promise<void> {
  await assertPassword(db, user.id, password);
  await db.transaction(async (tx) => {
    await endOtherSessions(tx, user.id, currentSession);
    const removed = await tx.delete(adminTwoFactor).where(eq(adminTwoFactor.userId, user.id)).returning({ enabledAt: adminTwoFactor.enabledAt });
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, user.id));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    if (removed[0]?.enabledAt) {
      await recordAudit(tx, actor, { action: 'security.two_factor_off', entityType: 'user', entityId: user.id, summary: `Two-factor sign-in turned off for ${user.username}` });
    }
  });
}

export async function regenerateRecoveryCodes(db: Db, user: User, actor: AuditActor, password: string): Promise<string[]> {
  await assertPassword(db, user.id, password);
  if (!(await twoFactorRequired(db, user.id))) throw badRequest('Two-factor sign-in is off: there are no recovery codes to replace');
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, actor, { action: 'security.recovery_codes', entityType: 'user', entityId: user.id, summary: `New recovery codes for ${user.username}` });
    return codes;
  });
}

export type ChallengePurpose = 'login' | 'enrol';

/**
 * After a correct password: a short-lived challenge instead of a session. 'login' when a code is owed, 'enrol' when
 * an admin must first set up a second factor (issue 15 item 2); enrolment gets longer, to install an app.
 */
export async function createChallenge(db: Db, userId: number, purpose: ChallengePurpose = 'login'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date()));
  const ttl = purpose === 'enrol' ? ENROLMENT_TTL_MS : CHALLENGE_TTL_MS;
  await db.insert(twoFactorChallenges).values({ tokenHash: sha256(token), userId, purpose, expiresAt: new Date(Date.now() + ttl) });
  return token;
}

const EXPIRED_ENROLMENT = 'This set-up has expired or had too many wrong codes. Sign in with your password again to start over.';

/** The live enrolment challenge behind a token, locked for the transaction, or a 401. */
async function liveEnrolment(tx: Tx, token: string) {
  const [challenge] = await tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, sha256(token))).for('update');
  if (!challenge || challenge.purpose !== 'enrol' || challenge.expiresAt.getTime() <= Date.now() || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) {
    throw unauthorized(EXPIRED_ENROLMENT, 'challenge_expired');
  }
  const [user] = await tx.select({ ...publicUserColumns }).from(users).where(eq(users.id, challenge.userId));
  if (!user || user.isActive !== 1 || user.role !== 'admin') throw unauthorized(EXPIRED_ENROLMENT, 'challenge_expired');
  return { challenge, user: toUser(user) };
}

/**
 * Enrolment at sign-in, step 1 (issue 15 item 2): the enrolment challenge stands in for the session the admin does
 * not have yet; the set-up is the same as from the security page.
 */
export async function startEnrolment(db: Db, config: Config, token: string): Promise<TwoFactorSetup> {
  const user = await db.transaction(async (tx) => (await liveEnrolment(tx, token)).user);
  return startSetup(db, config, user);
}

/**
 * Enrolment at sign-in, step 2: the first code turns two-factor on and spends the challenge; the caller opens the
 * session and shows the recovery codes. A wrong code costs an attempt (400 naming the field: the admin retries).
 */
export async function confirmEnrolment(db: Db, config: Config, token: string, code: string): Promise<{ user: User; recoveryCodes: string[] }> {
  const outcome = await db.transaction(async (tx) => {
    const { challenge, user } = await liveEnrolment(tx, token);
    const enabled = await enableWithCode(tx, config, user, { id: user.id, name: user.username }, code);
    if (!enabled) {
      await tx.update(twoFactorChallenges).set({ attempts: sql`${twoFactorChallenges.attempts} + 1` }).where(eq(twoFactorChallenges.tokenHash, challenge.tokenHash));
      return null;
    }
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    return { user, recoveryCodes: enabled };
  });
  if (!outcome) throw badRequest(WRONG_SETUP_CODE, { code: 'Wrong or expired code' });
  return outcome;
}

/**
 * The second step: a current TOTP code (not one already used: replay within its 90-second window fails) or an unused
 * recovery code. Returns the user id to open a session for; every failure is the same 401 and costs an attempt.
 */
export async function completeChallenge(db: Db, config: Config, token: string, code: string): Promise<{ userId: number; usedRecoveryCode: boolean }> {
  const fail = (message = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.', code: ErrorCode = 'invalid_two_factor_code') => unauthorized(message, code);
  const result = await db.transaction(async (tx) => {
    const [challenge] = await tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, sha256(token))).for('update');
    if (!challenge || challenge.purpose !== 'login' || challenge.expiresAt.getTime() <= Date.now() || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) {
      return { error: 'expired' as const };
    }
    const [row] = await tx.select().from(adminTwoFactor).where(eq(adminTwoFactor.userId, challenge.userId)).for('update');
    if (!row?.enabledAt) return { error: 'expired' as const };

    if (/^\d{6}$/.test(code)) {
      const step = matchingStep(decryptPii<string>(config.pii, row.secretSealed, SEAL_CONTEXT), code);
      if (step !== null && (row.lastUsedStep === null || step > row.lastUsedStep)) {
        await tx.update(adminTwoFactor).set({ lastUsedStep: step, updatedAt: sql`now()` }).where(eq(adminTwoFactor.userId, row.userId));
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, challenge.tokenHash));
        return { userId: row.userId, usedRecoveryCode: false };
      }
    } else {
      const [used] = await tx.update(adminRecoveryCodes).set({ usedAt: new Date() })
        .where(and(eq(adminRecoveryCodes.userId, row.userId), eq(adminRecoveryCodes.codeHash, sha256(normaliseRecovery(code))), isNull(adminRecoveryCodes.usedAt)))
        .returning({ id: adminRecoveryCodes.id });
      if (used) {
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, challenge.tokenHash));
        const [who] = await tx.select({ username: users.username }).from(users).where(eq(users.id, row.userId));
        await recordAudit(tx, { id: row.userId, name: who?.username ?? `user ${row.userId}` }, { action: 'security.recovery_code_used', entityType: 'user', entityId: row.userId, summary: 'Signed in with a recovery code' });
        return { userId: row.userId, usedRecoveryCode: true };
      }
    }
    await tx.update(twoFactorChallenges).set({ attempts: sql`${twoFactorChallenges.attempts} + 1` }).where(eq(twoFactorChallenges.tokenHash, challenge.tokenHash));
    return { error: 'wrong' as const };
  });
  if ('error' in result) {
    throw result.error === 'expired' ? fail('This sign-in has expired or had too many wrong codes. Enter your password again.', 'challenge_expired') : fail();
  }
  return result;
}
