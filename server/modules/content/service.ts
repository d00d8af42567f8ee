// Content service (issue 7): the public blog and site pages, and the back office's writes. Every public read goes
// through `visible()`, the SQL form of domain/content.ts isPubliclyVisible: a draft or a post scheduled for later
// is never served, found by slug, listed, counted, put in the feed or in the sitemap. No job publishes anything:
// a scheduled post simply starts matching once its time has passed.
import { and, arrayOverlaps, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { contentInputSchema} from '@domain/content';
import {
  BLOG_PAGE_SIZE, contentPath, isPubliclyVisible, RELATED_POSTS, RELATED_VEHICLES, readingTimeOf, slugify,
  SLUG_PATTERN, type BlogQuery, type Category, type ContentEntryAdmin, type ContentKind, type PostDetail, type PostList,
  type PostSummary, type SitePage
} from '@domain/content';
import type { Vehicle } from '@domain/vehicle';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { contentCategories, contentEntries, contentSlugRedirects, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import type { InventoryCache } from '../vehicles/cache';
import { toVehicle, vehicleWithPhotosColumns } from '../vehicles/mapper';
import { renderMarkdown } from './render';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { createCategory, deleteCategory, listAdminCategories, reorderCategories, updateCategory } from './categories';

export interface ContentContext { db: Db; cache: InventoryCache }
type ContentInput = z.output<typeof contentInputSchema>;

/** Public now: not a draft, and its public date has passed (domain/content.ts isPubliclyVisible). */
export const visible = (): SQL => and(ne(contentEntries.status, 'draft'), sql`${contentEntries.publishedAt} <= now()`)!;

const iso = (d: Date) => d.toISOString();

const summaryColumns = {
  id: contentEntries.id,
  slug: contentEntries.slug,
  title: contentEntries.title,
  excerpt: contentEntries.excerpt,
  publishedAt: contentEntries.publishedAt,
  updatedAt: contentEntries.updatedAt,
  authorName: contentEntries.authorName,
  readingTime: contentEntries.readingTime,
  coverImage: contentEntries.coverImage,
  coverAlt: contentEntries.coverAlt,
  tags: contentEntries.tags,
  categorySlug: contentCategories.slug,
  categoryTitle: contentCategories.title,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null } & { id: number; slug: string };

function toSummary(r: SummaryRow): PostSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title ?? '',
    excerpt: r.excerpt ?? '',
    // Public rows always have a date (visible() requires it).
    publishedAt: iso(r.publishedAt ?? new Date(0)),
    updatedAt: iso(r.updatedAt ?? new Date(0)),
    authorName: r.authorName ?? '',
    readingTime: r.readingTime ?? 1,
    coverImage: r.coverImage,
    coverAlt: r.coverAlt ?? '',
    category: r.categorySlug && r.categoryTitle ? { slug: r.categorySlug, title: r.categoryTitle } : null,
    tags: r.tags ?? [],
  };
}

const publicPosts = () => and(eq(contentEntries.kind, 'post'), visible());

// ---------------------------------------------------------------------------------------------------------------
// Public reads

/** Categories with their count of public posts, in their set order. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.select({
    id: contentCategories.id,
    slug: contentCategories.slug,
    title: contentCategories.title,
    description: contentCategories.description,
    // Written out with an alias: drizzle prints bare column names, which inside this subquery would bind to the wrong table.
    postCount: sql<number>`(select count(*)::int from ${contentEntries} e where e.category_id = ${contentCategories}.id and e.kind = 'post' and e.status <> 'draft' and e.published_at <= now())`,
  }).from(contentCategories).orderBy(asc(contentCategories.position), asc(contentCategories.title));
  return rows;
}

/** The blog index or a category page: newest first, BLOG_PAGE_SIZE a page. An unknown category is a 404. */
export async function listPosts(db: Db, query: BlogQuery): Promise<PostList> {
  const categories = await listCategories(db);
  const category = query.category ? categories.find((c) => c.slug === query.category) ?? null : null;
  if (query.category && !category) throw notFound(`No blog category "${query.category}"`);
  const where = and(
    publicPosts(),
    category ? eq(contentEntries.categoryId, category.id) : undefined,
    query.tag ? arrayOverlaps(contentEntries.tags, [query.tag]) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(contentEntries).where(where);
  const rows = await db.select(summaryColumns).from(contentEntries)
    .leftJoin(contentCategories, eq(contentCategories.id, contentEntries.categoryId))
    .where(where)
    .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id))
    .limit(BLOG_PAGE_SIZE)
    .offset((query.page - 1) * BLOG_PAGE_SIZE);
  return {
    posts: rows.map(toSummary),
    page: query.page,
    pageSize: BLOG_PAGE_SIZE,
    total,
    totalPages: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
    category,
    categories,
  };
}

