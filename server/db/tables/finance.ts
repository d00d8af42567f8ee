// Financing and first-party analytics tables (issue 6: pre-approval, form analytics, page views).
// Pre-approval applications hold the most sensitive data on the site: every personal field lives in one
// AES-256-GCM envelope (modules/crypto/pii.ts), never in a plain column, and rows are purged after the
// retention period (modules/jobs). Analytics tables hold no personal data by construction (spec §7).
import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users, vehicles } from './core';

export const PRE_APPROVAL_STATUSES = ['new', 'contacted', 'approved', 'declined', 'funded'] as const;

/** A financing pre-approval application (issue 6 "Financing and pre-approval"). */
export const preApprovalApplications = pgTable('pre_approval_applications', {
  id: serial('id').primaryKey(),
  /** The lead created with the application (leads module); kept without a foreign key so purging one never blocks the other. */
  leadId: integer('lead_id'),
  status: text('status', { enum: PRE_APPROVAL_STATUSES }).notNull().default('new'),
  assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  /** What the shopper said they want, e.g. "2020 Ford F-150" or "SUV under $30k": not personal. */
  vehicleInterest: varchar('vehicle_interest', { length: 200 }).notNull().default(''),
  /**
   * Everything personal (name, email, phone, date of birth, address, employer, income, housing payment, down
   * payment, trade-in) as one encrypted envelope `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url).
   */
  pii: text('pii').notNull(),
  /** The exact credit-check consent wording the applicant agreed to, and when (Alberta PIPA; DESIGN.md). */
  consentText: text('consent_text').notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
  ...timestamps,
}, (t) => [
  index('pre_approvals_created_idx').on(t.createdAt),
  index('pre_approvals_status_idx').on(t.status, t.createdAt),
  index('pre_approvals_assignee_idx').on(t.assigneeId),
  check('pre_approvals_status_check', sql`${t.status} in ('new', 'contacted', 'approved', 'declined', 'funded')`),
]);

/** Staff notes on an application. They go with it when it is purged. */
export const preApprovalNotes = pgTable('pre_approval_notes', {
  id: serial('id').primaryKey(),
  applicationId: integer('application_id').notNull().references(() => preApprovalApplications.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: varchar('author_name', { length: 100 }).notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('pre_approval_notes_app_idx').on(t.applicationId, t.createdAt)]);

export const FORM_EVENT_KINDS = ['start', 'step', 'abandon', 'complete', 'exit_intent', 'page_leave'] as const;

/**
 * Form funnel events (spec §4 exit intent, §7 form-analytics beacon). A random per-tab session id ties the
 * events of one visit together; no field values, names, addresses or IPs are stored.
 */
export const formEvents = pgTable('form_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  form: varchar('form', { length: 40 }).notNull(),
  step: varchar('step', { length: 40 }),
  event: text('event', { enum: FORM_EVENT_KINDS }).notNull(),
  sessionId: varchar('session_id', { length: 64 }).notNull(),
  /** Time on site or on the form when the event fired (page_leave, abandon), in ms. */
  durationMs: integer('duration_ms'),
  ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('form_events_form_ts_idx').on(t.form, t.ts),
  index('form_events_ts_idx').on(t.ts),
  check('form_events_event_check', sql`${t.event} in ('start', 'step', 'abandon', 'complete', 'exit_intent', 'page_leave')`),
]);

/** Page views (spec §7: route changes and 2 s after load). Path and vehicle only: no session, IP or agent. */
export const pageViews = pgTable('page_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  path: varchar('path', { length: 300 }).notNull(),
  vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('page_views_vehicle_ts_idx').on(t.vehicleId, t.ts),
  index('page_views_ts_idx').on(t.ts),
]);

/**
 * Real visitors' Core Web Vitals (issue 35 §3): the kind of page, phone or desktop, the metric and its value. No path,
 * session, IP or agent, like page views.
 */
export const webVitals = pgTable('web_vitals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  page: varchar('page', { length: 20 }).notNull(),
  formFactor: varchar('form_factor', { length: 10 }).notNull(),
  metric: varchar('metric', { length: 4 }).notNull(),
  value: doublePrecision('value').notNull(),
  ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('web_vitals_ts_idx').on(t.ts)]);
