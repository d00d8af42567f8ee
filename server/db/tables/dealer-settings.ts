// Dealer settings an admin changes in the back office (issues 33 §6 and 34 §5): the days the stores close, and
// whether the feeds keep out used vehicles whose AMVIC disclosures are unanswered. One row (id 1), owned by
// modules/dealer-settings; no row means the defaults of domain/dealer-settings.ts.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

export const dealerSettings = pgTable('dealer_settings', {
  id: smallint('id').primaryKey().default(1),
  /** Named Alberta holidays the stores close on (keys of domain ALBERTA_HOLIDAYS). */
  closedHolidays: jsonb('closed_holidays').$type<string[]>().notNull(),
  /** Other closed days: 'MM-DD' every year, or 'YYYY-MM-DD' once. */
  closedDates: jsonb('closed_dates').$type<string[]>().notNull(),
  /** Off by default: keep used vehicles with unanswered AMVIC disclosures out of the Google feed and inventory CSV. */
  feedsRequireDisclosures: boolean('feeds_require_disclosures').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
}, () => [check('dealer_settings_one_row', sql`id = 1`)]);