/** Where an old slug now lives, when it has moved (the current slug wins over any redirect). */
export async function findMoved(db: Db, kind: ContentKind, slug: string): Promise<string | null> {
  const [row] = await db.select({ slug: contentEntries.slug, status: contentEntries.status, publishedAt: contentEntries.publishedAt })
    .from(contentSlugRedirects)
    .innerJoin(contentEntries, eq(contentEntries.id, contentSlugRedirects.entryId))
    .where(and(eq(contentSlugRedirects.kind, kind), eq(contentSlugRedirects.oldSlug, slug)));
  if (!row || !isPubliclyVisible(row)) return null;
  return contentPath(kind, row.slug);
}

/** A post that moved: routes answer 301 with the new path. */
export class MovedError extends Error {
  constructor(readonly movedTo: string) { super(`Moved to ${movedTo}`); }
}

/** The public post, its sanitised HTML, related posts and live vehicles; an old slug throws MovedError. */
export async function getPost(ctx: ContentContext, slug: string): Promise<PostDetail> {
  const [row] = await ctx.db.select({ ...summaryColumns, body: contentEntries.body, categoryId: contentEntries.categoryId, relatedVehicles: contentEntries.relatedVehicles })
    .from(contentEntries)
    .leftJoin(contentCategories, eq(contentCategories.id, contentEntries.categoryId))
    .where(and(publicPosts(), eq(contentEntries.slug, slug)));
  if (!row) {
    const movedTo = await findMoved(ctx.db, 'post', slug);
    if (movedTo) throw new MovedError(movedTo);
    throw notFound('Article not found');
  }
  const [relatedPosts, relatedVehicles] = await Promise.all([
    findRelatedPosts(ctx.db, row.id, row.categoryId, row.tags),
    findRelatedVehicles(ctx, row.relatedVehicles),
  ]);
  return { ...toSummary(row), html: renderMarkdown(row.body), relatedPosts, relatedVehicles };
}

/** Posts sharing the category or tags, most shared tags first, then newest; the newest others fill any gap. */
async function findRelatedPosts(db: Db, id: number, categoryId: number | null, tags: string[]): Promise<PostSummary[]> {
  const tagArray = sql`${`{${tags.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
  const score = sql`(cardinality(array(select unnest(${contentEntries.tags}) intersect select unnest(${tagArray}))) + case when ${contentEntries.categoryId} is not distinct from ${categoryId}::int then 2 else 0 end)`;
  const rows = await db.select(summaryColumns).from(contentEntries)
    .leftJoin(contentCategories, eq(contentCategories.id, contentEntries.categoryId))
    .where(and(publicPosts(), ne(contentEntries.id, id)))
    .orderBy(desc(score), desc(contentEntries.publishedAt))
    .limit(RELATED_POSTS);
  return rows.map(toSummary);
}

/** Live dealer stock matching the post's hint (body type, fuel, price cap): cached with the inventory, so a sale shows at once. */
async function findRelatedVehicles(ctx: ContentContext, hint: { bodyType?: string; fuelType?: string; maxPrice?: number }): Promise<Vehicle[]> {
  const key = `content-related:${hint.bodyType ?? ''}|${hint.fuelType ?? ''}|${hint.maxPrice ?? ''}`;
  return ctx.cache.get(key, async () => {
    const matches = (strict: boolean) => and(
      eq(vehicles.status, 'available'),
      eq(vehicles.sellerType, 'dealer'),
      strict && hint.bodyType ? sql`lower(${vehicles.bodyType}) = lower(${hint.bodyType})` : undefined,
      strict && hint.fuelType ? sql`lower(${vehicles.fuelType}) = lower(${hint.fuelType})` : undefined,
      hint.maxPrice ? sql`${vehicles.price} <= ${hint.maxPrice}::int` : undefined,
    );
    let rows = await ctx.db.select(vehicleWithPhotosColumns).from(vehicles).where(matches(true))
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id)).limit(RELATED_VEHICLES);
    // Nothing of that kind in stock right now: suggest what we do have rather than an empty box.
    if (rows.length === 0) {
      rows = await ctx.db.select(vehicleWithPhotosColumns).from(vehicles).where(matches(false))
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id)).limit(RELATED_VEHICLES);
    }
    return rows.map(toVehicle);
  });
}

