// Lead delivery (issue 32 part 2): every new lead goes to the dealer's CRM as ADF 1.0, by e-mail to the CRM's
// lead-intake address and/or as a signed webhook. Owned by modules/lead-delivery; the one other writer is
// createLead (modules/leads/service.ts), which records a lead's deliveries through that module's queueLeadDeliveries
// in the lead's own transaction, so a delivery exists exactly when its lead does (the outbox pattern, DESIGN.md 12).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { AppointmentChange } from '@domain/lead-delivery';
import { users } from './core';
import { leads } from './leads';

/**
 * The one row of settings (id 1): where leads go. The webhook's signing secret is sealed with the PII key
 * (modules/crypto/pii.ts, context `lead_delivery_settings.webhook_secret`); the API only ever says whether it is set.
 */
export const leadDeliverySettings = pgTable('lead_delivery_settings', {
  id: smallint('id').primaryKey().default(1),
  adfEmail: varchar('adf_email', { length: 254 }),
  webhookUrl: text('webhook_url'),
  webhookSecret: text('webhook_secret'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
}, () => [check('lead_delivery_settings_one_row', sql`id = 1`)]);

export const LEAD_DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export const LEAD_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'not_sent', 'dead'] as const;
export const LEAD_DELIVERY_EVENTS = ['lead.created', 'appointment.rescheduled', 'appointment.cancelled'] as const;

/**
 * One lead to one endpoint. `pending` waits for next_attempt_at; `sending` is claimed by one dispatcher until
 * claimed_until (a claim whose instance died is taken again after it); `delivered`, `not_sent` (the channel cannot
 * send: an ADF e-mail without a mail server) and `dead` are final. `attempts`
 * counts claims and fences the outcome: only the claim that still holds the row records it.
 */
export const leadDeliveries = pgTable('lead_deliveries', {
  id: serial('id').primaryKey(),
  /** The delivery id a receiver drops duplicates by (webhook `id` and X-Delivery-Id). */
  deliveryId: uuid('delivery_id').notNull().unique().default(sql`gen_random_uuid()`),
  leadId: integer('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
  channel: text('channel', { enum: LEAD_DELIVERY_CHANNELS }).notNull(),
  /** What it tells the CRM (issue 54 §4): a new lead, or a change to its booking. */
  event: text('event', { enum: LEAD_DELIVERY_EVENTS }).notNull().default('lead.created'),
  /** A booking's change as it was when recorded (a later change is a delivery of its own); null for lead.created. */
  change: jsonb('change').$type<AppointmentChange>(),
  /** The e-mail address or webhook URL, as set when the delivery was recorded. */
  target: text('target').notNull(),
  status: text('status', { enum: LEAD_DELIVERY_STATUSES }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
  /** The exact body sent (webhook JSON or ADF XML), fixed at the first attempt so every retry is byte-identical. */
  payload: text('payload'),
  lastError: text('last_error'),
  /** What the endpoint answered last: `HTTP 200`, `sent by SMTP (outbox #12)`… */
  lastResponse: varchar('last_response', { length: 300 }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  deadAt: timestamp('dead_at', { withTimezone: true, mode: 'date' }),
  /** When the dealer was e-mailed about this dead delivery (one e-mail per dispatcher pass lists them all). */
  deadNotifiedAt: timestamp('dead_notified_at', { withTimezone: true, mode: 'date' }),
  /** "Send again": the delivery this one repeats (a new id, so the receiver does not drop it as a duplicate). */
  resendOf: integer('resend_of'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('lead_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  index('lead_deliveries_claimed_idx').on(t.claimedUntil).where(sql`${t.status} = 'sending'`),
  index('lead_deliveries_lead_idx').on(t.leadId),
  index('lead_deliveries_created_idx').on(t.createdAt),
  index('lead_deliveries_dead_idx').on(t.deadAt).where(sql`${t.status} = 'dead' and ${t.deadNotifiedAt} is null`),
  check('lead_deliveries_channel_check', sql`${t.channel} in ('email', 'webhook')`),
  check('lead_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'delivered', 'not_sent', 'dead')`),
  check('lead_deliveries_event_check', sql`${t.event} in ('lead.created', 'appointment.rescheduled', 'appointment.cancelled')`),
]);
