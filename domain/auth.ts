// Authentication contracts (spec §3, §7).
import { z } from 'zod';

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

export const loginBodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254, 'username is at most 254 characters')
    .refine(hasNoNul, 'username contains a NUL character'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX, `password is at most ${PASSWORD_MAX} characters`),
});

export const registerBodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(3, 'username needs at least 3 characters').max(32, 'username is at most 32 characters')
    .regex(USERNAME_PATTERN, 'username may use letters, digits, dots, dashes and underscores'),
  email: z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email('email is not a valid address').max(254)),
  password: z.string({ error: 'password is required' }).min(PASSWORD_MIN, `password needs at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX, `password is at most ${PASSWORD_MAX} characters`),
  firstName: z.string().trim().max(60, 'firstName is at most 60 characters').refine(hasNoNul, 'firstName contains a NUL character').optional(),
  lastName: z.string().trim().max(60, 'lastName is at most 60 characters').refine(hasNoNul, 'lastName contains a NUL character').optional(),
  /** A friend's referral code (the stored pending code, spec §3). An unknown code never blocks the sign-up; see modules/referrals. */
  referralCode: z.string().max(64, 'referralCode is at most 64 characters').optional(),
});

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export const currentUserResponseSchema = z.object({ user: userSchema });
