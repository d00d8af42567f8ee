// Blog categories in the back office: add, rename and describe, reorder, delete. Every change runs in one
// transaction with its audit entry. A category's slug is fixed at creation (domain/content.ts categoryCreateSchema):
// its page, /blog/category/{slug}, is linked from posts, feeds and search results.
import { asc, eq, sql } from 'drizzle-orm';
import { slugify, CATEGORY_SLUG_MAX, type AdminCategory, type categoryCreateSchema, type categoryInputSchema } from '@domain/content';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { contentCategories, contentEntries } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';

const published = sql`e.kind = 'post' and e.status <> 'draft' and e.published_at <= now()`;

/** Every category in the blog's order, with its published posts and every post filed under it. */
export async function listAdminCategories(db: Db | Tx): Promise<AdminCategory[]> {
  return db.select({
    id: contentCategories.id,
    slug: contentCategories.slug,
    title: contentCategories.title,
    description: contentCategories.description,
    postCount: sql<number>`(select count(*)::int from ${contentEntries} e where e.category_id = ${contentCategories}.id and ${published})`,
    entryCount: sql<number>`(select count(*)::int from ${contentEntries} e where e.category_id = ${contentCategories}.id and e.kind = 'post')`,
  }).from(contentCategories).orderBy(asc(contentCategories.position), asc(contentCategories.title));
}

async function loadCategory(tx: Tx, id: number): Promise<AdminCategory> {
  const found = (await listAdminCategories(tx)).find((c) => c.id === id);
  if (!found) throw notFound(`No blog category with id ${id}`);
  return found;
}

const auditView = (c: Pick<AdminCategory, 'slug' | 'title' | 'description'>) => ({ slug: c.slug, title: c.title, description: c.description });

export async function createCategory(db: Db, actor: AuditActor, input: z.output<typeof categoryCreateSchema>): Promise<AdminCategory> {
  const slug = input.slug || slugify(input.title).slice(0, CATEGORY_SLUG_MAX).replace(/-+$/, '');
  if (!slug) throw badRequest('slug: the title has no letters or digits to make an address from; give a slug');
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: contentCategories.id }).from(contentCategories).where(eq(contentCategories.slug, slug));
    if (taken) throw conflict(`A category already uses the address /blog/category/${slug}`);
    // New categories go last, so the blog's order does not change under anyone's feet.
    const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${contentCategories.position}), -1)::int + 1` }).from(contentCategories);
    const [row] = await tx.insert(contentCategories).values({ slug, title: input.title, description: input.description, position: next }).returning({ id: contentCategories.id });
    const created = await loadCategory(tx, row!.id);
    await recordAudit(tx, actor, { action: 'content_category.create', entityType: 'content_category', entityId: created.id, summary: `Created blog category "${created.title}"`, after: auditView(created) });
    return created;
  });
}

export async function updateCategory(db: Db, actor: AuditActor, id: number, input: z.output<typeof categoryInputSchema>): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const before = await loadCategory(tx, id);
    await tx.update(contentCategories).set({ title: input.title, description: input.description, updatedAt: new Date() }).where(eq(contentCategories.id, id));
    const after = await loadCategory(tx, id);
    await recordAudit(tx, actor, {
      action: 'content_category.update', entityType: 'content_category', entityId: id,
      summary: before.title === after.title ? `Edited blog category "${after.title}"` : `Renamed blog category "${before.title}" to "${after.title}"`,
      before: auditView(before), after: auditView(after),
    });
    return after;
  });
}

/** The new order must name every category exactly once: a partial list would leave the rest in an undefined place. */
export async function reorderCategories(db: Db, actor: AuditActor, ids: number[]): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    const current = await listAdminCategories(tx);
    const known = new Set(current.map((c) => c.id));
    if (new Set(ids).size !== ids.length) throw badRequest('ids: each category may appear only once');
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest(`ids: list every category (${known.size}) exactly once, in the new order`);
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(contentCategories).set({ position, updatedAt: new Date() }).where(eq(contentCategories.id, id));
    }
    const byId = new Map(current.map((c) => [c.id, c.title]));
    await recordAudit(tx, actor, {
      action: 'content_category.reorder', entityType: 'content_category', entityId: null,
      summary: `Reordered the blog categories: ${ids.map((id) => byId.get(id)).join(', ')}`.slice(0, 500),
      before: { order: current.map((c) => c.id) }, after: { order: ids },
    });
    return listAdminCategories(tx);
  });
}

/** Its posts stay, uncategorised (the foreign key sets them to null); the category page then answers 404. */
export async function deleteCategory(db: Db, actor: AuditActor, id: number): Promise<{ uncategorised: number }> {
  return db.transaction(async (tx) => {
    const before = await loadCategory(tx, id);
    await tx.delete(contentCategories).where(eq(contentCategories.id, id));
    await recordAudit(tx, actor, {
      action: 'content_category.delete', entityType: 'content_category', entityId: id,
      summary: `Deleted blog category "${before.title}"${before.entryCount ? `; ${before.entryCount} post(s) now uncategorised` : ''}`,
      before: auditView(before),
    });
    return { uncategorised: before.entryCount };
  });
}
