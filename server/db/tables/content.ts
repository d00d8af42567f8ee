// Content (issue 7): blog posts and site pages, blog categories, and the slugs a post or page used to have.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
import { sql } from 'drizzle-orm';
import {
  check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './core';

/** Blog categories (spec §2 /blog/category/{slug}): each has its own title and description. */
export const contentCategories = pgTable('content_categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 80 }).notNull().unique(),
  title: varchar('title', { length: 120 }).notNull(),
  description: text('description').notNull().default(''),
  position: smallint('position').notNull().default(0),
  ...timestamps,
});

/**
 * A blog post (kind 'post', served at /blog/{slug}) or a site page (kind 'page': the info and legal pages of
 * spec §2, served at /{slug}). The body is Markdown; it is rendered and sanitised on read (domain/content.ts
 * rules, server/modules/content/render.ts), never stored as HTML, so a stricter sanitiser applies to old
 * content too.
 *
 * Visibility: a draft is never public; 'published' and 'scheduled' are public once publishedAt has passed
 * (a scheduled entry's publishedAt is its publishAt), enforced in every public query, so no job is needed.
 */
export const contentEntries = pgTable('content_entries', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['post', 'page'] }).notNull(),
  slug: varchar('slug', { length: 120 }).notNull(),
  title: varchar('title', { length: 160 }).notNull(),
  /** The summary on cards, in the feed and the meta description. */
  excerpt: varchar('excerpt', { length: 320 }).notNull().default(''),
  body: text('body').notNull().default(''),
  status: text('status', { enum: ['draft', 'published', 'scheduled'] }).notNull().default('draft'),
  /** When a scheduled entry goes live. */
  publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
  /** The public date; public queries require it to have passed. */
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  /** The byline as shown, kept even if the account goes away. */
  authorName: varchar('author_name', { length: 100 }).notNull().default(''),
  categoryId: integer('category_id').references(() => contentCategories.id, { onDelete: 'set null' }),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** A URL under /uploads (image pipeline) or a bundled image path. */
  coverImage: text('cover_image'),
  coverAlt: varchar('cover_alt', { length: 200 }).notNull().default(''),
  /** Minutes at the reading speed of domain/content.ts, computed on save. */
  readingTime: smallint('reading_time').notNull().default(1),
  /** Which live inventory to suggest beside the post (a listing filter subset); empty means newest dealer stock. */
  relatedVehicles: jsonb('related_vehicles').$type<{ bodyType?: string; fuelType?: string; maxPrice?: number }>().notNull().default({}),
  ...timestamps,
}, (t) => [
  uniqueIndex('content_entries_kind_slug_idx').on(t.kind, t.slug),
  index('content_entries_public_idx').on(t.kind, t.status, t.publishedAt),
  index('content_entries_category_idx').on(t.categoryId, t.publishedAt),
  index('content_entries_tags_idx').using('gin', t.tags),
  check('content_entries_kind_check', sql`${t.kind} in ('post', 'page')`),
  check('content_entries_status_check', sql`${t.status} in ('draft', 'published', 'scheduled')`),
  check('content_entries_scheduled_check', sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
]);

/** A slug an entry used to have: old links answer 301 to the current one (issue 7, "redirects kept"). */
export const contentSlugRedirects = pgTable('content_slug_redirects', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['post', 'page'] }).notNull(),
  oldSlug: varchar('old_slug', { length: 120 }).notNull(),
  entryId: integer('entry_id').notNull().references(() => contentEntries.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('content_slug_redirects_kind_slug_idx').on(t.kind, t.oldSlug),
  index('content_slug_redirects_entry_idx').on(t.entryId),
]);
