// Core tables: accounts, sessions, inventory, appointments and affordability criteria (foundation and shopping issues).
import { sql } from 'drizzle-orm';
import {
  bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 32 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: varchar('first_name', { length: 60 }),
  lastName: varchar('last_name', { length: 60 }),
  profileImageUrl: text('profile_image_url'),
  /** The profile photo's storage key and stored variants (issue 31 §2: its files are found by key, not by its URL). */
  profileImageKey: text('profile_image_key'),
  profileImageVariants: jsonb('profile_image_variants').$type<{ width: number; format: 'webp' | 'avif' }[]>(),
  role: text('role', { enum: ['customer', 'admin'] }).notNull().default('customer'),
  isActive: integer('is_active').notNull().default(1),
  ...timestamps,
}, (t) => [
  // Usernames and emails are unique regardless of case.
  uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  check('users_role_check', sql`${t.role} in ('customer', 'admin')`),
]);

export const sessions = pgTable('sessions', {
  /** SHA-256 of the random 256-bit token: a stolen table does not yield usable tokens. */
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Absolute expiry; idle expiry is lastSeenAt + the idle window. */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  userAgent: text('user_agent'),
  ip: varchar('ip', { length: 64 }),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const vehicles = pgTable('vehicles', {
  id: serial('id').primaryKey(),
  vin: varchar('vin', { length: 17 }).notNull().unique(),
  stockNumber: varchar('stock_number', { length: 20 }).notNull().unique(),
  year: smallint('year').notNull(),
  make: varchar('make', { length: 40 }).notNull(),
  model: varchar('model', { length: 60 }).notNull(),
  trim: varchar('trim', { length: 60 }),
  price: integer('price').notNull(),
  originalPrice: integer('original_price'),
  mileage: integer('mileage').notNull(),
  bodyType: varchar('body_type', { length: 40 }).notNull(),
  condition: text('condition', { enum: ['new', 'used'] }).notNull().default('used'),
  sellerType: text('seller_type', { enum: ['dealer', 'private seller'] }).notNull().default('dealer'),
  status: text('status', { enum: ['available', 'pending', 'sold'] }).notNull().default('available'),
  transmission: varchar('transmission', { length: 40 }).notNull(),
  engine: varchar('engine', { length: 80 }),
  drivetrain: varchar('drivetrain', { length: 10 }),
  fuelType: varchar('fuel_type', { length: 30 }).notNull(),
  exteriorColor: varchar('exterior_color', { length: 40 }).notNull(),
  interiorColor: varchar('interior_color', { length: 40 }),
  doors: smallint('doors'),
  seats: smallint('seats'),
  description: text('description').notNull().default(''),
  location: text('location', { enum: ['Edmonton', 'Calgary'] }).notNull(),
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /** Lower-cased text the listing search matches (prefix, substring and trigram similarity). */
  searchText: text('search_text').generatedAlwaysAs(
    (): ReturnType<typeof sql> => sql`lower(${vehicles.year}::text || ' ' || ${vehicles.make} || ' ' || ${vehicles.model} || ' ' || coalesce(${vehicles.trim}, '') || ' ' || ${vehicles.bodyType} || ' ' || ${vehicles.exteriorColor} || ' ' || coalesce(${vehicles.interiorColor}, '') || ' ' || ${vehicles.fuelType} || ' ' || coalesce(${vehicles.drivetrain}, '') || ' ' || immutable_array_to_string(${vehicles.features}, ' '))`,
  ),
  soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }),
  /**
   * The end of a confirmed hold (issue 19): set only while the vehicle is held (status pending), which keeps it in
   * search. The hold's record (who asked, who confirmed, how it ended) is a vehicle_holds row.
   */
  heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
  /**
   * AMVIC's written disclosures before a used sale (issue 34 §5; domain/amvic-disclosures.ts): item key → 'yes' |
   * 'no' | 'unknown'. A key that is absent is unanswered, which is not the same as 'unknown'. Imports and feeds
   * leave it empty.
   */
  amvicDisclosures: jsonb('amvic_disclosures').$type<Record<string, 'yes' | 'no' | 'unknown'>>().notNull().default(sql`'{}'::jsonb`),
  ...timestamps,
}, (t) => [
  index('vehicles_status_price_idx').on(t.status, t.price),
  index('vehicles_status_year_idx').on(t.status, t.year),
  index('vehicles_status_mileage_idx').on(t.status, t.mileage),
  index('vehicles_status_created_idx').on(t.status, t.createdAt),
  index('vehicles_make_model_idx').on(t.make, t.model),
  // The listing filters makes case-insensitively (lower(make) = any(...)); this keeps make filters off a full scan.
  index('vehicles_make_lower_idx').on(sql`lower(${t.make})`),
  // The default "recommended" order (price cuts first, then newest; read backwards): a listing page is an index read.
  index('vehicles_recommended_idx').on(t.status, sql`(${t.originalPrice} is not null)`, t.createdAt, t.id),
  index('vehicles_body_idx').on(t.bodyType),
  index('vehicles_owner_idx').on(t.ownerId),
  index('vehicles_features_idx').using('gin', t.features),
  index('vehicles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  check('vehicles_price_check', sql`${t.price} >= 0`),
  check('vehicles_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} > ${t.price}`),
  check('vehicles_mileage_check', sql`${t.mileage} >= 0`),
  check('vehicles_year_check', sql`${t.year} between 1980 and 2100`),
  check('vehicles_vin_check', sql`${t.vin} ~ '^[A-HJ-NPR-Z0-9]{17}$'`),
  check('vehicles_held_until_check', sql`${t.heldUntil} is null or ${t.status} = 'pending'`),
  // The expiry job's question: holds that ended by now.
  index('vehicles_held_until_idx').on(t.heldUntil).where(sql`${t.heldUntil} is not null`),
]);

export const vehiclePhotos = pgTable('vehicle_photos', {
  id: serial('id').primaryKey(),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  /** 0 is the cover photo. */
  position: smallint('position').notNull(),
  alt: text('alt').notNull().default(''),
  /** Storage key prefix; variants live at `${key}-${width}.${format}`. */
  storageKey: text('storage_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** [{width, format}] of the stored variants. */
  variants: jsonb('variants').$type<{ width: number; format: 'webp' | 'avif' | 'jpeg' }[]>().notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('vehicle_photos_vehicle_idx').on(t.vehicleId, t.position)]);

export const priceHistory = pgTable('price_history', {
  id: serial('id').primaryKey(),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  previousPrice: integer('previous_price'),
  price: integer('price').notNull(),
  changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('price_history_vehicle_idx').on(t.vehicleId, t.changedAt)]);

/**
 * A vehicle change made in steps (issue 30 §5; docs/decisions/031-imports-in-steps.md): on the embedded database a
 * large import commits 25 rows at a time so other requests get the one connection between steps. This row is its
 * journal: the vehicles it created and (vehicle_change_run_befores) the rows it changed as they were, so a failed
 * step, or a process that died mid-import, is undone (modules/vehicles/commands.ts), and the import stays all or
 * nothing. Nothing is announced (index, caches, alerts, other instances) until the run is finished.
 */
export const vehicleChangeRuns = pgTable('vehicle_change_runs', {
  id: serial('id').primaryKey(),
  /** What the run is, for the log ("import.commit"). */
  label: text('label').notNull(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** The time every write of the run carries (price history, updated_at): what undoing it finds them by. */
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  state: text('state', { enum: ['running', 'finished', 'rolled_back'] }).notNull().default('running'),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  createdIds: integer('created_ids').array().notNull().default(sql`'{}'::int[]`),
}, (t) => [
  check('vehicle_change_runs_state_check', sql`${t.state} in ('running', 'finished', 'rolled_back')`),
  index('vehicle_change_runs_running_idx').on(t.id).where(sql`${t.state} = 'running'`),
]);

/** A vehicle as it was before a run's first change to it: what undoing the run writes back. */
export const vehicleChangeRunBefores = pgTable('vehicle_change_run_befores', {
  runId: integer('run_id').notNull().references(() => vehicleChangeRuns.id, { onDelete: 'cascade' }),
  vehicleId: integer('vehicle_id').notNull(),
  before: jsonb('before').notNull(),
}, (t) => [primaryKey({ columns: [t.runId, t.vehicleId] })]);

/**
 * Deal ratings (issue 19; docs/decisions/017-deal-rating.md), kept by the vehicle write path in the write's own
 * transaction (modules/vehicles/deal-ratings.ts): the SQL listing's best-deal order reads it, the inventory index
 * holds it. One row per vehicle on the market (available or sold), rated or not: the row remembers the vehicle's
 * make/model group, so an edit to another model or a removal re-rates the group it leaves. The rating columns are
 * null when the vehicle is not rated (fewer than MIN_COMPARABLES comparables, or sold). No foreign key on purpose:
 * a removed vehicle's row is what tells the write path which group it left; the write path deletes it then.
 */
export const dealRatings = pgTable('deal_ratings', {
  vehicleId: integer('vehicle_id').primaryKey(),
  /** lower(make), U+001F, lower(model) (domain comparableGroup): the group recomputed when one of its vehicles changes. */
  groupKey: text('group_key').notNull(),
  rating: text('rating', { enum: ['great', 'good', 'fair', 'high'] }),
  marketPrice: integer('market_price'),
  difference: integer('difference'),
  /** difference / market price in basis points: the best-deal order (ascending, unrated last), as the index sorts it. */
  differenceBp: integer('difference_bp'),
  comparableCount: smallint('comparable_count').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('deal_ratings_group_idx').on(t.groupKey),
  check('deal_ratings_rating_check', sql`${t.rating} is null or ${t.rating} in ('great', 'good', 'fair', 'high')`),
]);

/**
 * Each vehicle's listing JSON (issue 17; docs/decisions/013-inventory-index.md): exactly what GET /api/vehicles
 * shows of it, serialised once per change rather than on every page read (modules/vehicles/listing-json.ts). Its own
 * table, so a fill never rewrites the wide vehicles row. Triggers on every table the JSON reads (vehicles,
 * vehicle_photos, deal_ratings) bump `version` and clear `json` in the writing transaction, whoever writes; a fill
 * stores its JSON only if the version it read with is still current. `format` names the shape of the JSON
 * (LISTING_JSON_FORMAT): JSON of an older shape is recomputed. A derived cache: backups leave it out.
 */
export const vehicleListingJson = pgTable('vehicle_listing_json', {
  vehicleId: integer('vehicle_id').primaryKey().references(() => vehicles.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  format: smallint('format').notNull().default(0),
  json: text('json'),
});

/** Seed runs once: this row records that it did (spec: seed the demo data on first start only). */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Test-drive and other appointment requests (spec §3 appointment request, §5 validation). */
export const appointments = pgTable('appointments', {
  id: serial('id').primaryKey(),
  customerName: varchar('customer_name', { length: 100 }).notNull(),
  customerPhone: varchar('customer_phone', { length: 40 }).notNull(),
  customerEmail: varchar('customer_email', { length: 254 }),
  appointmentType: text('appointment_type', { enum: ['test_drive', 'consultation', 'financing', 'inspection', 'general'] }).notNull(),
  /** The dealership-local calendar date (YYYY-MM-DD) and slot label the customer chose. */
  preferredDate: varchar('preferred_date', { length: 10 }).notNull(),
  preferredTime: varchar('preferred_time', { length: 10 }).notNull(),
  message: text('message').notNull().default(''),
  vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  vehicleInfo: varchar('vehicle_info', { length: 200 }).notNull().default('General Consultation'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['requested', 'confirmed', 'completed', 'cancelled', 'no_show'] }).notNull().default('requested'),
  /** Issue 33 §1: the store the booking is at (its hours applied), named in the shopper's confirmation and reminder. */
  location: varchar('location', { length: 40 }),
  /** Issue 33 §1: when the day-before reminder e-mail was queued (set once, by the job that claimed it). */
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
  /** Issue 33 §1: bumped when the shopper changes or cancels through their signed link, so older links stop working. */
  linkVersion: smallint('link_version').notNull().default(0),
  ...timestamps,
}, (t) => [
  index('appointments_vehicle_idx').on(t.vehicleId),
  index('appointments_created_idx').on(t.createdAt),
]);

/** Affordability criteria a shopper applied from the calculator (spec §7 POST /api/approval-criteria). */
export const approvalCriteria = pgTable('approval_criteria', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  creditScoreMin: smallint('credit_score_min').notNull(),
  creditScoreMax: smallint('credit_score_max').notNull(),
  monthlyIncome: integer('monthly_income').notNull(),
  downPayment: integer('down_payment').notNull(),
  monthlyBudget: integer('monthly_budget').notNull(),
  loanTerm: smallint('loan_term').notNull(),
  /** Annual percent with two decimals, kept as basis points to stay exact. */
  interestRateBp: integer('interest_rate_bp').notNull(),
  approvedAmount: integer('approved_amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('approval_criteria_user_idx').on(t.userId, t.createdAt)]);
