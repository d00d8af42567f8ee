// Inventory feeds in (issue 32 part 1). Written by modules/inventory-feeds only; vehicles and their photos are written
// through the vehicle write path and the media module, inside the feed run's one transaction.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FeedDefaults, FeedTranslations } from '@domain/feed-reading';
import type { FeedMapping, FeedRun, RunDiff, RunMessage } from '@domain/inventory-feeds';
import { timestamps } from './columns';
import { vehiclePhotos, vehicles } from './core';

export const inventoryFeeds = pgTable('inventory_feeds', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  url: text('url').notNull(),
  format: text('format', { enum: ['csv'] }).notNull().default('csv'),
  intervalMinutes: integer('interval_minutes').notNull().default(60),
  /** our field → the feed's column (domain/inventory-feeds.ts). */
  mapping: jsonb('mapping').$type<FeedMapping>().notNull().default({}),
  username: text('username'),
  /** Basic-auth password sealed with the PII key (modules/crypto/pii.ts), never stored or returned in clear. */
  passwordSealed: text('password_sealed'),
  goneAction: text('gone_action', { enum: ['sold', 'delete'] }).notNull().default('sold'),
  removalThresholdPercent: smallint('removal_threshold_percent').notNull().default(30),
  enabled: boolean('enabled').notNull().default(true),
  /** How the file is read (issue 54 §1): 'auto' detects the encoding and the delimiter; a null unit reads the header. */
  encoding: text('encoding', { enum: ['auto', 'utf-8', 'windows-1252'] }).notNull().default('auto'),
  delimiter: text('delimiter', { enum: ['auto', 'comma', 'semicolon', 'tab', 'pipe'] }).notNull().default('auto'),
  odometerUnit: text('odometer_unit', { enum: ['km', 'mi'] }),
  /** What a row lacks (a single store's export names no store), and the DMS's codes for our values, per field. */
  defaults: jsonb('defaults').$type<FeedDefaults>().notNull().default({}),
  translations: jsonb('translations').$type<FeedTranslations>().notNull().default({}),
  /** The validators of the last fetched body, sent back as If-None-Match / If-Modified-Since. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** Rows of the last applied run: a feed that shrinks by half is held (issue 32 "Safety"). */
  lastRows: integer('last_rows'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});

export const inventoryFeedRuns = pgTable('inventory_feed_runs', {
  id: serial('id').primaryKey(),
  feedId: integer('feed_id').notNull().references(() => inventoryFeeds.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['running', 'succeeded', 'failed', 'held', 'approved', 'discarded'] }).notNull(),
  trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  durationMs: integer('duration_ms'),
  rows: integer('rows').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  returned: integer('returned').notNull().default(0),
  adopted: integer('adopted').notNull().default(0),
  notModified: boolean('not_modified').notNull().default(false),
  /** A running run's progress, and its process's last sign of life: a run whose heartbeat stops was cut off. */
  progress: jsonb('progress').$type<NonNullable<FeedRun['progress']>>(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  photosDownloaded: integer('photos_downloaded').notNull().default(0),
  warnings: jsonb('warnings').$type<RunMessage[]>().notNull().default([]),
  errors: jsonb('errors').$type<RunMessage[]>().notNull().default([]),
  heldReason: text('held_reason'),
  diff: jsonb('diff').$type<RunDiff>(),
  /** A held run's parsed rows, applied as they were when an admin approves (the feed may have changed since). */
  plan: jsonb('plan'),
}, (t) => [
  index('inventory_feed_runs_feed_idx').on(t.feedId, t.id),
  // One run of a feed at a time, across instances: a second start fails on this index (answered 409).
  uniqueIndex('inventory_feed_runs_one_running_idx').on(t.feedId).where(sql`status = 'running'`),
]);

/** The vehicles a feed created or adopted, with what it last said about them. */
export const inventoryFeedUnits = pgTable('inventory_feed_units', {
  vehicleId: integer('vehicle_id').primaryKey().references(() => vehicles.id, { onDelete: 'cascade' }),
  feedId: integer('feed_id').notNull().references(() => inventoryFeeds.id, { onDelete: 'cascade' }),
  /** A hash of the row's mapped cells: an unchanged row is recognised without comparing field by field. */
  rowHash: text('row_hash').notNull(),
  photoUrls: text('photo_urls').array().notNull().default(sql`'{}'::text[]`),
  /** Feed fields an admin keeps from the feed; ['*'] keeps the whole vehicle. */
  lockedFields: text('locked_fields').array().notNull().default(sql`'{}'::text[]`),
  /** Fields the feed's row lacked and the VIN decoder gave (shown as decoded on the vehicle's feed panel). */
  decodedFields: text('decoded_fields').array().notNull().default(sql`'{}'::text[]`),
  /**
   * When the feed itself took the unit down (it left the feed): such a unit is re-listed when it comes back. A unit
   * sold by hand has none, and stays sold.
   */
  removedByFeedAt: timestamp('removed_by_feed_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('inventory_feed_units_feed_idx').on(t.feedId)]);

/** The photos a feed downloaded, by their URL: a URL already stored for the vehicle is not downloaded again. */
export const inventoryFeedPhotos = pgTable('inventory_feed_photos', {
  id: serial('id').primaryKey(),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  photoId: integer('photo_id').notNull().references(() => vehiclePhotos.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
}, (t) => [uniqueIndex('inventory_feed_photos_vehicle_url_idx').on(t.vehicleId, t.url)]);
