// Issue 3 "SEO": the first HTML response of /, /vehicles and /vehicles/:id carries the page's title, description,
// canonical URL, Open Graph tags and JSON-LD; /sitemap.xml lists every public page and available vehicle;
// /robots.txt keeps crawlers out of admin and account pages; modules extend all of it through app.seo.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PATHS } from '@domain/content';
import { RENDER_STATE_ELEMENT_ID } from '@domain/page-render';
import type { FastifyRequest } from 'fastify';
import { NOT_FOUND_HEAD, NOT_FOUND_TITLE, pageTitle } from '@domain/seo';
import { DEALERSHIP } from '@domain/settings';
import { routes } from '../../../client/app/router';
import { headOf as declaredHead, isDataHead, pageRoutes } from '../../../client/app/route-head';
import { PAGE_HEADS } from '../../../client/app/heads';
import { ensureContent } from '../content/seed/index';
import { vehicles } from '../../db/schema';
import { createTestAppWithClient, renderedRoot, loginAs, TEST_PUBLIC_URL, type TestContext } from '../../test/helpers';

const PUBLIC_URL = TEST_PUBLIC_URL;
let t: TestContext;
let truck: number;
let sedan: number;
let sold: number;
let pending: number;
let hostile: number;

beforeAll(async () => {
  t = await createTestAppWithClient();
  truck = (await t.createVehicle({ photos: 2, updatedAt: new Date('2026-03-04T05:06:07Z') })).id;
  sedan = (await t.createVehicle({ make: 'Honda', model: 'Civic', trim: null, bodyType: 'Sedan', price: 24_500, condition: 'new', location: 'Calgary' })).id;
  sold = (await t.createVehicle({ make: 'RAM', model: '1500', status: 'sold', soldAt: new Date() })).id;
  pending = (await t.createVehicle({ make: 'Mazda', model: 'CX-5', status: 'pending', sellerType: 'private seller' })).id;
  hostile = (await t.createVehicle({
    make: 'Kia', model: 'Soul', bodyType: 'Hatchback',
    description: 'Clean <b>& tidy</b></script><script>alert(1)</script><!-- \u2028 "quoted"',
  })).id;
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The page's head: everything before the server-rendered #root, where crawlers read the page's facts. */
const headOf = (html: string) => html.slice(0, html.indexOf('<div id="root">'));
const root = renderedRoot;

interface Head { title: string[]; description?: string; canonical?: string; robots?: string; og: Record<string, string>; jsonLd: Record<string, unknown>[] }

/** Reads the head the way a crawler does: no JavaScript, just the markup. */
function readHead(html: string): Head {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const attr = (re: RegExp) => { const m = re.exec(html); return m ? decode(m[1]!) : undefined; };
  const og: Record<string, string> = {};
  for (const m of html.matchAll(/<meta property="([^"]+)" content="([^"]*)" \/>/g)) og[m[1]!] = decode(m[2]!);
  return {
    title: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    og,
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
  };
}
const ofType = (head: Head, type: string) => head.jsonLd.filter((o) => o['@type'] === type);

describe('the home page head', () => {
  it('replaces the template title and description with the page head, once, keeping the rest of the template', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // A visitor without a session gets a page that holds nothing personal: revalidated, but not private.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('cookie, accept-encoding, sec-ch-ua-mobile, user-agent');
    const head = readHead(res.body);
    expect(head.title).toEqual([`${DEALERSHIP.name}: ${DEALERSHIP.tagline}`]);
    expect(res.body).not.toContain('Template');
    expect(head.description).toMatch(/Edmonton and Calgary/);
    expect(head.canonical).toBe(`${PUBLIC_URL}/`);
    expect(head.robots).toBeUndefined();
    expect(head.og).toMatchObject({ 'og:type': 'website', 'og:url': `${PUBLIC_URL}/`, 'og:site_name': DEALERSHIP.name, 'og:locale': 'en_CA' });
    expect(head.og['og:image']).toBe(`${PUBLIC_URL}/images/stock/hero-prairie-suv-1600.webp`);
    // The charset stays first (browsers and Lighthouse want it in the first 1024 bytes) and the app's scripts stay.
    expect(res.body.indexOf('<meta charset')).toBeLessThan(res.body.indexOf('<title>'));
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // The React app is rendered into #root: the head comes before it, once.
    expect(root(res.body)).toContain('href="/vehicles"');
    expect(res.body.lastIndexOf('<title>')).toBeLessThan(res.body.indexOf('<div id="root">'));
  });

  it('writes the same head for every client, whatever its Accept header (crawlers, link previews, curl)', async () => {
    const browser = await page('/vehicles');
    for (const accept of ['*/*', 'application/json', undefined]) {
      const res = await t.app.inject({ method: 'GET', url: '/vehicles', headers: accept ? { accept } : {} });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type'], String(accept)).toMatch(/^text\/html/);
      expect(headOf(res.body), String(accept)).toBe(headOf(browser.body));
    }
  });

  it('keeps a signed-in visitor\'s page out of shared caches', async () => {
    const { cookie } = await loginAs(t.app, await t.createUser({ username: 'seo-shopper' }));
    const res = await page('/', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/);
  });

  it('advertises the blog feeds in the first HTML of every page, once each, at the paths the feeds answer on', async () => {
    for (const url of ['/', '/vehicles', '/blog', '/financing']) {
      const res = await page(url);
      const alternates = [...res.body.matchAll(/<link rel="alternate" type="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(alternates, url).toEqual([['application/rss+xml', FEED_PATHS.rss], ['application/atom+xml', FEED_PATHS.atom]]);
    }
    for (const path of Object.values(FEED_PATHS)) {
      const feed = await t.app.inject({ method: 'GET', url: path });
      expect(feed.statusCode, path).toBe(200);
      expect(feed.headers['content-type'], path).toMatch(/xml/);
    }
  });

  it('describes the dealership with the facts of spec §1, from the settings module', async () => {
    const [dealer] = ofType(readHead((await page('/')).body), 'AutoDealer');
    expect(dealer).toMatchObject({
      '@context': 'https://schema.org',
      name: DEALERSHIP.name,
      url: `${PUBLIC_URL}/`,
      telephone: DEALERSHIP.phone,
      email: DEALERSHIP.email,
      aggregateRating: { ratingValue: 4.8, reviewCount: 127 },
      address: { addressLocality: 'Edmonton', addressRegion: 'AB', addressCountry: 'CA' },
    });
    expect((dealer!.areaServed as { name: string }[]).map((c) => c.name)).toEqual(['Edmonton', 'Calgary', 'Red Deer', 'Lethbridge']);
    const hours = dealer!.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(hours.map((h) => [h.dayOfWeek.length, h.opens, h.closes])).toEqual([[5, '09:00', '21:00'], [1, '09:00', '18:00'], [1, '10:00', '17:00']]);
    expect(hours[2]!.dayOfWeek).toEqual(['https://schema.org/Sunday']);
    expect((dealer!.department as { address: { addressLocality: string } }[])[0]!.address.addressLocality).toBe('Calgary');
  });

  it('keeps the content security policy: no inline script is allowed, and JSON-LD is data the browser never runs', async () => {
    const res = await page('/');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline\'; script');
    // Every <script> in the page is either a file or data: JSON-LD, or the render state (plugins/pages.test.ts).
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(2);
    for (const m of scripts) {
      expect(m[1]!.includes('src=') || /type="application\/(ld\+)?json"/.test(m[1]!), m[1]).toBe(true);
    }
    expect(res.body).toContain(`<script type="application/json" id="${RENDER_STATE_ELEMENT_ID}">`);
    // The embedded API answers of the empty shell are gone: the render state replaces them.
    expect(res.body).not.toContain('api-preload');
  });
});

describe('the listing head', () => {
  it('lists the vehicles of the first page a visitor sees, in order, with breadcrumbs', async () => {
    const res = await page('/vehicles');
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    expect(head.title).toEqual([`Used Cars for Sale in Alberta - Quality Inventory | ${DEALERSHIP.name}`]);
    expect(head.canonical).toBe(`${PUBLIC_URL}/vehicles`);
    const api = (await t.app.inject({ method: 'GET', url: '/api/vehicles?format=paginated' })).json() as { vehicles: { id: number }[] };
    const [list] = ofType(head, 'ItemList');
    const items = list!.itemListElement as { position: number; url: string; name: string }[];
    expect(items.map((i) => i.url)).toEqual(api.vehicles.map((v) => `${PUBLIC_URL}/vehicles/${v.id}`));
    expect(items.map((i) => i.position)).toEqual(api.vehicles.map((_, i) => i + 1));
    expect(items.map((i) => i.url)).not.toContain(`${PUBLIC_URL}/vehicles/${sold}`);
    expect(items.map((i) => i.url)).not.toContain(`${PUBLIC_URL}/vehicles/${pending}`);
    expect(items.find((i) => i.url.endsWith(`/${sedan}`))!.name).toBe('2021 Honda Civic');
    const [crumbs] = ofType(head, 'BreadcrumbList');
    expect(crumbs!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Vehicles', item: `${PUBLIC_URL}/vehicles` },
    ]);
    expect(ofType(head, 'AutoDealer')).toHaveLength(1);
  });

  it('describes the page the URL asks for, every filter, sort and page kept (decision 014), and names make, model and body type pages canonically', async () => {
    const hondas = readHead((await page('/vehicles?make=Honda&sortBy=price-desc')).body);
    expect((ofType(hondas, 'ItemList')[0]!.itemListElement as { url: string }[]).map((i) => i.url)).toEqual([`${PUBLIC_URL}/vehicles/${sedan}`]);
    expect(hondas.canonical).toBe(`${PUBLIC_URL}/vehicles?make=Honda`);
    expect(hondas.robots).toBeUndefined();
    // A year no vehicle has is kept: the list the page shows is empty, and so is this one.
    const none = readHead((await page('/vehicles?make=Honda&minYear=2030')).body);
    expect(ofType(none, 'ItemList')[0]!.itemListElement).toEqual([]);
    expect(none.canonical).toBe(`${PUBLIC_URL}/vehicles?make=Honda`);
    // A page past the end shows the last page (issue 33 §5), and so does this list.
    const beyond = readHead((await page('/vehicles?make=Honda&page=3')).body);
    expect((ofType(beyond, 'ItemList')[0]!.itemListElement as { url: string; position: number }[]).map((i) => [i.url, i.position]))
      .toEqual([[`${PUBLIC_URL}/vehicles/${sedan}`, 1]]);
    expect(beyond.canonical).toBe(`${PUBLIC_URL}/vehicles?make=Honda`);
  });

  it('keeps free-text search results out of the index, and survives values the API would refuse', async () => {
    const search = readHead((await page('/vehicles?search=civic')).body);
    expect(search.robots).toBe('noindex, follow');
    expect(search.canonical).toBe(`${PUBLIC_URL}/vehicles`);
    const odd = await page(`/vehicles?make=${'x'.repeat(61)}&maxPrice=abc&bodyType=`);
    expect(odd.statusCode).toBe(200);
    expect(ofType(readHead(odd.body), 'ItemList')).toHaveLength(1);
  });
});

describe('the vehicle page head', () => {
  it('describes an available vehicle as a Car with an all-in Offer in CAD, with breadcrumbs and its photo', async () => {
    const res = await page(`/vehicles/${truck}`);
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    expect(head.title).toEqual([`2021 Ford F-150 XLT for sale in Edmonton | ${DEALERSHIP.name}`]);
    expect(head.description).toMatch(/^Used 2021 Ford F-150 XLT for sale in Edmonton, Alberta: \$40,000 all-in \(plus GST\), 50,000 km/);
    expect(head.canonical).toBe(`${PUBLIC_URL}/vehicles/${truck}`);
    expect(head.og).toMatchObject({
      'og:type': 'product',
      'og:image': `${PUBLIC_URL}/uploads/vehicles/${truck}/0-1600.webp`,
      'og:image:alt': 'Photo 1',
      'product:price:amount': '40000',
      'product:price:currency': 'CAD',
    });
    const [car] = ofType(head, 'Car');
    expect(car).toMatchObject({
      name: '2021 Ford F-150 XLT',
      url: `${PUBLIC_URL}/vehicles/${truck}`,
      brand: { '@type': 'Brand', name: 'Ford' },
      model: 'F-150',
      vehicleModelDate: '2021',
      mileageFromOdometer: { value: 50_000, unitCode: 'KMT' },
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer', price: 40_000, priceCurrency: 'CAD', availability: 'https://schema.org/InStock',
        seller: { '@type': 'AutoDealer', name: DEALERSHIP.name },
      },
    });
    expect(car!.image).toHaveLength(2);
    expect((car!.vehicleIdentificationNumber as string)).toHaveLength(17);
    const crumbs = ofType(head, 'BreadcrumbList')[0]!.itemListElement as { name: string; item: string }[];
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Vehicles', '2021 Ford F-150 XLT']);
  });

  it('marks a sold vehicle sold out, still indexable for people who bookmarked it', async () => {
    const head = readHead((await page(`/vehicles/${sold}`)).body);
    expect(head.title[0]).toMatch(/^2021 RAM 1500 XLT \(sold\) \|/);
    expect(ofType(head, 'Car')[0]!.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });

  it.each([
    ['an unknown id', () => '/vehicles/999999'],
    ['a pending private listing', () => `/vehicles/${pending}`],
    ['a malformed id', () => '/vehicles/abc'],
    ['an id beyond the database range', () => '/vehicles/99999999999'],
  ])('answers %s with 404 and noindex, with the app\'s not-found page rendered', async (_what, url) => {
    const res = await page(url());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(root(res.body)).toContain('We can&#x27;t find that vehicle');
    expect(root(res.body)).not.toContain('$40,000');
    const head = readHead(res.body);
    expect(head.robots).toBe('noindex, follow');
    expect(head.title).toEqual([`Vehicle not found | ${DEALERSHIP.name}`]);
    expect(ofType(head, 'Car')).toHaveLength(0);
  });

  it('escapes data so a description cannot end the JSON-LD block or inject markup', async () => {
    const res = await page(`/vehicles/${hostile}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<b>');
    expect(headOf(res.body)).not.toContain('<!--');
    // React's own markers (text separators and Suspense boundaries) are the only comments in the rendered page.
    expect(res.body.replace(/<!--(?: |\/?\$[?!]?)-->/g, '')).not.toContain('<!--');
    // The rendered page is the vehicle's, with the description as text: every markup character escaped.
    expect(root(res.body)).toContain('Kia Soul');
    expect(root(res.body)).toContain('Clean &lt;b&gt;&amp; tidy&lt;/b&gt;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(root(res.body)).not.toMatch(/<script>alert|<b>/);
    const car = ofType(readHead(res.body), 'Car')[0]!;
    expect(car.description).toBe('Clean <b>& tidy</b></script><script>alert(1)</script><!-- \u2028 "quoted"');
  });
});

describe('other pages', () => {
  it('gives a static page the head its route declares, and its canonical URL', async () => {
    const head = readHead((await page('/financing')).body);
    expect(head.title).toEqual([pageTitle('Car financing for every credit situation')]);
    expect(head.description).toMatch(/^Car loans for good, fair, rebuilding and no credit in Alberta/);
    expect(head.canonical).toBe(`${PUBLIC_URL}/financing`);
    expect(head.robots).toBeUndefined();
    expect(ofType(head, 'AutoDealer')).toHaveLength(1);
  });

  it.each([
    ['/login', 'visitor', 200],
    ['/no/such/page', 'visitor', 404],
    ['/admin/dashboard', 'admin', 200],
    ['/profile', 'customer', 200],
    ['/referral-program', 'customer', 200],
  ] as const)('keeps %s out of the index (as a %s sees it)', async (url, who, status) => {
    const cookie = who === 'visitor' ? undefined : (await loginAs(t.app, await t.createUser({ role: who }))).cookie;
    const res = await page(url, cookie ? { cookie } : {});
    expect(res.statusCode).toBe(status);
    expect(readHead(res.body).robots).toMatch(/^noindex/);
  });

  it.each([
    ['/admin/dashboard', '/admin-login?redirect=%2Fadmin%2Fdashboard'],
    ['/profile', '/login?redirect=%2Fprofile'],
    ['/referral-program', '/login?redirect=%2Freferral-program'],
  ])('sends a visitor from %s to sign in, with the way back, and nothing to index', async (url, location) => {
    const res = await page(url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('<html');
    const login = await page(location);
    expect(login.statusCode).toBe(200);
    expect(readHead(login.body).robots).toMatch(/^noindex/);
  });

  // Issue 31 §5: each page is declared once, in its route entry (client/app/router.tsx handle.head). 11 routes
  // (/financing, /login, /contact, the not-found page…) once sent the home page's title to crawlers and previews.
  it('walks every route of the route table: each first HTML has its own title, the one its route declares', async () => {
    // The site pages (info, legal) as every server has them (server/main.ts).
    await ensureContent(t.app.db, { posts: false, preApprovalRetentionDays: 730 });
    const all = pageRoutes(routes);
    expect(all.length).toBeGreaterThan(60);
    const admin = (await loginAs(t.app, await t.createUser({ role: 'admin' }))).cookie;
    const customer = (await loginAs(t.app, await t.createUser({ role: 'customer' }))).cookie;
    const backOffice = /^\/(admin(\/|$)|add-vehicle|edit-vehicle|bulk-import)/;
    // A shopper already signed in is sent on from these (app/loaders.ts): a visitor reads them.
    const signIn = /^\/(login|customer-login|register)$/;
    const urlOf = (pattern: string) => (pattern === '/*' ? '/no/such/page' : pattern
      .replace(/:id\b/, String(truck))
      .replace(/:[a-z]+/gi, 'no-such-thing'));
    const home = pageTitle(null);
    const wrong: string[] = [];
    /** Which declaration each title came from: two routes may share a title only by sharing one declaration. */
    const declaredBy = new Map<string, { declaration: unknown; pattern: string }>();
    for (const { pattern, route } of all) {
      const declared = declaredHead([route]);
      const url = urlOf(pattern);
      const res = await page(url, backOffice.test(pattern) ? { cookie: admin } : signIn.test(pattern) ? {} : { cookie: customer });
      const [title = ''] = readHead(res.body).title;
      // A 404 render is the not-found page (the referral landing page without its code, spec §2), or a data page's
      // own "not found" head ("Article not found").
      const want = declared && !isDataHead(declared) ? pageTitle(res.statusCode === 404 ? NOT_FOUND_TITLE : declared.title) : null;
      if ((title === home && pattern !== '/') || (want && title !== want) || res.statusCode >= 500) wrong.push(`${url} (${res.statusCode}): ${title}`);
      const declaration = title === pageTitle(NOT_FOUND_TITLE) ? NOT_FOUND_HEAD : declared && isDataHead(declared) ? pattern : declared;
      const seen = declaredBy.get(title);
      if (seen && seen.declaration !== declaration) wrong.push(`${url} repeats the title of ${seen.pattern}: ${title}`);
      declaredBy.set(title, { declaration, pattern });
    }
    expect(wrong).toEqual([]);
    expect((await page('/no/such/page')).statusCode).toBe(404);
    expect(readHead((await page('/referral-landing?code=ABC')).body).title).toEqual([pageTitle('You were referred by a friend')]);
    // About 70 server renders, on a machine other work shares.
  }, 180_000);

  it('has a head for every route: declared in its entry, or built from its data by a builder its entry names, and no builder without a route', () => {
    const all = pageRoutes(routes);
    expect(all.filter(({ route }) => !declaredHead([route])).map((r) => r.pattern)).toEqual([]);
    const named = all.map(({ route }) => declaredHead([route])).flatMap((h) => (h && isDataHead(h) ? [h.data] : []));
    expect(named).toContain('vehicle');
    expect([...new Set(named)].sort()).toEqual(Object.keys(PAGE_HEADS).sort());
  });

  it('gives a static page the robots its route declares, and the not-found page its own head with 404', async () => {
    const res = await page('/deal-worksheets/no-such-token');
    expect(readHead(res.body).robots).toBe('noindex, nofollow');
    const missing = await page('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(readHead(missing.body)).toMatchObject({ title: [pageTitle(NOT_FOUND_TITLE)], description: NOT_FOUND_HEAD.description, robots: 'noindex, nofollow' });
  });

  it('keeps the referral program information page indexable though it shares a prefix with the personal page', async () => {
    expect(readHead((await page('/referral-program-info')).body).robots).toBeUndefined();
  });
});

describe('app.seo.pageHead', () => {
  const request = (url: string) => ({ url, log: t.app.log, cookies: {} }) as unknown as FastifyRequest;

  it('writes the head the render built from the page\'s data, with its status', () => {
    const built = {
      title: 'Post winter tires',
      description: 'A post.',
      canonicalPath: '/blog/winter-tires',
      og: { type: 'article', image: null },
      jsonLd: [{ '@type': 'BlogPosting', headline: 'Post winter tires' }],
      status: 404,
    };
    const head = t.app.seo.pageHead(request('/blog/winter-tires?x=1'), { kind: 'data' }, built);
    expect(head.status).toBe(404);
    const read = readHead(head.html);
    expect(read.title).toEqual([`Post winter tires | ${DEALERSHIP.name}`]);
    expect(read.canonical).toBe(`${PUBLIC_URL}/blog/winter-tires`);
    expect(read.og['og:type']).toBe('article');
    expect(read.og['og:image']).toBeUndefined();
    expect(ofType(read, 'BlogPosting')[0]).toEqual({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Post winter tires' });
  });

  it('serves the default head when the render could not build one (no render, or the page\'s data failed)', () => {
    const head = t.app.seo.pageHead(request('/car-loans'), { kind: 'data' }, null);
    expect(head.status).toBe(200);
    expect(readHead(head.html)).toMatchObject({ title: [pageTitle(null)], canonical: `${PUBLIC_URL}/car-loans` });
  });

  it('keeps a personal page out of search engines whatever its head says', () => {
    const head = t.app.seo.pageHead(request('/saved'), { kind: 'static', head: { title: 'Saved vehicles', description: 'Yours.' } }, null);
    expect(readHead(head.html).robots).toBe('noindex, nofollow');
  });
});

describe('/sitemap.xml', () => {
  it('lists the public pages and every available vehicle with its last change, and nothing private', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/', '/vehicles', '/deal-of-the-day', '/vehicle-finder', '/financing', '/pre-approval', '/contact', '/blog', '/referral-program-info', '/privacy-policy']) {
      expect(locs).toContain(`${PUBLIC_URL}${p}`);
    }
    for (const id of [truck, sedan, hostile]) expect(locs).toContain(`${PUBLIC_URL}/vehicles/${id}`);
    for (const id of [sold, pending]) expect(locs).not.toContain(`${PUBLIC_URL}/vehicles/${id}`);
    for (const p of ['/admin', '/login', '/profile', '/saved', '/referral-program', '/affordable-vehicles']) expect(locs).not.toContain(`${PUBLIC_URL}${p}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/vehicles/${truck}</loc>\n    <lastmod>2026-03-04T05:06:07.000Z</lastmod>`);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  });

  it('adds the entries of registered sources, escaped for XML', async () => {
    t.app.seo.addSitemapSource(async () => [{ path: '/blog/tips?a=1&b=2', lastmod: new Date('2026-02-01T00:00:00Z'), changefreq: 'weekly' }]);
    const body = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(body).toContain(`<loc>${PUBLIC_URL}/blog/tips?a=1&amp;b=2</loc>\n    <lastmod>2026-02-01T00:00:00.000Z</lastmod>\n    <changefreq>weekly</changefreq>`);
  });

  it('drops a vehicle from the sitemap once it is sold', async () => {
    const { id } = await t.createVehicle({ make: 'Subaru', model: 'Outback' });
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(`/vehicles/${id}<`);
    await t.db.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, id));
    await t.vehiclesChanged([id]);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(`/vehicles/${id}<`);
  });
});

describe('/robots.txt', () => {
  it('keeps crawlers out of admin, account and API paths and points to the sitemap at the public URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const p of ['/admin', '/add-vehicle', '/edit-vehicle/', '/login', '/register', '/profile', '/my-listings', '/saved', '/api/', '/referral-program$']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    // Rendering crawlers still load the inventory the public pages show.
    expect(lines).toContain('Allow: /api/vehicles');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