/** A public site page (info or legal, spec §2). */
export async function getSitePage(db: Db, slug: string): Promise<SitePage> {
  const [row] = await db.select({
    slug: contentEntries.slug, title: contentEntries.title, excerpt: contentEntries.excerpt, body: contentEntries.body, updatedAt: contentEntries.updatedAt,
  }).from(contentEntries).where(and(eq(contentEntries.kind, 'page'), eq(contentEntries.slug, slug), visible()));
  if (!row) throw notFound('Page not found');
  return { slug: row.slug, title: row.title, excerpt: row.excerpt, html: renderMarkdown(row.body), updatedAt: iso(row.updatedAt) };
}

/** Newest public posts with their bodies, for the feed. */
export async function feedPosts(db: Db, limit = 20) {
  const rows = await db.select({ ...summaryColumns, body: contentEntries.body }).from(contentEntries)
    .leftJoin(contentCategories, eq(contentCategories.id, contentEntries.categoryId))
    .where(publicPosts())
    .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id))
    .limit(limit);
  return rows.map((r) => ({ ...toSummary(r), html: renderMarkdown(r.body) }));
}

/** Public posts and categories with posts, for /sitemap.xml. */
export async function sitemapContent(db: Db) {
  const posts = await db.select({ slug: contentEntries.slug, updatedAt: contentEntries.updatedAt }).from(contentEntries).where(publicPosts());
  const categories = (await listCategories(db)).filter((c) => c.postCount > 0);
  return { posts, categories };
}

// ---------------------------------------------------------------------------------------------------------------
// Back office

const adminColumns = {
  id: contentEntries.id,
  kind: contentEntries.kind,
  slug: contentEntries.slug,
  title: contentEntries.title,
  excerpt: contentEntries.excerpt,
  status: contentEntries.status,
  publishAt: contentEntries.publishAt,
  publishedAt: contentEntries.publishedAt,
  authorName: contentEntries.authorName,
  categoryId: contentEntries.categoryId,
  tags: contentEntries.tags,
  coverImage: contentEntries.coverImage,
  coverAlt: contentEntries.coverAlt,
  readingTime: contentEntries.readingTime,
  relatedVehicles: contentEntries.relatedVehicles,
  createdAt: contentEntries.createdAt,
  updatedAt: contentEntries.updatedAt,
  oldSlugs: sql<string[]>`(select coalesce(array_agg(r.old_slug order by r.created_at), '{}') from ${contentSlugRedirects} r where r.entry_id = ${contentEntries}.id)`,
};
type AdminRow = Omit<typeof contentEntries.$inferSelect, 'body' | 'authorId'> & { oldSlugs: string[] };

