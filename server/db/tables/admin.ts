// Admin back office (issue 4): imports, TOTP and other admin-only tables.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './core';

/**
 * TOTP two-factor sign-in for admin accounts (issue 4, "Access"). One row per admin; `enabledAt` stays null until
 * the admin proves the authenticator works with a first code. The secret is sealed (AES-256-GCM, modules/crypto)
 * and never leaves the server after set-up.
 */
export const adminTwoFactor = pgTable('admin_two_factor', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /** The last 30-second step a code was accepted for: the same code cannot be replayed within its window. */
  lastUsedStep: integer('last_used_step'),
  ...timestamps,
});

/** Single-use recovery codes, stored as SHA-256 hashes (the codes are high-entropy random strings). */
export const adminRecoveryCodes = pgTable('admin_recovery_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('admin_recovery_codes_user_idx').on(t.userId)]);

/**
 * The step between a correct password and a session when two-factor is on: a short-lived random token (stored as
 * its SHA-256) the login form sends back with the code. Attempts are counted so a token cannot be brute-forced.
 */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  /**
   * 'login': a code is owed (two-factor is on); 'enrol': an admin without a second factor must set one up before
   * any session (issue 15 item 2). A challenge of one kind never answers for the other.
   */
  purpose: varchar('purpose', { length: 10 }).notNull().default('login'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('two_factor_challenges_user_idx').on(t.userId)]);
