// Issue 7: the blog, categories, site pages, feeds, sitemap and heads as visitors and crawlers get them; the editor
// API as admins use it (and as visitors and customers are refused it); scheduling, slugs with redirects, audit.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, INFO_PAGE_SLUGS, LEGAL_PAGE_SLUGS, type ContentEntryAdmin, type PostDetail, type PostList } from '@domain/content';
import { STAFF_PHOTO_UPLOADS_PER_USER } from '@domain/media';
import { auditLog, contentEntries } from '../../db/schema';
import { createTestAppWithClient, loginAs, TEST_PUBLIC_URL, type Session, type TestContext } from '../../test/helpers';
import { ensureContent } from './seed/index';
import { seedPosts } from './seed/posts';

let t: TestContext;
let admin: Session;
let customer: Session;

beforeAll(async () => {
  t = await createTestAppWithClient();
  await ensureContent(t.db, { posts: true, preApprovalRetentionDays: 730 });
  admin = await loginAs(t.app, await t.createUser({ role: 'admin', username: 'editor' }));
  customer = await loginAs(t.app, await t.createUser());
  await t.createVehicle({ bodyType: 'SUV', make: 'Toyota', model: 'RAV4' });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.bearer, ...(payload === undefined ? {} : { payload: payload as object }) });
const html = (url: string) => get(url, { accept: 'text/html' });

