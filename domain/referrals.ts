// Referral program contracts and rules (issue 5, "Referral program"; spec §2 routes, §3 "Referral code", §4 modal).
import { z } from 'zod';

/** Codes we issue: 8 characters from an alphabet without look-alikes (0/O, 1/I/L), easy to read aloud. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

/** Turns random bytes into a code (the server supplies crypto-random bytes; tests supply fixed ones). */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error(`need ${REFERRAL_CODE_LENGTH} random bytes`);
  let code = '';
  // 31 symbols: the modulo bias (256 % 31 = 8) is irrelevant for a non-secret share code.
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_CODE_ALPHABET[bytes[i]! % REFERRAL_CODE_ALPHABET.length];
  return code;
}

/** A typed or linked code, normalised for lookup: trimmed and upper-cased (people retype codes in any case). */
export const normalizeReferralCode = (raw: string) => raw.trim().toUpperCase();

/** Input schema of a code: lenient on case and spaces, strict on characters (parseReferralCode on the client agrees). */
export const referralCodeInput = z.string({ error: 'code is required' })
  .trim()
  .min(1, 'code is required')
  .max(64, 'code is at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'code may use letters, digits, dashes and underscores')
  .transform(normalizeReferralCode);

export const referralCodeParams = z.object({ code: referralCodeInput });
export const redeemReferralBodySchema = z.object({ code: referralCodeInput });

/** Shown on the referral page: the friend's first name only (privacy), never their email. */
export const referredFriendSchema = z.object({
  firstName: z.string().nullable(),
  joinedAt: z.string(),
  status: z.enum(['credited']),
  rewardAmount: z.number().int(),
});
export type ReferredFriend = z.infer<typeof referredFriendSchema>;

export const myReferralsSchema = z.object({
  code: z.string(),
  /** Relative to the site (the client prefixes its own origin): /referral-landing?code=… */
  sharePath: z.string(),
  friends: z.array(referredFriendSchema),
  totals: z.object({ referred: z.number().int(), rewardsEarned: z.number().int() }),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** Public check of a code, for the referral modal and landing page: whether it is ours, and who invited (first name). */
export const referralCodeInfoSchema = z.object({ code: z.string(), referrerFirstName: z.string().nullable() });
export type ReferralCodeInfo = z.infer<typeof referralCodeInfoSchema>;

export const redeemReferralResultSchema = z.object({ message: z.string(), referrerFirstName: z.string().nullable() });

/** The share path of a code: the landing page of spec §2, which stores it as the pending code. */
export const referralSharePath = (code: string) => `/referral-landing?code=${encodeURIComponent(code)}`;

/**
 * How long after sign-up an account may still apply a code it did not enter at registration (e.g. registered on
 * another device). Longer would let existing customers trade codes for rewards.
 */
export const REDEEM_WINDOW_MS = 7 * 24 * 60 * 60_000;
export const canRedeemAt = (accountCreatedAt: Date, now: Date = new Date()) => now.getTime() - accountCreatedAt.getTime() <= REDEEM_WINDOW_MS;
