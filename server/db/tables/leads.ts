// Leads and conversations (issue 6): every enquiry that reaches the dealer (chat, booking, contact, pre-approval,
// sell/trade, private-listing message) is one row in `leads`, so the inbox at /admin/leads is one query and no
// lead is lost. Chat messages hang off a chat session and, once the shopper left a name and phone, off the lead.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { appointments, users, vehicles } from './core';

/** The sales pipeline a lead moves through (issue 6, "status pipeline"). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'appointment', 'sold', 'lost'] as const;

/** A trade-in the shopper described; exported as the second ADF <vehicle interest="trade-in">. */
export interface LeadTradeIn {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  vin?: string | null;
  mileage?: number | null;
  condition?: string | null;
}

export const leads = pgTable('leads', {
  id: serial('id').primaryKey(),
  /** Where it came from: `carbro_chat` (spec §3), `booking`, `contact`, `pre_approval`, `sell_my_vehicle`, `trade_appraiser`, `private_listing`… */
  source: varchar('source', { length: 40 }).notNull(),
  /** What kind of enquiry: `chat` (spec §3), `appointment`, `contact`, `pre_approval`, `sell`, `trade_in`, `listing_message`, `general`. */
  leadType: varchar('lead_type', { length: 30 }).notNull(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  phone: varchar('phone', { length: 40 }),
  email: varchar('email', { length: 254 }),
  message: text('message').notNull().default(''),
  vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  /** Human label of the vehicle of interest, kept when the vehicle row is later deleted. */
  vehicleInfo: varchar('vehicle_info', { length: 200 }),
  tradeIn: jsonb('trade_in').$type<LeadTradeIn>(),
  /** The rest of what the form sent (spec §3 additionalData), never shown to the public. */
  additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
  assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  /** The signed-in shopper, if any. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  /** The record another module keeps for this lead, e.g. `pre_approval`/42, so the inbox can link to it. */
  refType: varchar('ref_type', { length: 40 }),
  refId: varchar('ref_id', { length: 64 }),
  /**
   * SHA-256 of the random token handed to the chat widget when it created this lead: the widget proves with it
   * that later chat messages belong to this lead, without exposing lead ids to guessing.
   */
  chatTokenHash: varchar('chat_token_hash', { length: 64 }),
  /**
   * SHA-256 of the random token handed back with a sell/trade estimate: the anonymous seller proves with it that
   * the photos they send next belong to this lead (modules/appraisal).
   */
  photoTokenHash: varchar('photo_token_hash', { length: 64 }),
  /** The first time staff moved the lead out of `new` or wrote a note: the inbox's "time to first response". */
  firstResponseAt: timestamp('first_response_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
}, (t) => [
  index('leads_created_idx').on(t.createdAt),
  index('leads_status_idx').on(t.status, t.createdAt),
  index('leads_source_idx').on(t.source),
  index('leads_assignee_idx').on(t.assigneeId),
  index('leads_vehicle_idx').on(t.vehicleId),
  uniqueIndex('leads_chat_token_idx').on(t.chatTokenHash),
  uniqueIndex('leads_photo_token_idx').on(t.photoTokenHash),
  index('leads_ref_idx').on(t.refType, t.refId),
  check('leads_status_check', sql`${t.status} in ('new', 'contacted', 'qualified', 'appointment', 'sold', 'lost')`),
]);

/** Staff notes on a lead (the inbox's notes; writing one counts as a first response). */
export const leadNotes = pgTable('lead_notes', {
  id: serial('id').primaryKey(),
  leadId: integer('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: varchar('author_name', { length: 100 }).notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)]);

/**
 * Photos a seller attached to a sell/trade lead (issue 6: "photos"), processed by the media pipeline like the lot's.
 * The files go with their rows: whoever deletes a lead deletes these files first (media/pipeline deleteImage).
 */
export const leadPhotos = pgTable('lead_photos', {
  id: serial('id').primaryKey(),
  leadId: integer('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
  /** Storage key prefix; variants live at `${key}-${width}.${format}`. */
  storageKey: text('storage_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** [{width, format}] of the stored variants. */
  variants: jsonb('variants').$type<{ width: number; format: 'webp' | 'avif' }[]>().notNull(),
  bytes: integer('bytes').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('lead_photos_lead_idx').on(t.leadId, t.id)]);

export const CHAT_ROLES = ['user', 'assistant'] as const;

/** One message of a car-assistant conversation (spec §3 chat message), stored against its session and lead. */
export const chatMessages = pgTable('chat_messages', {
  id: serial('id').primaryKey(),
  sessionId: varchar('session_id', { length: 64 }).notNull(),
  leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  role: text('role', { enum: CHAT_ROLES }).notNull(),
  content: text('content').notNull(),
  /** Which assistant answered (`builtin` or `llm`), for the inbox and for tuning. */
  engine: varchar('engine', { length: 20 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('chat_messages_session_idx').on(t.sessionId, t.createdAt),
  index('chat_messages_lead_idx').on(t.leadId, t.createdAt),
  check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
]);

/**
 * The car assistant's conversation context by session (issue 30: shared state, so a follow-up question answered
 * by another instance, or after a restart, reads it; decision 004). Written only by modules/assistant/session.ts.
 * A row past expires_at is as good as gone (never read) and is purged by the housekeeping job.
 */
export const assistantSessions = pgTable('assistant_sessions', {
  id: varchar('id', { length: 64 }).primaryKey(),
  context: jsonb('context').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('assistant_sessions_expires_idx').on(t.expiresAt)]);

/** How a hold ended (domain/holds.ts HOLD_END_REASONS). */
export const HOLD_END_REASONS = ['released', 'expired', 'sold', 'made_available'] as const;

/**
 * Confirmed holds (issue 19): the record of each hold a shopper asked for (the lead) and staff confirmed, and how it
 * ended. Written only by the vehicle write path (modules/vehicles/commands.ts), in the transaction that sets or clears
 * vehicles.held_until. One hold per lead (confirming twice is refused) and at most one open hold per vehicle.
 */
export const vehicleHolds = pgTable('vehicle_holds', {
  id: serial('id').primaryKey(),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  leadId: integer('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
  heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }).notNull(),
  confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  endReason: text('end_reason', { enum: HOLD_END_REASONS }),
}, (t) => [
  uniqueIndex('vehicle_holds_lead_idx').on(t.leadId),
  uniqueIndex('vehicle_holds_open_idx').on(t.vehicleId).where(sql`${t.endedAt} is null`),
  check('vehicle_holds_end_check', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
  check('vehicle_holds_reason_check', sql`${t.endReason} is null or ${t.endReason} in ('released', 'expired', 'sold', 'made_available')`),
]);