function jsonLdOf(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describe('seed', () => {
  it('writes the nine site pages and the articles once, and a second run writes nothing', async () => {
    const pages = await t.db.select({ slug: contentEntries.slug }).from(contentEntries).where(eq(contentEntries.kind, 'page'));
    expect(pages.map((p) => p.slug).sort()).toEqual([...INFO_PAGE_SLUGS, ...LEGAL_PAGE_SLUGS].sort());
    const posts = await t.db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, 'post'));
    expect(posts).toHaveLength(seedPosts().length);
    expect(seedPosts().length).toBeGreaterThanOrEqual(12);
    expect(await ensureContent(t.db, { posts: true, preApprovalRetentionDays: 730 })).toEqual({ pages: 0, posts: 0 });
  });

  it('seeded articles link only to routes and articles that exist', () => {
    const slugs = new Set(seedPosts().map((p) => p.slug));
    for (const p of seedPosts()) {
      for (const [, href] of p.body.matchAll(/\]\((\/[^)\s#?]*)/g)) {
        if (href!.startsWith('/blog/')) expect(slugs.has(href!.slice(6)), `${p.slug} → ${href}`).toBe(true);
      }
    }
  });
});

describe('public blog', () => {
  it('lists published posts newest first, paginated, with categories and their counts', async () => {
    const res = await get('/api/content/posts');
    expect(res.statusCode).toBe(200);
    const list = res.json<PostList>();
    expect(list.posts).toHaveLength(Math.min(BLOG_PAGE_SIZE, list.total));
    expect(list.total).toBe(seedPosts().length);
    expect(list.totalPages).toBe(Math.ceil(list.total / BLOG_PAGE_SIZE));
    const dates = list.posts.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list.categories.reduce((n, c) => n + c.postCount, 0)).toBe(list.total);
    const page2 = (await get('/api/content/posts?page=2')).json<PostList>();
    expect(page2.posts.length).toBe(list.total - BLOG_PAGE_SIZE);
    expect(page2.posts.some((p) => list.posts.some((q) => q.id === p.id))).toBe(false);
  });

  it('filters by category, with the category\'s own title and description', async () => {
    const list = (await get('/api/content/posts?category=financing')).json<PostList>();
    expect(list.category).toMatchObject({ slug: 'financing', title: 'Financing and Credit' });
    expect(list.category!.description.length).toBeGreaterThan(20);
    expect(list.posts.length).toBeGreaterThan(0);
    expect(list.posts.every((p) => p.category?.slug === 'financing')).toBe(true);
  });

  it('answers 404 for an unknown category and 400 for bad query values', async () => {
    expect((await get('/api/content/posts?category=nope')).statusCode).toBe(404);
    const bad = await get('/api/content/posts?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page must be at least 1/);
    expect((await get('/api/content/posts?category=Not%20A%20Slug')).statusCode).toBe(400);
    expect((await get('/api/content/posts/UPPER%20case')).statusCode).toBe(400);
  });

  it('serves a post with sanitised HTML, related posts and live vehicles', async () => {
    const res = await get('/api/content/posts/winter-ready-vehicle-checklist-for-alberta');
    expect(res.statusCode).toBe(200);
    const post = res.json<PostDetail>();
    expect(post.html).toContain('<h2>Tires</h2>');
    expect(post.readingTime).toBeGreaterThanOrEqual(2);
    expect(post.relatedPosts).toHaveLength(3);
    expect(post.relatedPosts.some((p) => p.id === post.id)).toBe(false);
    expect(post.relatedVehicles.map((v) => v.model)).toContain('RAV4');
    expect((await get('/api/content/posts/no-such-post')).statusCode).toBe(404);
  });

  it('serves info and legal pages; the cookies policy lists the real storage keys', async () => {
    const page = await get('/api/content/pages/car-loans');
    expect(page.statusCode).toBe(200);
    expect(page.json().title).toBe('Car Loans in Alberta');
    const cookies = (await get('/api/content/pages/cookies-policy')).json<{ html: string }>().html;
    expect(cookies).toContain('<table tabindex="0">');
    for (const key of ['__Host-session', 'savedVehicles', 'vehicle-comparison-list', 'carbro-messages', 'vehicle-listing-state']) expect(cookies).toContain(`<code>${key}</code>`);
    expect(cookies).not.toContain('{{');
    const privacy = (await get('/api/content/pages/privacy-policy')).json<{ html: string }>().html;
    expect(privacy).toContain('730 days');
    expect(privacy).toMatch(/Personal Information Protection Act/);
    expect((await get('/api/content/pages/nope')).statusCode).toBe(404);
  });

  it('has RSS and Atom feeds with the published posts', async () => {
    const rss = await get('/blog/feed.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(rss.body).toContain(`<link>${TEST_PUBLIC_URL}/blog/financing-a-car-with-bad-credit-in-alberta</link>`);
    const atom = await get('/blog/atom.xml');
    expect(atom.headers['content-type']).toMatch(/application\/atom\+xml/);
    expect(atom.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });

  it('puts posts and categories in the sitemap', async () => {
    const xml = (await get('/sitemap.xml')).body;
    expect(xml).toContain(`<loc>${TEST_PUBLIC_URL}/blog/gst-on-new-and-used-vehicles-in-alberta</loc>`);
    expect(xml).toContain(`<loc>${TEST_PUBLIC_URL}/blog/category/financing</loc>`);
    expect(xml).toContain(`<loc>${TEST_PUBLIC_URL}/privacy-policy</loc>`);
  });

  it('writes BlogPosting JSON-LD and breadcrumbs into the first HTML response of a post', async () => {
    const res = await html('/blog/ev-charging-in-alberta-a-practical-guide');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>EV Charging in Alberta: A Practical Guide for New Owners | ');
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/blog/ev-charging-in-alberta-a-practical-guide" />`);
    const ld = jsonLdOf(res.body);
    const article = ld.find((o) => o['@type'] === 'BlogPosting')!;
    expect(article).toMatchObject({ headline: 'EV Charging in Alberta: A Practical Guide for New Owners', articleSection: 'Ownership and Winter Driving' });
    expect(article.datePublished).toBeTruthy();
    const crumbs = ld.find((o) => o['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'Blog', 'Ownership and Winter Driving', 'EV Charging in Alberta: A Practical Guide for New Owners']);
    const missing = await html('/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('noindex');
  });

  it('writes heads for categories and site pages', async () => {
    const cat = await html('/blog/category/your-rights');
    expect(cat.body).toContain('<title>Your Rights and Taxes: Blog | ');
    const info = await html('/bad-credit-loans');
    expect(info.body).toContain('<title>Bad Credit Car Loans in Alberta | ');
    expect(jsonLdOf(info.body).some((o) => o['@type'] === 'BreadcrumbList')).toBe(true);
  });
});

describe('back office permissions', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/content'],
    ['GET', '/api/admin/content/1'],
    ['POST', '/api/admin/content', { kind: 'post', title: 'Hello there' }],
    ['PUT', '/api/admin/content/1', { kind: 'post', title: 'Hello there' }],
    ['DELETE', '/api/admin/content/1'],
    ['POST', '/api/admin/content/preview', { body: 'x' }],
  ];
  it.each(routes)('%s %s: 401 for visitors, 403 for customers', async (method, url, payload) => {
    const base = { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) };
    expect((await t.app.inject(base)).statusCode).toBe(401);
    expect((await t.app.inject({ ...base, headers: customer.bearer })).statusCode).toBe(403);
  });
  it('cover upload: 401 for visitors, 403 for customers', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const base = { method: 'POST' as const, url: '/api/admin/content/cover', payload: png, headers: { 'content-type': 'image/png' } };
    expect((await t.app.inject(base)).statusCode).toBe(401);
    expect((await t.app.inject({ ...base, headers: { ...base.headers, ...customer.bearer } })).statusCode).toBe(403);
  });
});

describe('editor', () => {
  const draft = {
    kind: 'post', title: 'Spring Tire Swap: When to Take Your Winter Tires Off', excerpt: 'Timing the swap in Alberta.',
    body: '## When\n\nAfter the last hard frost.\n\n<script>alert(1)</script><img src=x onerror=alert(1)>', categoryId: null as number | null, tags: ['Tires', 'spring'],
  };

  it('previews Markdown sanitised, with reading time', async () => {
    const res = await asAdmin('POST', '/api/admin/content/preview', { body: draft.body });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('<h2>When</h2>');
    expect(res.json().html).not.toMatch(/script|onerror/);
    expect(res.json().readingTime).toBe(1);
  });

  it('saves a draft that visitors cannot see, then publishes it into the blog, category, feed and sitemap, audited', async () => {
    const cats = (await get('/api/content/categories')).json<{ categories: { id: number; slug: string }[] }>().categories;
    const ownership = cats.find((c) => c.slug === 'ownership')!;
    const created = await asAdmin('POST', '/api/admin/content', { ...draft, categoryId: ownership.id });
    expect(created.statusCode).toBe(201);
    const entry = created.json<{ entry: ContentEntryAdmin }>().entry;
    expect(entry).toMatchObject({ slug: 'spring-tire-swap-when-to-take-your-winter-tires-off', status: 'draft', isLive: false, tags: ['tires', 'spring'], authorName: 'Test User ' + entry.authorName.split(' ').pop() });
    expect((await get(`/api/content/posts/${entry.slug}`)).statusCode).toBe(404);
    expect((await get('/blog/feed.xml')).body).not.toContain(entry.slug);

    const published = await asAdmin('PUT', `/api/admin/content/${entry.id}`, { ...draft, categoryId: ownership.id, status: 'published' });
    expect(published.statusCode).toBe(200);
    expect(published.json().entry).toMatchObject({ status: 'published', isLive: true });
    expect((await get(`/api/content/posts/${entry.slug}`)).statusCode).toBe(200);
    expect((await get('/api/content/posts')).json<PostList>().posts[0]!.slug).toBe(entry.slug);
    expect((await get('/api/content/posts?category=ownership')).json<PostList>().posts[0]!.slug).toBe(entry.slug);
    expect((await get('/blog/feed.xml')).body).toContain(entry.slug);
    expect((await get('/sitemap.xml')).body).toContain(`/blog/${entry.slug}</loc>`);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'content'), eq(auditLog.entityId, String(entry.id))));
    expect(audit.map((a) => a.action)).toEqual(['content.create', 'content.publish']);
  });

  it('keeps a scheduled post hidden until its time, without any job', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await asAdmin('POST', '/api/admin/content', { ...draft, title: 'Scheduled for later', status: 'scheduled', publishAt: future });
    expect(res.statusCode).toBe(201);
    const entry = res.json<{ entry: ContentEntryAdmin }>().entry;
    expect(entry).toMatchObject({ status: 'scheduled', isLive: false, publishAt: future });
    expect((await get(`/api/content/posts/${entry.slug}`)).statusCode).toBe(404);
    expect((await get('/api/content/posts')).json<PostList>().posts.some((p) => p.slug === entry.slug)).toBe(false);
    // Time passes (moved here by hand): the same row becomes public.
    const past = new Date(Date.now() - 60_000);
    await t.db.update(contentEntries).set({ publishAt: past, publishedAt: past }).where(eq(contentEntries.id, entry.id));
    expect((await get(`/api/content/posts/${entry.slug}`)).statusCode).toBe(200);
  });

  it('refuses bad schedules, unknown categories, taken slugs and bad input with a 4xx saying why', async () => {
    const noDate = await asAdmin('POST', '/api/admin/content', { ...draft, title: 'No date', status: 'scheduled' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().fields.publishAt).toBeTruthy();
    const past = await asAdmin('POST', '/api/admin/content', { ...draft, title: 'Past date', status: 'scheduled', publishAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/future/);
    const cat = await asAdmin('POST', '/api/admin/content', { ...draft, title: 'Bad category', categoryId: 99999 });
    expect(cat.statusCode).toBe(400);
    const taken = await asAdmin('POST', '/api/admin/content', { ...draft, slug: 'winter-ready-vehicle-checklist-for-alberta' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.slug).toBe('already in use');
    expect((await asAdmin('POST', '/api/admin/content', { ...draft, slug: 'Bad Slug' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/content', { ...draft, title: 'x' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/content', { ...draft, coverImage: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/content/999999')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admin/content/abc')).statusCode).toBe(400);
  });

  it('renames a slug and keeps the old one redirecting (API and first HTML response)', async () => {
    const created = (await asAdmin('POST', '/api/admin/content', { ...draft, title: 'Old Name Post', status: 'published' })).json<{ entry: ContentEntryAdmin }>().entry;
    const renamed = await asAdmin('PUT', `/api/admin/content/${created.id}`, { ...draft, title: 'New Name Post', slug: 'new-name-post', status: 'published' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().entry.oldSlugs).toEqual(['old-name-post']);
    const api = await get('/api/content/posts/old-name-post');
    expect(api.statusCode).toBe(301);
    expect(api.json().movedTo).toBe('/blog/new-name-post');
    const page = await html('/blog/old-name-post?ref=x');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/blog/new-name-post?ref=x');
    // Renamed again: both old slugs lead to the current one.
    await asAdmin('PUT', `/api/admin/content/${created.id}`, { ...draft, title: 'Newest', slug: 'newest-name-post', status: 'published' });
    expect((await get('/api/content/posts/old-name-post')).json().movedTo).toBe('/blog/newest-name-post');
    expect((await get('/api/content/posts/new-name-post')).json().movedTo).toBe('/blog/newest-name-post');
  });

  it('edits a site page but never creates, renames or deletes one', async () => {
    const list = (await asAdmin('GET', '/api/admin/content?kind=page')).json<{ entries: ContentEntryAdmin[] }>().entries;
    expect(list).toHaveLength(9);
    const loans = list.find((e) => e.slug === 'car-loans')!;
    const full = (await asAdmin('GET', `/api/admin/content/${loans.id}`)).json<ContentEntryAdmin>();
    const edited = await asAdmin('PUT', `/api/admin/content/${loans.id}`, { kind: 'page', title: full.title, slug: 'car-loans', excerpt: full.excerpt, body: `${full.body}\n\nEdited.`, status: 'published' });
    expect(edited.statusCode).toBe(200);
    expect((await get('/api/content/pages/car-loans')).json().html).toContain('Edited.');
    expect((await asAdmin('PUT', `/api/admin/content/${loans.id}`, { kind: 'page', title: full.title, slug: 'loans', status: 'published' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/content', { kind: 'page', title: 'A new page' })).statusCode).toBe(400);
    expect((await asAdmin('DELETE', `/api/admin/content/${loans.id}`)).statusCode).toBe(400);
  });

  it('uploads a cover through the image pipeline and refuses a non-image', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } }).png().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/content/cover', payload: png, headers: { ...admin.bearer, 'content-type': 'image/png' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/uploads\/covers\/[\w-]+-1280\.webp$/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/content/cover', payload: Buffer.from('not an image'), headers: { ...admin.bearer, 'content-type': 'image/png' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const created = await asAdmin('POST', '/api/admin/content', { ...draft, title: 'With a cover', coverImage: res.json().url, coverAlt: 'Blue', status: 'published' });
    expect(created.statusCode).toBe(201);
  });

  // Issue 31 §2: decoding is the costliest thing an account can ask for, so staff uploads are limited per account too.
  it('limits cover uploads per account and hour', { timeout: 60_000 }, async () => {
    const editor = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    const post = (s: Session) => t.app.inject({ method: 'POST', url: '/api/admin/content/cover', payload: Buffer.from('not an image'), headers: { ...s.bearer, 'content-type': 'image/png' } });
    for (let i = 0; i < STAFF_PHOTO_UPLOADS_PER_USER.max; i++) expect((await post(editor)).statusCode).toBe(415);
    const over = await post(editor);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Many uploads this hour from your account. Please try again in a few minutes.');
    expect((await post(admin)).statusCode).toBe(415);
  });

  it('deletes a post, audited', async () => {
    const created = (await asAdmin('POST', '/api/admin/content', { ...draft, title: 'To be deleted' })).json<{ entry: ContentEntryAdmin }>().entry;
    expect((await asAdmin('DELETE', `/api/admin/content/${created.id}`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/admin/content/${created.id}`)).statusCode).toBe(404);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'content.delete'), eq(auditLog.entityId, String(created.id))));
    expect(audit).toHaveLength(1);
  });
});