function toAdmin(r: AdminRow, now = new Date()): Omit<ContentEntryAdmin, 'body'> {
  return {
    ...r,
    publishAt: r.publishAt ? iso(r.publishAt) : null,
    publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
    isLive: isPubliclyVisible(r, now),
    path: contentPath(r.kind, r.slug),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export async function adminListEntries(db: Db, q: { kind?: ContentKind; status?: ContentEntryAdmin['status']; q?: string }) {
  const rows = await db.select(adminColumns).from(contentEntries).where(and(
    q.kind ? eq(contentEntries.kind, q.kind) : undefined,
    q.status ? eq(contentEntries.status, q.status) : undefined,
    q.q ? or(ilike(contentEntries.title, `%${q.q.replace(/[%_\\]/g, '\\$&')}%`), ilike(contentEntries.slug, `%${q.q.replace(/[%_\\]/g, '\\$&')}%`)) : undefined,
  )).orderBy(asc(contentEntries.kind), desc(contentEntries.updatedAt), desc(contentEntries.id));
  return { entries: rows.map((r) => toAdmin(r)), categories: await listCategories(db) };
}

export async function adminGetEntry(db: Db | Tx, id: number): Promise<ContentEntryAdmin> {
  const [row] = await db.select({ ...adminColumns, body: contentEntries.body }).from(contentEntries).where(eq(contentEntries.id, id));
  if (!row) throw notFound('Content entry not found');
  return { ...toAdmin(row), body: row.body };
}

/** The fields a save writes, after the rules every save shares (slug, schedule, category, reading time). */
async function prepareWrite(tx: Tx, input: ContentInput, existing: { id: number; kind: ContentKind; slug: string; publishAt: Date | null; publishedAt: Date | null } | null, now: Date) {
  const slug = input.slug || slugify(input.title);
  if (!SLUG_PATTERN.test(slug)) throw badRequest('Invalid body: slug cannot be made from this title; type one', { slug: 'slug is required' });
  if (input.kind === 'page') {
    // Site pages are fixed routes of spec §2: their text is editable, their address is not.
    if (!existing) throw badRequest('Site pages are the fixed pages of the site; edit one of them instead of creating a page', { kind: 'only posts can be created' });
    if (slug !== existing.slug) throw badRequest("A site page's address is fixed by the site; its slug cannot change", { slug: 'cannot change for a page' });
    if (input.categoryId) throw badRequest('Site pages have no blog category', { categoryId: 'pages have no category' });
  }
  if (existing && existing.kind !== input.kind) throw badRequest('An entry cannot change between post and page', { kind: 'cannot change' });

  const [taken] = await tx.select({ id: contentEntries.id }).from(contentEntries)
    .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.slug, slug), existing ? ne(contentEntries.id, existing.id) : undefined));
  if (taken) throw conflict(`Another ${input.kind} already uses the slug "${slug}"`, { slug: 'already in use' });

  if (input.categoryId) {
    const [cat] = await tx.select({ id: contentCategories.id }).from(contentCategories).where(eq(contentCategories.id, input.categoryId));
    if (!cat) throw badRequest(`Invalid body: no category ${input.categoryId}`, { categoryId: 'no such category' });
  }

  let publishAt: Date | null = null;
  let publishedAt: Date | null = existing?.publishedAt ?? null;
  if (input.status === 'scheduled') {
    if (!input.publishAt) throw badRequest('Invalid body: publishAt is required to schedule', { publishAt: 'required to schedule' });
    publishAt = new Date(input.publishAt);
    const unchanged = existing?.publishAt?.getTime() === publishAt.getTime();
    if (!unchanged && publishAt.getTime() <= now.getTime()) throw badRequest('Invalid body: publishAt must be in the future (publish now instead)', { publishAt: 'must be in the future' });
    publishedAt = publishAt;
  } else if (input.status === 'published') {
    // First publication (or a schedule brought forward) dates the post now; a re-save keeps its date.
    if (!publishedAt || publishedAt.getTime() > now.getTime()) publishedAt = now;
  }
  return {
    kind: input.kind,
    slug,
    title: input.title,
    excerpt: input.excerpt,
    body: input.body,
    status: input.status,
    publishAt,
    publishedAt,
    categoryId: input.kind === 'post' ? input.categoryId ?? null : null,
    tags: [...new Set(input.tags)],
    coverImage: input.coverImage ?? null,
    coverAlt: input.coverAlt,
    readingTime: readingTimeOf(input.body),
    relatedVehicles: input.relatedVehicles,
  };
}

const auditView = (e: Pick<ContentEntryAdmin, 'kind' | 'slug' | 'title' | 'status' | 'publishAt'>) =>
  ({ kind: e.kind, slug: e.slug, title: e.title, status: e.status, publishAt: e.publishAt });

