// The deal worksheet (issue 34). Owned by modules/deal-worksheet.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { DealIncentive, DealProduct, DealQuote, DealQuoteRequest } from '@domain/deal-worksheet';
import { users, vehicles } from './core';
import { leads } from './leads';

/** The one row (id 1) of the dealer's worksheet settings: optional products and incentives with their rules (§1). */
export const dealSettings = pgTable('deal_settings', {
  id: smallint('id').primaryKey().default(1),
  products: jsonb('products').$type<DealProduct[]>().notNull().default([]),
  incentives: jsonb('incentives').$type<DealIncentive[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
}, () => [check('deal_settings_one_row', sql`id = 1`)]);

/**
 * A worksheet a shopper kept or sent (§4): the request and the answer as quoted then, so the shared link shows what
 * the shopper saw even after a price or a setting changes. `shareToken` is the unguessable read-only link.
 */
export const dealWorksheets = pgTable('deal_worksheets', {
  id: serial('id').primaryKey(),
  shareToken: varchar('share_token', { length: 32 }).notNull().unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  request: jsonb('request').$type<DealQuoteRequest>().notNull(),
  quote: jsonb('quote').$type<DealQuote>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('deal_worksheets_user_idx').on(t.userId, t.createdAt)]);
