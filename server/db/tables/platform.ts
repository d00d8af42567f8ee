// Cross-cutting tables every area writes to: the admin audit log, user notifications and the mail outbox.
// Each has one writer helper (modules/audit, modules/notifications, modules/mail); write through those.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users, vehicles } from './core';

/** Every change an admin makes: who, when, what, before and after (admin issue, "Access"). */
export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** Kept so the log still says who after the account is deleted. */
  actorName: varchar('actor_name', { length: 100 }).notNull(),
  /** Dotted verb, e.g. `vehicle.create`, `vehicle.price_change`, `import.commit`, `lead.view`. */
  action: varchar('action', { length: 60 }).notNull(),
  entityType: varchar('entity_type', { length: 40 }).notNull(),
  entityId: varchar('entity_id', { length: 64 }),
  summary: text('summary').notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: varchar('ip', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('audit_log_created_idx').on(t.createdAt),
  index('audit_log_entity_idx').on(t.entityType, t.entityId),
  index('audit_log_actor_idx').on(t.actorId),
]);

export const NOTIFICATION_TYPES = ['price_drop', 'success', 'warning', 'error', 'info'] as const;

/** In-app notifications (spec §3 notification, §2 bell). Created by real events only. */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
  /** What produced it, e.g. `saved_vehicle.price_drop`, `listing.approved`: drives email preferences. */
  event: varchar('event', { length: 60 }).notNull(),
  title: varchar('title', { length: 200 }).notNull(),
  message: text('message').notNull(),
  vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  link: text('link'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('notifications_user_idx').on(t.userId, t.createdAt),
  check('notifications_type_check', sql`${t.type} in ('price_drop', 'success', 'warning', 'error', 'info')`),
]);

/**
 * Every email the site sends. Without SMTP_URL this table is the delivery (admins read it at /admin/outbox);
 * with it, rows record what was sent and whether it failed.
 */
/** A file attached to an outbox message (issue 33 §1: a booking's calendar invitation). */
export interface OutboxAttachment { filename: string; contentType: string; content: string }

export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  toAddress: varchar('to_address', { length: 254 }).notNull(),
  subject: varchar('subject', { length: 300 }).notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Issue 57: where a reply goes (a shopper's e-mail: the store it is about); the sender is a no-reply address. */
  replyTo: varchar('reply_to', { length: 254 }),
  /** e.g. `password_reset`, `lead_notification`, `listing_message`, `notification`. */
  category: varchar('category', { length: 40 }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['stored', 'sending', 'sent', 'failed'] }).notNull().default('stored'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  /**
   * Issue 33 §1: files sent with the message (a booking's `.ics` invitation), content as text. Not secrets: what
   * the shopper booked, which the outbox row already says.
   */
  attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
  /** Issue 33 §1: failed sends of a shopper's message so far; it is tried again (with backoff) until the limit. */
  attempts: smallint('attempts').notNull().default(0),
  /** Issue 33 §1: a message whose send failed waits until this time before the dispatcher tries it again. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  index('outbox_created_idx').on(t.createdAt),
  index('outbox_to_idx').on(sql`lower(${t.toAddress})`),
]);