export async function createEntry(db: Db, actor: AuditActor, authorName: string, input: ContentInput, now = new Date()): Promise<ContentEntryAdmin> {
  return db.transaction(async (tx) => {
    const values = await prepareWrite(tx, input, null, now);
    // A redirect from this slug to another post would now be shadowed anyway; drop it so the table stays truthful.
    await tx.delete(contentSlugRedirects).where(and(eq(contentSlugRedirects.kind, values.kind), eq(contentSlugRedirects.oldSlug, values.slug)));
    const [row] = await tx.insert(contentEntries).values({ ...values, authorId: actor.id, authorName: input.authorName || authorName }).returning({ id: contentEntries.id });
    const entry = await adminGetEntry(tx, row!.id);
    await recordAudit(tx, actor, { action: `content.create`, entityType: 'content', entityId: entry.id, summary: `Created ${entry.kind} "${entry.title}" (${entry.status})`, after: auditView(entry) });
    return entry;
  });
}

export async function updateEntry(db: Db, actor: AuditActor, id: number, input: ContentInput, now = new Date()): Promise<ContentEntryAdmin> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({
      id: contentEntries.id, kind: contentEntries.kind, slug: contentEntries.slug, publishAt: contentEntries.publishAt, publishedAt: contentEntries.publishedAt,
    }).from(contentEntries).where(eq(contentEntries.id, id)).for('update');
    if (!existing) throw notFound('Content entry not found');
    const before = await adminGetEntry(tx, id);
    const values = await prepareWrite(tx, input, existing, now);
    if (values.slug !== existing.slug) {
      // Old links keep working: the old slug now redirects here (a chain of renames all point at this entry).
      await tx.delete(contentSlugRedirects).where(and(eq(contentSlugRedirects.kind, values.kind), eq(contentSlugRedirects.oldSlug, values.slug)));
      await tx.insert(contentSlugRedirects).values({ kind: existing.kind, oldSlug: existing.slug, entryId: id })
        .onConflictDoUpdate({ target: [contentSlugRedirects.kind, contentSlugRedirects.oldSlug], set: { entryId: id, createdAt: now } });
    }
    await tx.update(contentEntries).set({ ...values, ...(input.authorName ? { authorName: input.authorName } : {}), updatedAt: now }).where(eq(contentEntries.id, id));
    const entry = await adminGetEntry(tx, id);
    const action = before.status !== entry.status ? `content.${entry.status === 'draft' ? 'unpublish' : entry.status === 'published' ? 'publish' : 'schedule'}` : 'content.update';
    await recordAudit(tx, actor, {
      action, entityType: 'content', entityId: id,
      summary: `${action === 'content.update' ? 'Edited' : entry.status === 'draft' ? 'Unpublished' : entry.status === 'published' ? 'Published' : 'Scheduled'} ${entry.kind} "${entry.title}"${before.slug !== entry.slug ? ` (slug ${before.slug} → ${entry.slug})` : ''}`,
      before: auditView(before), after: auditView(entry),
    });
    return entry;
  });
}

/** Deletes a post (site pages cannot be deleted: their routes would have nothing to show). */
export async function deleteEntry(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await adminGetEntry(tx, id);
    if (before.kind === 'page') throw badRequest('Site pages cannot be deleted; unpublish or edit the text instead');
    await tx.delete(contentEntries).where(eq(contentEntries.id, id));
    await recordAudit(tx, actor, { action: 'content.delete', entityType: 'content', entityId: id, summary: `Deleted post "${before.title}"`, before: auditView(before) });
  });
}

/** The content service as the app holds it (server/services.ts): the public blog and pages, and the editor's API. */
export function contentService(deps: Deps) {
  const ctx: ContentContext = { db: deps.db, cache: deps.inventoryCache };
  return {
    ...bindFirst(ctx, { getPost }),
    ...bindFirst(deps.db, {
      listCategories, listPosts, findMoved, getSitePage, feedPosts, sitemapContent,
      adminListEntries, adminGetEntry, createEntry, updateEntry, deleteEntry,
      listAdminCategories, createCategory, updateCategory, reorderCategories, deleteCategory,
    }),
  };
}
