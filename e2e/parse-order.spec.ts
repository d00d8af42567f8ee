// The app's code can start before the browser has parsed the whole page: public/app-loader.js starts it after the
// first paint, and on a slow phone a long page (the listing: twenty cards, then the render state at the end of the
// body) is still being parsed then. The app must hydrate the server's HTML all the same, not throw it away for a
// render from scratch (skeletons, then a large layout shift). Made certain here, not left to the machine's speed:
// the parser is held on a script just before the render state until the app's code has started.
import { expect, test } from './fixtures';
import { seededVehicle } from './support';

test('the app started mid-parse waits for the whole page and hydrates the server\'s HTML in place', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const gate = '/parse-gate.js';
  await page.route((url) => url.pathname === '/vehicles', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const marker = '<script type="application/json" id="render-state">';
    expect(html, 'the render state follows the server-rendered page').toContain(marker);
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, body: html.replace(marker, `<script src="${gate}"></script>${marker}`) });
  });
  await page.route((url) => url.pathname === gate, async (route) => {
    // Parsing is held here (a classic script blocks the parser) until client/main.tsx has run. The cards above
    // are the server's: noted before the app's code can touch them. The browser's preload scanner may ask for this
    // script before the parser has reached it (it once had not yet parsed a card): the parser goes on to the cards
    // and stops at this script, since it is not answered yet, so the first card is waited for, not assumed.
    await page.waitForFunction(() => {
      const w = window as unknown as { serverCard: Element | null };
      w.serverCard = document.querySelector('[data-testid="vehicle-card"]');
      return w.serverCard !== null;
    });
    await page.waitForFunction(() => performance.getEntriesByName('app:start').length > 0);
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await page.goto('/vehicles');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  // The server's first card is the one on screen: hydrated in place, not replaced.
  expect(await page.evaluate(() => {
    const card = (window as unknown as { serverCard: Element | null }).serverCard;
    return card !== null && card.isConnected;
  })).toBe(true);
  await context.close();
});

// A page's first Intl call makes the browser build its list of locales: 13-23 ms on a desktop, four times that on a
// slow phone, in one task. Starting the listing or a vehicle page needs none: prices, kilometres and opening hours
// are written out (domain/number-format.ts, client/lib/format.ts), and the formatters for later (relative times,
// dates) are built on first use (issue 35 §2, docs/PERFORMANCE.md "The first Intl call"). Before, the entry's
// evaluation built four of them, and that one task grew by about 60%.
test('the listing and a vehicle page start without a call to Intl', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: Array<{ name: string; stack: string; hydrated: boolean }> = [];
    (window as unknown as { intlCalls: typeof calls }).intlCalls = calls;
    const record = (name: string) => calls.push({ name, stack: new Error().stack ?? '', hydrated: document.documentElement.dataset.hydrated === 'true' });
    const intl = Intl as unknown as Record<string, object>;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'ListFormat', 'Collator', 'Segmenter', 'DisplayNames']) {
      const original = intl[name];
      if (typeof original !== 'function') continue;
      intl[name] = new Proxy(original, {
        construct(target, args, newTarget) { record(name); return Reflect.construct(target as new (...a: unknown[]) => object, args, newTarget); },
        apply(target, self, args) { record(name); return Reflect.apply(target as (...a: unknown[]) => unknown, self, args); },
      });
    }
    // The locale-sensitive methods of the built-in types go through the same locale data.
    const methods: Array<[object, string]> = [
      [Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare'], [Array.prototype, 'toLocaleString'],
    ];
    for (const [proto, name] of methods) {
      const original = (proto as Record<string, (...a: unknown[]) => unknown>)[name]!;
      Object.defineProperty(proto, name, {
        configurable: true, writable: true,
        value(this: unknown, ...args: unknown[]) { record(name); return original.apply(this, args); },
      });
    }
  });
  const vehicle = await seededVehicle(page.request);
  for (const path of ['/vehicles', `/vehicles/${vehicle.id}`]) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const calls = await page.evaluate(() => (window as unknown as { intlCalls: Array<{ name: string; stack: string; hydrated: boolean }> }).intlCalls);
    const beforeHydration = calls.filter((c) => !c.hydrated).map((c) => `${c.name} at ${c.stack.split('\n').slice(2, 4).join(' ')}`);
    expect(beforeHydration, `${path}: Intl calls while the page started`).toEqual([]);
  }
});

// public/app-loader.js starts the app once the browser has recorded the first contentful paint (paint timing), so
// nothing of the app competes with what that paint needs. A frame callback and a timeout, used before, could run
// before the paint was recorded (Lighthouse then counted the app's requests against it: FCP 1.1-1.5 s in some runs
// instead of 0.9 s). The vehicle page's thumbnails are drawn once the app runs, so they do not share the phone's
// connection with the main photo either (issue 35; docs/PERFORMANCE.md "The app waits for the recorded first paint").
test('the app\'s code and the gallery\'s thumbnails are fetched after the first contentful paint', async ({ page }) => {
  // A vehicle of the seeded lot with thumbnails to show (a vehicle another test added may have no photo yet).
  const vehicle = await seededVehicle(page.request, { photos: 2 });
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const thumbnails = page.getByRole('group', { name: 'Choose a photo' }).locator('img');
  await expect(thumbnails).toHaveCount(vehicle.photos.length);
  await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const start = performance.getEntriesByName('app:start')[0]!.startTime;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const thumbnailUrls = [...document.querySelectorAll('[aria-label="Choose a photo"] img')].map((img) => (img as HTMLImageElement).currentSrc);
    return {
      paint, start,
      scripts: resources.filter((r) => /\/assets\/.*\.js$/.test(r.name)).map((r) => r.startTime),
      thumbnails: resources.filter((r) => thumbnailUrls.includes(r.name)).map((r) => ({ name: r.name, startTime: r.startTime })),
      mainPhoto: (document.querySelector('[data-testid="gallery-main"] img') as HTMLImageElement).currentSrc,
    };
  });
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const t of timing.scripts) expect(t, 'an app script was requested before the first contentful paint').toBeGreaterThanOrEqual(timing.paint);
  // A thumbnail of another size than the main photo is a request of its own, made once the app runs.
  const ownRequests = timing.thumbnails.filter((t) => t.name !== timing.mainPhoto);
  expect(ownRequests.length).toBeGreaterThan(0);
  for (const t of ownRequests) expect(t.startTime, `${t.name} was requested before the app started`).toBeGreaterThan(timing.start);
});

test('the app still starts where the browser keeps no paint timing, or records no paint', async ({ browser }) => {
  for (const [what, script] of [
    ['no paint timing', () => { Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['mark', 'measure', 'resource'] }); }],
    ['no paint recorded', () => { PerformanceObserver.prototype.observe = function observe() {}; }],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(script);
    await page.goto('/vehicles');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(page.getByTestId('vehicle-card').first(), what).toBeVisible();
    await context.close();
  }
});
