// Customer accounts and engagement (issue 5): resets, saved vehicles and searches, referrals, private listings.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users, vehicles } from './core';

// --- Referral program (issue 5, "Referral program") ---

/** One code per user, made on first use; stored upper-case, looked up case-insensitively by upper-casing input. */
export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 16 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A credited referral: the friend's new account and the reward owed to the referrer, fixed at credit time
 * (a later change of the setting does not rewrite history). One row per referred account: the unique index
 * is what refuses duplicate credit, even for two racing requests.
 */
export const referrals = pgTable('referrals', {
  id: serial('id').primaryKey(),
  referrerId: integer('referrer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  referredUserId: integer('referred_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 16 }).notNull(),
  status: text('status', { enum: ['credited'] }).notNull().default('credited'),
  rewardAmount: integer('reward_amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('referrals_referred_user_idx').on(t.referredUserId),
  index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
  check('referrals_not_self_check', sql`${t.referrerId} <> ${t.referredUserId}`),
  check('referrals_reward_check', sql`${t.rewardAmount} >= 0`),
]);

// --- Private-seller listings (issue 5, "Private-seller listings") ---

/**
 * The moderation state of a vehicle a customer lists. The vehicle itself is a vehicles row (sellerType
 * 'private seller', ownerId the seller); its status is 'available' only while this listing is approved, so
 * search shows approved listings only.
 */
export const privateListings = pgTable('private_listings', {
  id: serial('id').primaryKey(),
  vehicleId: integer('vehicle_id').notNull().unique().references(() => vehicles.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn', 'sold'] }).notNull().default('pending'),
  rejectionReason: text('rejection_reason'),
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
}, (t) => [
  index('private_listings_owner_idx').on(t.ownerId, t.createdAt),
  index('private_listings_state_idx').on(t.state, t.submittedAt),
  check('private_listings_state_check', sql`${t.state} in ('pending', 'approved', 'rejected', 'withdrawn', 'sold')`),
]);

// --- Password reset (issue 5, "Accounts") ---

/**
 * A password-reset link: only the SHA-256 of its random token is stored (a leaked table yields no usable link).
 * Single use (usedAt) and valid one hour (expiresAt); a new request or a successful reset spends older ones.
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('password_reset_tokens_user_idx').on(t.userId)]);

// --- Saved vehicles and searches (issue 5, "Saved vehicles"; spec §3 saved-vehicle detail entries) ---

/** The server copy of a user's saved list: one row per vehicle, with the save time and the price then. */
export const savedVehicles = pgTable('saved_vehicles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** spec §3: the price when saved (0 when unknown), so the saved page can show the change since. */
  originalPrice: integer('original_price').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.userId, t.vehicleId] }),
  // Events look up who saved a vehicle (price drop, sold).
  index('saved_vehicles_vehicle_idx').on(t.vehicleId),
]);

/** Listing filters saved under a name; lastSeenAt drives "N new since your last visit". */
export const savedSearches = pgTable('saved_searches', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 80 }).notNull(),
  /** The listing filters (domain/saved.ts savedSearchFiltersSchema). */
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  ...timestamps,
}, (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)]);

// --- Email preferences (issue 5, "Notifications"; CASL) ---

/**
 * Which notifications also arrive by email. No row means every email is off: nothing is pre-checked, and marketing
 * consent is recorded with its time (CASL express consent).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  emailPriceDrop: boolean('email_price_drop').notNull().default(false),
  emailVehicleSold: boolean('email_vehicle_sold').notNull().default(false),
  emailSavedSearch: boolean('email_saved_search').notNull().default(false),
  emailReferral: boolean('email_referral').notNull().default(false),
  marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
  marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One per email sent: the link in its footer turns that kind of email off (or all of them) without signing in.
 * Only the token's SHA-256 is stored.
 */
export const unsubscribeTokens = pgTable('unsubscribe_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The preference column's key (e.g. `emailPriceDrop`, `marketingOptIn`); null turns every email off. */
  kind: varchar('kind', { length: 40 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('unsubscribe_tokens_user_idx').on(t.userId)]);
