// Server-rendered pages (issue 14, DESIGN.md "Server rendering"): every page arrives as the React app's HTML,
// rendered with the API answers this visitor gets, whatever the client accepts; its status says what it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_STATE_ELEMENT_ID, SORT_COOKIE, THEME_COOKIE } from '@domain/page-render';
import { reviveRenderState, type RenderState } from '../../client/lib/render-state';
import { eq } from 'drizzle-orm';
import { vehicles } from '../db/schema';
import { createTestAppWithClient, renderedRoot, loginAs, type TestContext } from '../test/helpers';

let t: TestContext;
let truck: number;

beforeAll(async () => {
  t = await createTestAppWithClient();
  truck = (await t.createVehicle({ make: 'Ford', model: 'F-150', bodyType: 'Truck', photos: 2, price: 45_000 })).id;
  await t.createVehicle({ make: 'Honda', model: 'Civic', bodyType: 'Sedan', price: 24_500, photos: 1 });
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const api = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const root = renderedRoot;
function renderState(html: string): RenderState {
  const m = new RegExp(`<script type="application/json" id="${RENDER_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(m, 'the page carries its render state').not.toBeNull();
  return reviveRenderState(m![1]!);
}
const cached = (state: RenderState, key: string) => state.queries.queries.find((q) => q.queryKey[0] === key);
const imagePreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" imagesrcset="([^"]+)" imagesizes="([^"]+)" type="([^"]+)" fetchpriority="high" \/>/g)].map((m) => ({ srcset: m[1]!, sizes: m[2]!, type: m[3]! }));

describe('pages are server-rendered HTML for every client', () => {
  it('answers the listing with its cards whatever the Accept header says; /api stays JSON', async () => {
    const bodies = [];
    for (const accept of ['text/html', '*/*', undefined]) {
      const res = await page('/vehicles', accept ? { accept } : {});
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = root(res.body);
      expect(html).toContain('F-150');
      expect(html).toContain(`href="/vehicles/${truck}"`);
      bodies.push(html);
    }
    expect(new Set(bodies).size).toBe(1);
    const missing = await page('/api/nothing-here', { accept: 'text/html' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers a page past the end (an old shared link) with the last page, its caption and its page button (issue 33 §5)', async () => {
    const res = await page('/vehicles?page=99');
    expect(res.statusCode).toBe(200);
    const html = root(res.body);
    // Two vehicles: one page. Not "Showing 1961 to 2 of 2" and "No Matching Vehicles Found".
    expect(html).toContain('Showing 1 to 2 of 2 vehicles');
    expect(html).not.toContain('No Matching Vehicles Found');
    expect(html).toContain(`href="/vehicles/${truck}"`);
  });

  it('filters by store and condition from the URL, with both choices and their counts in the sidebar (issue 33 §2)', async () => {
    const calgary = await t.createVehicle({ make: 'Mazda', model: 'CX-30', bodyType: 'SUV', price: 29_000, photos: 1, location: 'Calgary', condition: 'new' });
    try {
      const html = root((await page('/vehicles?location=Calgary')).body);
      expect(html).toContain(`href="/vehicles/${calgary.id}"`);
      expect(html).not.toContain(`href="/vehicles/${truck}"`);
      expect(html).toContain('Showing 1 to 1 of 1 vehicles');
      // The store choice is checked; each store counts what picking it would give.
      expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="Calgary"/);
      expect(html).toMatch(/>Edmonton<span aria-hidden="true"[^>]*>\((<!-- -->)?2(<!-- -->)?\)<\/span>/);
      // The search box's words do the same.
      const used = root((await page('/vehicles?search=new')).body);
      expect(used).toContain(`href="/vehicles/${calgary.id}"`);
      expect(used).not.toContain(`href="/vehicles/${truck}"`);
    } finally {
      // Out of the other tests' lists again.
      await t.db.update(vehicles).set({ status: 'sold', soldAt: new Date() }).where(eq(vehicles.id, calgary.id));
      await t.vehiclesChanged([calgary.id]);
    }
  });

  it('a private seller\'s listing is labelled theirs, without a dealer Sale badge or payment estimate, and is not counted as stock (issue 33 §2)', async () => {
    const saab = await t.createVehicle({ make: 'Saab', model: '9-3', bodyType: 'Sedan', price: 9_000, originalPrice: 11_000, photos: 1, sellerType: 'private seller' });
    try {
      const card = root((await page('/vehicles?make=Saab')).body);
      expect(card).toContain(`href="/vehicles/${saab.id}"`);
      expect(card).toContain('Private seller');
      expect(card).toContain('no dealer financing');
      expect(card).not.toMatch(/>Sale</);
      expect(card).not.toContain('% APR');
      // A dealer card keeps its estimate.
      expect(root((await page('/vehicles?make=Ford')).body)).toContain('% APR');
      // The home page's and the footer's stock claims count the dealer's two vehicles, not the private one.
      const home = root((await page('/')).body);
      expect(home).toMatch(/<span class="text-accent">2(<!-- -->)? <\/span>/);
      expect(home).toMatch(/>2(<!-- -->)? (<!-- -->)?vehicles(<!-- -->)? in stock now</);
    } finally {
      await t.db.update(vehicles).set({ status: 'sold', soldAt: new Date() }).where(eq(vehicles.id, saab.id));
      await t.vehiclesChanged([saab.id]);
    }
  });

  it('renders from the answers the API gives, and ships them for hydration', async () => {
    const res = await page(`/vehicles/${truck}`);
    expect(res.statusCode).toBe(200);
    const state = renderState(res.body);
    const vehicle = cached(state, `/api/vehicles/${truck}`);
    expect(vehicle?.state.status).toBe('success');
    expect(vehicle?.state.data).toEqual((await api(`/api/vehicles/${truck}`)).json());
    // spec §6 / AMVIC: the all-in price and the stock number are in the first HTML.
    const detail = (await api(`/api/vehicles/${truck}`)).json() as { stockNumber: string; vin: string };
    expect(root(res.body)).toContain(detail.stockNumber);
    expect(root(res.body)).toContain('$45,000');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await page('/vehicles');
    const head = await t.app.inject({ method: 'HEAD', url: '/vehicles' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });

  it('cannot be broken out of: the render state escapes markup characters', async () => {
    const { id } = await t.createVehicle({ make: 'Kia', model: 'Soul', photos: 1, description: '</script><script>alert(1)</script>' });
    const res = await page(`/vehicles/${id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    const data = cached(renderState(res.body), `/api/vehicles/${id}`)?.state.data as { description: string };
    expect(data.description).toBe('</script><script>alert(1)</script>');
  });

  it('writes no inline script: only data blocks, the theme script and the module entry', async () => {
    // The admin dashboard is one large Suspense boundary (its lazy layout), which React would otherwise swap in by script.
    const { cookie } = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    for (const [url, headers] of [['/'], ['/vehicles'], [`/vehicles/${truck}`], ['/nope'], ['/admin/dashboard', { cookie }]] as const) {
      const res = await page(url, headers);
      expect(res.statusCode, url).toBeLessThan(500);
      const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
      for (const attrs of scripts) expect(attrs, url).toMatch(/type="application\/(?:json|ld\+json)"|src="/);
      expect(res.body, url).not.toMatch(/<template|<!--\$\?-->/);
    }
  });
});

describe('statuses', () => {
  it('answers 404 with the not-found page for unknown paths, missing vehicles and /referral-landing without a code', async () => {
    for (const url of ['/no-such-page', '/vehicles/999999', '/referral-landing', '/blog/no-such-post', '/blog/category/no-such-category']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(root(res.body), url).toMatch(/We can&#x27;t find that (page|vehicle)/);
    }
    const landing = await page('/referral-landing?code=ABCD1234');
    expect(landing.statusCode).toBe(200);
  });

  it('keeps a path that starts with // on this site: an unknown page, not another host', async () => {
    for (const url of ['//evil.example/', '//vehicles', '//evil.example/profile']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('answers 403 to a signed-in shopper on a back-office page', async () => {
    const { cookie } = await loginAs(t.app, await t.createUser());
    const res = await page('/admin/leads', { cookie });
    expect(res.statusCode).toBe(403);
    expect(root(res.body)).toContain('Not authorised');
  });

  it('sends a visitor from an account page to the login page, with the way back', async () => {
    const res = await page('/profile');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fprofile');
    const admin = await page('/admin/leads');
    expect(admin.statusCode).toBe(302);
    expect(admin.headers.location).toMatch(/^\/admin-login\?redirect=/);
  });
});

describe('the visitor', () => {
  it("renders a signed-in shopper's own header, and keeps that page out of shared caches", async () => {
    const user = await t.createUser({ username: 'ssr-shopper' });
    const { cookie } = await loginAs(t.app, user);
    const res = await page('/vehicles', { cookie });
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(res.headers.vary).toMatch(/cookie/i);
    const auth = cached(renderState(res.body), '/api/auth/user');
    expect(JSON.stringify(auth?.state.data)).toContain('ssr-shopper');
    const visitor = await page('/vehicles');
    expect(visitor.headers['cache-control']).not.toMatch(/private/);
    expect(JSON.stringify(renderState(visitor.body))).not.toContain('ssr-shopper');
  });

  it('renders the theme the cookie names, so a dark page never flashes light', async () => {
    const dark = await page('/', { cookie: `${THEME_COOKIE}=dark` });
    expect(dark.body).toMatch(/<html lang="en-CA" class="dark" style="color-scheme:dark">/);
    expect(renderState(dark.body).theme).toBe('dark');
    const light = await page('/', { cookie: `${THEME_COOKIE}=light` });
    expect(light.body).not.toMatch(/class="(dark|theme-system)"/);
    expect(renderState(light.body).theme).toBe('light');
  });

  it('with no theme chosen, renders the page to follow the device\'s light or dark preference (issue 21)', async () => {
    const first = await page('/');
    // CSS applies the dark colours under prefers-color-scheme: dark to this class: no script, nothing to mismatch.
    expect(first.body).toMatch(/<html lang="en-CA" class="theme-system">/);
    expect(renderState(first.body).theme).toBe('system');
  });

  it('lists vehicles in the sort the cookie names (the stored sort, spec §4), and caches each order apart', async () => {
    const order = (html: string) => [...root(html).matchAll(/href="\/vehicles\/(\d+)"/g)].map((m) => Number(m[1])).filter((id, i, all) => all.indexOf(id) === i);
    const cheapFirst = await page('/vehicles', { cookie: `${SORT_COOKIE}=price-asc` });
    const dearFirst = await page('/vehicles', { cookie: `${SORT_COOKIE}=price-desc` });
    expect(renderState(cheapFirst.body).sort).toBe('price-asc');
    expect(renderState(dearFirst.body).sort).toBe('price-desc');
    const cheap = order(cheapFirst.body);
    const dear = order(dearFirst.body);
    expect(cheap.length).toBeGreaterThan(1);
    expect(dear).toEqual([...cheap].reverse());
    // A value that is no sort is ignored, not rendered.
    const bogus = await page('/vehicles', { cookie: `${SORT_COOKIE}=<script>` });
    expect(bogus.statusCode).toBe(200);
    expect(renderState(bogus.body).sort).toBeNull();
  });
});

describe('the page cache', () => {
  it('shows a vehicle the moment it is listed, and drops a sold one at once, even on a page a visitor just loaded', async () => {
    const before = root((await page('/vehicles?make=Mazda')).body);
    expect(before).not.toContain('CX-5');
    const { id } = await t.createVehicle({ make: 'Mazda', model: 'CX-5', photos: 1 });
    expect(root((await page('/vehicles?make=Mazda')).body)).toContain('CX-5');
    await t.db.update(vehicles).set({ status: 'sold', soldAt: new Date() }).where(eq(vehicles.id, id));
    await t.vehiclesChanged([id]); // what every vehicle write's event does after its commit
    expect(root((await page('/vehicles?make=Mazda')).body)).not.toContain('CX-5');
  });

  it('drops cached pages when the back office changes anything, so a new post shows at once', async () => {
    expect(root((await page('/blog')).body)).not.toContain('Winter tires in Calgary');
    const admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    const created = await t.app.inject({
      method: 'POST', url: '/api/admin/content', headers: admin.bearer,
      payload: { kind: 'post', title: 'Winter tires in Calgary', excerpt: 'When to switch and what it costs.', body: 'Switch when it stays below 7 degrees.', categoryId: null, tags: [], status: 'published' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(root((await page('/blog')).body)).toContain('Winter tires in Calgary');
  });

  it('never serves a signed-in page to anyone else, nor a cached page to a signed-in shopper', async () => {
    const visitor = await page('/saved');
    expect(visitor.statusCode).toBe(200);
    const user = await t.createUser({ username: 'cache-shopper' });
    const { cookie } = await loginAs(t.app, user);
    const mine = await page('/saved', { cookie });
    expect(renderState(mine.body).queries.queries.some((q) => JSON.stringify(q.state.data ?? '').includes('cache-shopper'))).toBe(true);
    const again = await page('/saved');
    expect(again.body).not.toContain('cache-shopper');
  });
});

describe('preloads', () => {
  it("preloads the first card's cover photo on the listing and the gallery's on the vehicle page, as <picture> asks for them", async () => {
    const listing = (await api('/api/vehicles?format=paginated')).json() as { vehicles: { photos: { variants: { url: string; format: string }[] }[] }[] };
    const [card] = imagePreloads((await page('/vehicles')).body);
    // <picture> offers AVIF first when the photo has it, so that is the file the browser will want.
    const firstAvif = listing.vehicles[0]!.photos[0]!.variants.find((v) => v.format === 'avif')!.url;
    expect(card).toMatchObject({ sizes: '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw', type: 'image/avif' });
    expect(card!.srcset).toContain(firstAvif);
    expect(card!.srcset).not.toContain('.webp');
    const [gallery] = imagePreloads((await page(`/vehicles/${truck}`)).body);
    expect(gallery).toMatchObject({ sizes: '(min-width: 1024px) 60vw, 100vw' });
    expect(imagePreloads((await page('/')).body)[0]!.srcset).toMatch(/hero-prairie-suv-800\.webp 800w/);
  });

  // spec §9: the first 6 cards get image priority (loaded at once, not lazily). Only the first, a phone's LCP, asks
  // for high priority: six photos asking for it shared a slow network with the one a phone shows (issue 35).
  it("loads the listing's first 6 photos at once and fetches only the first ahead of the rest", async () => {
    // Each card's own markup, up to the next card: its photo's <img> if the server rendered one.
    const cards = (await page('/vehicles')).body.split('data-testid="vehicle-card"').slice(1);
    // This suite's lot is small: every card is among the first 6.
    const listed = ((await api('/api/vehicles?format=paginated')).json() as { vehicles: unknown[] }).vehicles.length;
    expect(listed).toBeGreaterThanOrEqual(2);
    expect(cards.length).toBe(Math.min(listed, 20));
    const first = cards.slice(0, 6).map((c) => /<img ([^>]*)>/.exec(c)?.[1] ?? '');
    expect(first.map((a) => /loading="(\w+)"/.exec(a)?.[1])).toEqual(first.map(() => 'eager'));
    expect(first.map((a) => /fetchpriority="(\w+)"/i.exec(a)?.[1] ?? null)).toEqual(first.map((_, i) => (i === 0 ? 'high' : null)));
  });

  // issue 35: on a phone one card per row fills the first screen; the other priority photos are in the HTML but load
  // as the shopper nears them, not sharing the phone's network with the one it shows. Wider screens load all 6.
  it('loads only the first photo at once on a phone, told by its client hint or its user agent, and caches each apart', async () => {
    const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    const loadings = async (headers: Record<string, string>) => {
      const res = await page('/vehicles', headers);
      expect(res.headers.vary).toBe('cookie, accept-encoding, sec-ch-ua-mobile, user-agent');
      const cards = res.body.split('data-testid="vehicle-card"').slice(1);
      return { cards: cards.map((c) => /<img [^>]*loading="(\w+)"/.exec(c)?.[1]), device: renderState(res.body).device };
    };
    // Asked in turn, so a cached page of one kind would show up as the answer to the other.
    const wide = await loadings({});
    const phoneByHint = await loadings({ 'sec-ch-ua-mobile': '?1', 'user-agent': IPAD });
    const phoneByAgent = await loadings({ 'user-agent': IPHONE });
    const tablet = await loadings({ 'user-agent': IPAD });
    const desktopChrome = await loadings({ 'sec-ch-ua-mobile': '?0', 'user-agent': IPHONE });
    expect(wide.cards.length).toBeGreaterThanOrEqual(2);
    const phone = wide.cards.map((_, i) => (i === 0 ? 'eager' : 'lazy'));
    expect(phoneByHint).toEqual({ cards: phone, device: 'phone' });
    expect(phoneByAgent).toEqual({ cards: phone, device: 'phone' });
    for (const other of [wide, tablet, desktopChrome]) expect(other).toEqual({ cards: wide.cards.map(() => 'eager'), device: 'other' });
  });

  it('places the image preload before the entry script', async () => {
    const home = (await page('/')).body;
    expect(home.indexOf('as="image"')).toBeLessThan(home.indexOf('src="/assets/index-abc.js"'));
  });
});
