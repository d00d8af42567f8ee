// Blog categories in the back office: add, rename, reorder and delete, each audited; the public blog follows;
// every refusal says what is wrong and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, Category } from '@domain/content';
import { auditLog, contentCategories, contentEntries } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { ensureContent } from './seed/index';

let t: TestContext;
let admin: Session;
let customer: Session;

beforeAll(async () => {
  t = await createTestApp();
  await ensureContent(t.db, { posts: true, preApprovalRetentionDays: 730 });
  admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'editor' }));
  customer = await loginAs(t.app, await t.createUser());
});
afterAll(() => t?.close());

const URL_BASE = '/api/admin/content/categories';
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.bearer, ...(payload === undefined ? {} : { payload: payload as object }) });
const adminList = async () => (await asAdmin('GET', URL_BASE)).json().categories as AdminCategory[];
const publicList = async () => (await t.app.inject({ method: 'GET', url: '/api/content/categories' })).json().categories as Category[];
const auditActions = async (id: number) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'content_category'))).filter((r) => r.entityId === String(id)).map((r) => r.action);

describe('blog categories in the back office', () => {
  it('keeps every route from visitors (401) and customers (403)', async () => {
    const routes = [['GET', URL_BASE], ['POST', URL_BASE], ['PUT', `${URL_BASE}/order`], ['PUT', `${URL_BASE}/1`], ['DELETE', `${URL_BASE}/1`]] as const;
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PUT' ? { title: 'Trucks', ids: [1] } : undefined;
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, headers: customer.bearer, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists the categories in the blog\'s order with published and total post counts', async () => {
    const list = await adminList();
    expect(list.length).toBeGreaterThan(0);
    const pub = await publicList();
    expect(list.map((c) => c.id)).toEqual(pub.map((c) => c.id));
    for (const c of list) {
      expect(c.postCount).toBe(pub.find((p) => p.id === c.id)!.postCount);
      expect(c.entryCount).toBeGreaterThanOrEqual(c.postCount);
    }
  });

  it('adds a category last, with a slug made from the title, audited, and its page goes live', async () => {
    const res = await asAdmin('POST', URL_BASE, { title: 'Trucks & Towing', description: 'Payload, hitches and winter hauling.' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminCategory;
    expect(created).toMatchObject({ slug: 'trucks-and-towing', title: 'Trucks & Towing', postCount: 0, entryCount: 0 });
    expect((await adminList()).at(-1)!.id).toBe(created.id);
    expect(await auditActions(created.id)).toEqual(['content_category.create']);
    const page = await t.app.inject({ method: 'GET', url: '/api/content/posts?category=trucks-and-towing' });
    expect(page.statusCode).toBe(200);
  });

  it('refuses a taken address (409), a bad slug, a short title and a title without letters (400), storing nothing', async () => {
    const before = (await adminList()).length;
    const taken = await asAdmin('POST', URL_BASE, { title: 'Another', slug: 'trucks-and-towing' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already uses the address \/blog\/category\/trucks-and-towing/);
    for (const [payload, message] of [
      [{ title: 'Vans', slug: 'Vans & More' }, /slug may use lower-case letters/],
      [{ title: 'V' }, /title must be at least 2 characters/],
      [{ title: '¿¡ !?' }, /give a slug/],
      [{ description: 'no title' }, /title is required/],
    ] as const) {
      const res = await asAdmin('POST', URL_BASE, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await adminList()).length).toBe(before);
  });

  it('renames and describes a category without moving its address, audited with before and after', async () => {
    const [first] = await adminList();
    const res = await asAdmin('PUT', `${URL_BASE}/${first!.id}`, { title: 'Buying Guides', description: 'Step by step.', slug: 'ignored-slug' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first!.id, slug: first!.slug, title: 'Buying Guides', description: 'Step by step.' });
    expect((await publicList()).find((c) => c.id === first!.id)!.title).toBe('Buying Guides');
    const [entry] = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'content_category.update'))).filter((r) => r.entityId === String(first!.id));
    expect(entry!.before).toMatchObject({ title: first!.title });
    expect(entry!.after).toMatchObject({ title: 'Buying Guides' });

    expect((await asAdmin('PUT', `${URL_BASE}/999999`, { title: 'Nowhere' })).statusCode).toBe(404);
    expect((await asAdmin('PUT', `${URL_BASE}/abc`, { title: 'Nowhere' })).statusCode).toBe(400);
  });

  it('reorders the categories when every one is listed once, and the public blog follows', async () => {
    const ids = (await adminList()).map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await asAdmin('PUT', `${URL_BASE}/order`, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().categories.map((c: AdminCategory) => c.id)).toEqual(reversed);
    expect((await publicList()).map((c) => c.id)).toEqual(reversed);

    for (const [bad, message] of [
      [reversed.slice(1), /list every category/],
      [[...reversed, reversed[0]], /only once/],
      [[...reversed.slice(1), 999999], /list every category/],
      [[], /ids lists every category/],
    ] as const) {
      const refused = await asAdmin('PUT', `${URL_BASE}/order`, { ids: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    expect((await adminList()).map((c) => c.id)).toEqual(reversed);
  });

  it('deletes a category, keeping its posts uncategorised, and its page answers 404', async () => {
    const withPosts = (await adminList()).find((c) => c.entryCount > 0)!;
    const postIds = (await t.db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.categoryId, withPosts.id))).map((r) => r.id);
    const res = await asAdmin('DELETE', `${URL_BASE}/${withPosts.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Category deleted; ${withPosts.entryCount} post${withPosts.entryCount === 1 ? ' is' : 's are'} now uncategorised`);
    expect(await t.db.select().from(contentCategories).where(eq(contentCategories.id, withPosts.id))).toHaveLength(0);
    const posts = await t.db.select({ id: contentEntries.id, categoryId: contentEntries.categoryId }).from(contentEntries);
    for (const id of postIds) expect(posts.find((p) => p.id === id)).toEqual({ id, categoryId: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/content/posts?category=${withPosts.slug}` })).statusCode).toBe(404);
    expect(await auditActions(withPosts.id)).toContain('content_category.delete');
    expect((await asAdmin('DELETE', `${URL_BASE}/${withPosts.id}`)).statusCode).toBe(404);
  });
});
