// Issue 31 §4: every page renders once. The route loaders (client/app/loaders.ts) fetch what each page shows before
// it renders; a query a page asks for that no loader fetched costs another render and is logged by the page plugin
// ("page data missed by its route loaders"). This walks the site's pages as a visitor, a customer and an admin
// would open them, over the demo lot, and fails on any such line.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { seedDemoData } from '../db/seed/index';
import { ensureContent } from '../modules/content/seed/index';
import { createTestAppWithClient, loginAs, type TestContext } from '../test/helpers';

const SEED_NOW = new Date('2026-11-22T17:00:00Z');

let t: TestContext;
/** API requests the app received (app.inject included): a page's own reads should not be among them. */
const apiRequests: string[] = [];
const lines: { msg?: string; url?: string; req?: { url?: string }; unloaded?: string[]; renders?: number }[] = [];

beforeAll(async () => {
  t = await createTestAppWithClient({ logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
  await seedDemoData(t.db, { uploadsDir: t.config.uploadsDir, adminPassword: 'test-admin-password', images: false, now: SEED_NOW });
  await ensureContent(t.db, { posts: true, now: SEED_NOW, preApprovalRetentionDays: 730 });
  t.app.inventoryCache.invalidate();
  await t.app.inventoryIndex.build();
  // The page renderer's fallback asks the API with app.inject: every such call is noted.
  const inject = t.app.inject.bind(t.app) as (opts: unknown) => unknown;
  (t.app as unknown as { inject: (opts: unknown) => unknown }).inject = (opts) => {
    const url = typeof opts === 'object' && opts && 'url' in opts ? String(opts.url) : '';
    if (url.startsWith('/api/')) apiRequests.push(url);
    return inject(opts);
  };
}, 120_000);
afterAll(() => t?.close());

async function misses(paths: string[], cookie?: string): Promise<string[]> {
  const found: string[] = [];
  for (const url of paths) {
    const from = lines.length;
    const res = await t.app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    expect([200, 404], url).toContain(res.statusCode);
    expect(res.headers['content-type'], url).toMatch(/text\/html/);
    for (const line of lines.slice(from)) {
      if (line.msg === 'page data missed by its route loaders') found.push(`${url}: ${line.renders} renders, missed ${line.unloaded?.join(' | ')}`);
    }
  }
  return found;
}

async function sessionOf(username: string) {
  const [user] = await t.db.select().from(users).where(eq(users.username, username));
  return (await loginAs(t.app, user!)).cookie;
}

async function publicPaths(): Promise<string[]> {
  const list = (await t.app.inject({ url: '/api/vehicles?format=paginated&limit=1' })).json() as { vehicles: { id: number }[] };
  const posts = (await t.app.inject({ url: '/api/content/posts' })).json() as { posts: { slug: string }[] };
  const categories = (await t.app.inject({ url: '/api/content/categories' })).json() as { categories: { slug: string }[] };
  return [
    '/', '/vehicles', '/vehicles?make=Ford&page=2', '/vehicles?make=Ford&bodyType=Truck&maxPrice=60000&sortBy=price-asc',
    `/vehicles/${list.vehicles[0]!.id}`, '/vehicles/999999', '/deal-of-the-day', '/vehicle-finder', '/sell-my-vehicle',
    '/trade-appraiser', '/financing', '/pre-approval', '/contact', '/blog', '/blog?page=2', `/blog/category/${categories.categories[0]!.slug}`,
    `/blog/${posts.posts[0]!.slug}`, '/car-buying-tips', '/car-loans', '/privacy-policy', '/referral-program-info',
    '/saved', '/affordable-vehicles', '/login', '/register', '/no-such-page',
  ];
}

describe('every page renders once, with the data its route loaders fetched', () => {
  it('public pages, signed out', async () => {
    expect(await misses(await publicPaths())).toEqual([]);
  }, 120_000);

  it('public and account pages, signed in as a customer', async () => {
    const cookie = await sessionOf('jordan');
    // The sign-in pages send a signed-in shopper on (the test after next).
    const pages = (await publicPaths()).filter((p) => p !== '/login' && p !== '/register');
    expect(await misses([...pages, '/profile', '/my-listings', '/referral-program'], cookie)).toEqual([]);
  }, 120_000);

  it('back-office pages, signed in as an admin', async () => {
    const cookie = await sessionOf('admin');
    const paths = [
      '/admin', '/admin/inventory', '/admin/add-vehicle', '/admin/edit-vehicle/1', '/admin/bulk-import', '/admin/fast-import', '/admin/vin-import',
      '/admin/image-manager', '/admin/pre-approvals', '/admin/form-analytics', '/admin/leads', '/admin/photos', '/admin/audit-log',
      '/admin/security', '/admin/dealer-settings', '/admin/deal-settings', '/admin/lead-delivery', '/admin/outbox',
      '/admin/inventory-feeds', '/admin/feeds', '/admin/listings', '/admin/content', '/admin/content/new',
    ];
    expect(await misses(paths, cookie)).toEqual([]);
  }, 120_000);

  it('the public and account pages read their data without an HTTP request in process (plugins/page-reads.ts)', async () => {
    const cookie = await sessionOf('jordan');
    const list = (await t.app.inject({ url: '/api/vehicles?format=paginated&limit=1&sellerType=dealer' })).json() as { vehicles: { id: number }[] };
    const privateListing = (await t.app.inject({ url: '/api/vehicles?format=paginated&limit=1&sellerType=private%20seller' })).json() as { vehicles: { id: number }[] };
    const paths = [
      '/', '/vehicles?page=2&make=Ford', '/vehicles?maxPrice=70001', `/vehicles/${list.vehicles[0]!.id}`, `/vehicles/${privateListing.vehicles[0]!.id}`,
      '/deal-of-the-day', '/blog', '/privacy-policy', '/car-loans', '/saved', '/financing',
    ];
    const accountPaths = ['/profile', '/my-listings', '/referral-program'];
    for (const c of [undefined, cookie]) {
      for (const url of paths) {
        // Only the render's own requests count (not the test's, made through the same method).
        apiRequests.length = 0;
        const res = await t.app.inject({ url, headers: { accept: 'text/html', ...(c ? { cookie: c } : {}) } });
        expect(res.statusCode, url).toBe(200);
        expect(apiRequests, `${url} ${c ? 'signed in' : 'signed out'}`).toEqual([]);
      }
    }
    for (const url of accountPaths) {
      apiRequests.length = 0;
      expect((await t.app.inject({ url, headers: { accept: 'text/html', cookie } })).statusCode, url).toBe(200);
      expect(apiRequests, url).toEqual([]);
    }
  });

  it('a visitor asking for an account or back-office page is sent to sign in (302), where it came from kept', async () => {
    for (const [url, location] of [
      ['/profile', '/login?redirect=%2Fprofile'],
      ['/my-listings', '/login?redirect=%2Fmy-listings'],
      ['/admin/leads?status=new', '/admin-login?redirect=%2Fadmin%2Fleads%3Fstatus%3Dnew'],
    ]) {
      const res = await t.app.inject({ url: url!, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('a worksheet link that matches no worksheet is a 404 page that says so (not "try again")', async () => {
    for (const url of ['/deal-worksheets/abc', '/deal-worksheets/Zz0000000000000000000000']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('This link does not match a saved worksheet.');
    }
  });

  it('a shopper already signed in who opens the sign-in or register page is sent on (302), to a safe place', async () => {
    const cookie = await sessionOf('jordan');
    for (const [url, location] of [['/login', '/'], ['/register?redirect=%2Fsaved', '/saved'], ['/customer-login?redirect=%2F%2Fevil.example', '/']]) {
      const res = await t.app.inject({ url: url!, headers: { accept: 'text/html', cookie } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
  });
});
