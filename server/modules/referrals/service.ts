// Referral program (issue 5): one code per user, credit when a friend signs up with it, the referrer's overview.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  canRedeemAt, normalizeReferralCode, referralCodeFrom, referralSharePath, REFERRAL_CODE_LENGTH,
  type MyReferrals, type ReferralCodeInfo,
} from '@domain/referrals';
import { REFERRAL_PROGRAM } from '@domain/settings';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { referralCodes, referrals, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { notify } from '../notifications/notify';

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

/** The user's code, made on first use. Every user gets one (issue 5); making it lazily keeps sign-up lean. */
export async function codeOf(db: Db, userId: number): Promise<string> {
  const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
  if (existing) return existing.code;
  // 31^8 ≈ 8.5e11 codes: a clash is rare, and then we draw again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = referralCodeFrom(randomBytes(REFERRAL_CODE_LENGTH));
    const [row] = await db.insert(referralCodes).values({ userId, code }).onConflictDoNothing().returning({ code: referralCodes.code });
    if (row) return row.code;
    // Either the code is taken or a parallel request created this user's code: re-read ours.
    const [mine] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (mine) return mine.code;
  }
  throw new Error('Could not allocate a referral code');
}

async function ownerOf(db: Db | Tx, code: string) {
  const [row] = await db.select({ userId: users.id, firstName: users.firstName, isActive: users.isActive, code: referralCodes.code })
    .from(referralCodes).innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, normalizeReferralCode(code)));
  return row && row.isActive === 1 ? row : null;
}

/** Public: whether a code is one of ours and the referrer's first name (the modal's "Jordan invited you"). */
export async function codeInfo(db: Db, code: string): Promise<ReferralCodeInfo> {
  const owner = await ownerOf(db, code);
  if (!owner) throw notFound('Referral code not found');
  return { code: owner.code, referrerFirstName: owner.firstName };
}

export async function myReferrals(db: Db, userId: number): Promise<MyReferrals> {
  const code = await codeOf(db, userId);
  const rows = await db.select({ firstName: users.firstName, joinedAt: referrals.createdAt, status: referrals.status, rewardAmount: referrals.rewardAmount })
    .from(referrals).innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  const friends = rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
  return {
    code,
    sharePath: referralSharePath(code),
    friends,
    totals: { referred: friends.length, rewardsEarned: friends.reduce((sum, f) => sum + f.rewardAmount, 0) },
  };
}

export type CreditOutcome =
  | { credited: true; referrerId: number; referrerFirstName: string | null }
  | { credited: false; reason: 'unknown_code' | 'self_referral' | 'already_credited' };

/**
 * Credits the owner of `code` for the new account `referredUserId`, in the caller's transaction. Refuses a code
 * that is not ours, the user's own code, and a second credit for the same account (the unique index decides
 * races). The referrer gets a 'referral.converted' success notification with the reward of the settings.
 */
/** `publicUrl`: where the referrer's e-mail links point (config.publicUrl). */
export async function creditReferral(tx: Tx, publicUrl: string, code: string, referredUserId: number): Promise<CreditOutcome> {
  const owner = await ownerOf(tx, code);
  if (!owner) return { credited: false, reason: 'unknown_code' };
  if (owner.userId === referredUserId) return { credited: false, reason: 'self_referral' };
  const [friend] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, referredUserId));
  const [row] = await tx.insert(referrals).values({
    referrerId: owner.userId,
    referredUserId,
    code: owner.code,
    rewardAmount: REFERRAL_PROGRAM.rewardAmount,
  }).onConflictDoNothing().returning({ id: referrals.id });
  if (!row) return { credited: false, reason: 'already_credited' };
  const who = friend?.firstName ?? 'A friend';
  await notify(tx, publicUrl, {
    userId: owner.userId,
    type: 'success',
    event: 'referral.converted',
    title: 'Your referral signed up',
    message: `${who} created an account with your referral code. $${REFERRAL_PROGRAM.rewardAmount} ${REFERRAL_PROGRAM.rewardDescription} has been credited to you.`,
    link: '/referral-program',
    data: { referralId: row.id, rewardAmount: REFERRAL_PROGRAM.rewardAmount },
  });
  return { credited: true, referrerId: owner.userId, referrerFirstName: owner.firstName };
}

/**
 * The registration hook (called by the auth module right after the account is created): a bad or stale
 * pending code must never cost the visitor their sign-up, so nothing is thrown here. Runs in its own
 * transaction so the credit and its notification land together.
 */
export async function creditReferralOnSignUp(db: Db, publicUrl: string, code: string | undefined, newUserId: number): Promise<CreditOutcome | null> {
  if (!code) return null;
  return db.transaction((tx) => creditReferral(tx, publicUrl, code, newUserId));
}

/**
 * A new account applies a code after sign-up (it registered on another device, or the pending code was lost).
 * Only within the redeem window, so existing customers cannot trade codes for rewards.
 */
export async function redeemReferral(db: Db, publicUrl: string, userId: number, code: string) {
  const [me] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!me) throw notFound('Account not found');
  if (!canRedeemAt(me.createdAt)) throw badRequest('Referral codes can only be applied within 7 days of creating your account', { code: 'the redeem window has closed' });
  try {
    const outcome = await db.transaction((tx) => creditReferral(tx, publicUrl, code, userId));
    if (outcome.credited) return { message: 'Referral code applied', referrerFirstName: outcome.referrerFirstName };
    if (outcome.reason === 'unknown_code') throw notFound('Referral code not found');
    if (outcome.reason === 'self_referral') throw badRequest('You cannot use your own referral code', { code: 'is your own code' });
    throw conflict('A referral has already been credited for your account');
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A referral has already been credited for your account');
    throw err;
  }
}

/** The referrals service as the app holds it (server/services.ts): a user's code and friends, look-ups, redeeming. */
export function referralsService(deps: Deps) {
  return {
    ...bindFirst(deps.db, { codeOf, codeInfo, myReferrals }),
    creditReferralOnSignUp: (code: string | undefined, newUserId: number) => creditReferralOnSignUp(deps.db, deps.config.publicUrl, code, newUserId),
    redeemReferral: (userId: number, code: string) => redeemReferral(deps.db, deps.config.publicUrl, userId, code),
  };
}
