// Authentication contracts (spec §3, §7).
import { z } from 'zod';
import { DEALERSHIP } from './settings';

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** spec §6: the header's Admin Dashboard link shows for an active admin. */
export const isActiveAdmin = (u: Pick<User, 'role' | 'isActive'> | null | undefined) => !!u && u.isActive && u.role === 'admin';

export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** PostgreSQL text cannot hold a NUL character; refuse it as bad input rather than fail in the database. */
const hasNoNul = (s: string) => !s.includes('\u0000');

/**
 * The password rule (issue 5, "Accounts"; NIST SP 800-63B): PASSWORD_MIN to PASSWORD_MAX characters, no composition
 * rules, no password from the common-password list, and a zxcvbn score of at least 3 (issue 36 item 2). Lengths are
 * checked by this schema everywhere; the list and zxcvbn are large, so they are passed in (domain/common-passwords.ts:
 * the server imports it, the client loads it lazily) and checked by passwordProblem, the one function both sides call.
 */
export const newPasswordSchema = (field: string) => z.string({ error: `${field} is required` })
  .min(PASSWORD_MIN, `${field} needs at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `${field} is at most ${PASSWORD_MAX} characters`);

export const COMMON_PASSWORD_MESSAGE = 'is one of the most common passwords; choose something less predictable';

/** Who the password is for: it may not contain their username or the name part of their e-mail (issue 15 item 6). */
export interface PasswordContext { username?: string | undefined; email?: string | undefined }

/** Letters and digits only, lower-cased: "Prairie-Motor Hub" and "prairiemotorhub" are the same word here. */
const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The site's name, whole and as its adjacent word pairs ("prairiemotor", "motorhub"): ASVS 6.2.11 context words. */
export const SITE_NAME_WORDS: readonly string[] = (() => {
  const words = DEALERSHIP.name.split(/\s+/).map(compact).filter(Boolean);
  const pairs = words.slice(1).map((w, i) => words[i] + w);
  return [...new Set([words.join(''), ...pairs])];
})();

/**
 * The least zxcvbn score a new password needs (issue 36 item 2): 3 of 4, "safely unguessable: moderate protection
 * from offline slow-hash scenarios" (about 10^8 guesses). Ten spaces, "qqqqqqqqqq" and "abcabcabca" score 0 or 1.
 */
export const PASSWORD_MIN_STRENGTH = 3;

/** zxcvbn's verdict: its score (0 to 4) and the key of its warning, if it has one. */
export interface PasswordStrength { score: number; warning: string | null }

/**
 * What the rule needs that is too large for this module (domain/common-passwords.ts builds it; the server imports
 * it, the client loads it lazily): the common-password list and zxcvbn-ts's strength estimate.
 */
export interface PasswordRules {
  common: ReadonlySet<string>;
  strength(password: string, userInputs: string[]): PasswordStrength;
}

/** Why zxcvbn judged a password weak, in our words (its warning keys; it ships no English text of its own here). */
const STRENGTH_REASONS: Record<string, string> = {
  straightRow: 'a straight row of keys is easy to guess',
  keyPattern: 'a short keyboard pattern is easy to guess',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated patterns like "abcabcabc" are easy to guess',
  sequences: 'sequences like "abc" or "6543" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is too close to a commonly used password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'a name or surname on its own is easy to guess',
  commonNames: 'common names and surnames are easy to guess',
  userInputs: 'it contains your own details',
  pwned: 'it has appeared in a data breach',
};

/**
 * Why a new password is refused, or null when it is acceptable. `field` names it in the message. Context words
 * (ASVS 6.2.11) are compared on letters and digits only, so "Jordan_2024!" contains the username "jordan". Last,
 * zxcvbn must score it at least PASSWORD_MIN_STRENGTH, and the message says what made it guessable.
 */
export function passwordProblem(password: string, rules: PasswordRules, field = 'password', context: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN) return `${field} needs at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `${field} is at most ${PASSWORD_MAX} characters`;
  if (rules.common.has(password.toLowerCase())) return `${field} ${COMMON_PASSWORD_MESSAGE}`;
  const typed = compact(password);
  const username = context.username ? compact(context.username) : '';
  if (username.length >= 3 && typed.includes(username)) return `${field} must not contain your username`;
  const local = context.email ? compact(context.email.split('@')[0] ?? '') : '';
  if (local.length >= 3 && typed.includes(local)) return `${field} must not contain the name part of your e-mail address`;
  if (SITE_NAME_WORDS.some((w) => typed.includes(w))) return `${field} must not contain the name of this site`;
  const { score, warning } = rules.strength(password, [username, local, ...SITE_NAME_WORDS].filter(Boolean));
  if (score < PASSWORD_MIN_STRENGTH) {
    const reason = (warning && STRENGTH_REASONS[warning]) || 'it follows a pattern that is quick to guess';
    return `${field} is too easy to guess (${reason}); a few unrelated words, or a longer mix, make a strong one`;
  }
  return null;
}

export const loginBodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254, 'username is at most 254 characters')
    .refine(hasNoNul, 'username contains a NUL character'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX, `password is at most ${PASSWORD_MAX} characters`),
});

export const registerBodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(3, 'username needs at least 3 characters').max(32, 'username is at most 32 characters')
    .regex(USERNAME_PATTERN, 'username may use letters, digits, dots, dashes and underscores'),
  email: z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email('email is not a valid address').max(254)),
  password: newPasswordSchema('password'),
  firstName: z.string().trim().max(60, 'firstName is at most 60 characters').refine(hasNoNul, 'firstName contains a NUL character').optional(),
  lastName: z.string().trim().max(60, 'lastName is at most 60 characters').refine(hasNoNul, 'lastName contains a NUL character').optional(),
  /** A friend's referral code (the stored pending code, spec §3). An unknown code never blocks the sign-up; see modules/referrals. */
  referralCode: z.string().max(64, 'referralCode is at most 64 characters').optional(),
});

/**
 * spec §4: the login answer "may carry a token". Only an admin's does (issue 15 item 5): the back office keeps it
 * as admin_token for its API calls; customers rely on the httpOnly session cookie alone.
 */
export const loginResponseSchema = z.object({ token: z.string().optional(), user: userSchema });
export const currentUserResponseSchema = z.object({ user: userSchema });

// --- Password reset (issue 5): the answer is the same whether or not the address has an account. ---

export const emailSchema = z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email('email is not a valid address').max(254));

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(20, 'token is not a valid reset link').max(200, 'token is not a valid reset link'),
  password: newPasswordSchema('password'),
});

/** One hour (issue 5, "A password reset sends a single-use link that lasts one hour"). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
