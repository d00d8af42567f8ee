// Content seed (issue 7): the site pages of spec §2 (info and legal) and the blog's categories and articles.
// Site pages are part of the product, not demo data: any that is missing is written on every start (an existing
// page, edited or not, is never touched). The blog's articles are written once, on the first start that seeds
// demo data (server/main.ts), and recorded in app_meta so deleting an article does not bring it back.
import { and, eq, inArray } from 'drizzle-orm';
import { readingTimeOf } from '@domain/content';
import { DEALERSHIP } from '@domain/settings';
import type { Db } from '../../../db/client';
import { appMeta, contentCategories, contentEntries } from '../../../db/schema';
import { sitePages, type PageFacts } from './pages';
import { SEED_CATEGORIES, seedPosts } from './posts';

export const CONTENT_SEED_MARKER_KEY = 'seed:content';
const DAY = 86_400_000;

export interface ContentSeedOptions extends PageFacts {
  /** Also write the demo blog (once). */
  posts: boolean;
  now?: Date;
}

/** Writes missing site pages, and the blog on first run. Returns what it wrote. */
export async function ensureContent(db: Db, opts: ContentSeedOptions): Promise<{ pages: number; posts: number }> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const pages = sitePages(opts);
    const existing = await tx.select({ slug: contentEntries.slug }).from(contentEntries)
      .where(and(eq(contentEntries.kind, 'page'), inArray(contentEntries.slug, pages.map((p) => p.slug))));
    const have = new Set(existing.map((e) => e.slug));
    const missing = pages.filter((p) => !have.has(p.slug));
    if (missing.length) {
      await tx.insert(contentEntries).values(missing.map((p) => ({
        kind: 'page' as const, slug: p.slug, title: p.title, excerpt: p.excerpt, body: p.body, status: 'published' as const,
        publishedAt: now, authorName: DEALERSHIP.name, readingTime: readingTimeOf(p.body),
      }))).onConflictDoNothing();
    }
    if (!opts.posts) return { pages: missing.length, posts: 0 };

    // Claim the marker first: a second process seeding at the same moment finds it taken.
    const claimed = await tx.insert(appMeta).values({ key: CONTENT_SEED_MARKER_KEY, value: { at: now.toISOString() } })
      .onConflictDoNothing().returning({ key: appMeta.key });
    if (claimed.length === 0) return { pages: missing.length, posts: 0 };
    const cats = await tx.insert(contentCategories).values(SEED_CATEGORIES.map((c, i) => ({ ...c, position: i })))
      .onConflictDoNothing().returning({ id: contentCategories.id, slug: contentCategories.slug });
    const allCats = cats.length === SEED_CATEGORIES.length ? cats
      : await tx.select({ id: contentCategories.id, slug: contentCategories.slug }).from(contentCategories);
    const catId = new Map(allCats.map((c) => [c.slug, c.id]));
    const posts = seedPosts();
    // Newest first, a few days apart, all in the past: the blog reads like one written over the last months.
    const inserted = await tx.insert(contentEntries).values(posts.map((p, i) => {
      const publishedAt = new Date(now.getTime() - (i * 6 + 1) * DAY);
      return {
        kind: 'post' as const, slug: p.slug, title: p.title, excerpt: p.excerpt, body: p.body, status: 'published' as const,
        publishedAt, createdAt: publishedAt, updatedAt: publishedAt,
        authorName: p.author, categoryId: catId.get(p.category) ?? null, tags: p.tags,
        readingTime: readingTimeOf(p.body), relatedVehicles: p.relatedVehicles ?? {},
      };
    })).onConflictDoNothing().returning({ id: contentEntries.id });
    return { pages: missing.length, posts: inserted.length };
  });
}
