// Customer accounts and engagement (issue 5): resets, saved vehicles and searches, referrals, private listings.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
