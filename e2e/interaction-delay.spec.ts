// Issue 35 §3: interaction delay on a mid-range phone. With the CPU throttled 4× (Chrome DevTools' mid-range phone
// figure), a signed-in shopper on the hydrated listing taps Filters, a compare toggle, the heart and the sort menu.
// Each tap must do its job; its interaction to next paint is read from the Event Timing API (the data INP is made
// of: the longest event of each interaction) and attached to the test. The 200 ms bar is checked where the machine
// is idle: INP_BAR=200 makes this test fail above it (docs/PERFORMANCE.md, "Interaction delay").
import type { BrowserContext } from '@playwright/test';
import { expect, test, waitForHydration, waitingForHydration, type Page, type Unique } from './fixtures';

/** Signs a shopper of the test's own up in the context (sign-up signs in), from an address of its own, so the hearts
 * it taps change no one else's saved list and the per-address sign-up limit counts only this test. */
async function signUpShopper(context: BrowserContext, unique: Unique, baseURL: string) {
  const username = unique.token('shopper');
  const res = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.ca`, password: 'quick taps on a mid-range phone' },
    headers: { origin: baseURL, 'x-forwarded-for': unique.address() },
  });
  expect(res.status(), await res.text()).toBe(201);
}
const BAR_MS = process.env.INP_BAR ? Number(process.env.INP_BAR) : null;

/** Collects Event Timing entries that belong to an interaction (interactionId > 0), from the page's first moment. */
const OBSERVE = () => {
  const w = window as unknown as { __interactions: Map<number, number> };
  w.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (e.interactionId) w.__interactions.set(e.interactionId, Math.max(w.__interactions.get(e.interactionId) ?? 0, e.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** Taps, waits for what the tap must do, then reads the interaction's latency (the longest of its events). */
async function measureTap(page: Page, tap: () => Promise<void>, effect: () => Promise<void>): Promise<number> {
  const seen = await page.evaluate(() => [...(window as unknown as { __interactions: Map<number, number> }).__interactions.keys()]);
  await tap();
  await effect();
  // Entries reach the observer after the next paint: wait for this interaction's to arrive.
  let latency = 0;
  await expect.poll(async () => {
    latency = await page.evaluate((before) => {
      const all = (window as unknown as { __interactions: Map<number, number> }).__interactions;
      const fresh = [...all].filter(([id]) => !before.includes(id)).map(([, d]) => d);
      return fresh.length ? Math.max(...fresh) : -1;
    }, seen);
    return latency;
  }, { message: 'the tap is an interaction the browser timed' }).toBeGreaterThanOrEqual(0);
  return latency;
}

test('taps on the listing respond on a 4× throttled phone: Filters, compare, the heart, sort', async ({ browser, baseURL, unique }, testInfo) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signUpShopper(context, unique, baseURL!);
  const page = waitingForHydration(await context.newPage());
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  await page.goto('/vehicles');
  const card = page.getByTestId('vehicle-card').nth(1);
  const results: Record<string, number> = {};

  const filters = page.getByRole('button', { name: /^Filters/ });
  results.filters = await measureTap(page, () => filters.tap(), () => expect(page.getByRole('dialog', { name: /Filters/ })).toBeVisible());
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Filters/ })).toHaveCount(0);

  const compare = card.locator('button.vehicle-card-compare');
  results.compare = await measureTap(page, () => compare.tap(), () => expect(compare).toHaveAttribute('aria-pressed', 'true'));

  const heart = card.getByRole('button', { name: /^(Save|Remove) / });
  const wasSaved = (await heart.getAttribute('aria-pressed')) === 'true';
  results.heart = await measureTap(page, () => heart.tap(), () => expect(heart).toHaveAttribute('aria-pressed', String(!wasSaved)));
  // Leave the shopper's saved list as it was.
  await heart.tap();
  await expect(heart).toHaveAttribute('aria-pressed', String(wasSaved));

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  results.sort = await measureTap(page, async () => { await sort.tap(); await sort.selectOption('price-asc'); }, () => expect(page).toHaveURL(/sortBy=price-asc/));

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  for (const [tap, ms] of Object.entries(results)) testInfo.annotations.push({ type: 'INP (ms, 4× CPU)', description: `${tap}: ${Math.round(ms)}` });
  console.log(`interaction latency, 4x CPU, hydrated /vehicles: ${JSON.stringify(Object.fromEntries(Object.entries(results).map(([k, v]) => [k, Math.round(v)])))}`);
  if (BAR_MS !== null) for (const [tap, ms] of Object.entries(results)) expect(ms, `${tap} within ${BAR_MS} ms`).toBeLessThanOrEqual(BAR_MS);
});

// Issue 35 §2: a tap on a part that is not hydrated yet must still work. The app's scripts are held back (as on a
// slow connection) so the shopper taps the server's HTML before any of the app has run; then they arrive. Each tap
// must then do its job: public/app-loader.js keeps them and lib/early-events.ts hands them to the app, which hydrates
// the part a tap landed in and runs its handler.
test('taps made before the app has started still do their job: compare, the heart, sort, Filters', async ({ browser, baseURL, unique }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signUpShopper(context, unique, baseURL!);
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/.+\.js$/, async (route) => { await released; await route.continue(); });

  await page.goto('/vehicles', { waitUntil: 'domcontentloaded' });
  const card = page.getByTestId('vehicle-card').nth(1);
  const link = await card.getByRole('link').first().getAttribute('href');
  const compare = card.locator('button.vehicle-card-compare');
  const heart = card.getByRole('button', { name: /^(Save|Remove) / });
  await expect(compare).toHaveAttribute('aria-pressed', 'false');
  const wasSaved = (await heart.getAttribute('aria-pressed')) === 'true';

  await compare.tap();
  await heart.tap();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
  await page.getByRole('button', { name: /^Filters/ }).tap();
  // None of the app has run: nothing has answered the taps yet.
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
  await expect(compare).toHaveAttribute('aria-pressed', 'false');

  release();
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: /Filters/ })).toBeVisible();
  await expect(page).toHaveURL(/sortBy=price-asc/);
  // The sort moved the cards: the tapped vehicle is found by its id in the compare list and the shopper's saved list.
  const id = Number(link!.split('/').pop());
  const compared = () => page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: number }[]).map((v) => v.id), 'vehicle-comparison-list');
  await expect.poll(compared).toEqual([id]);
  const saved = async () => ((await (await page.request.get('/api/saved-vehicles')).json()) as { savedVehicles: number[] }).savedVehicles.includes(id);
  await expect.poll(saved).toBe(!wasSaved);
  // Leave the shopper's saved list as it was.
  await page.goto(link!);
  await waitForHydration(page);
  const pageHeart = page.getByRole('main').getByRole('button', { name: /^(Save|Remove) / }).first();
  await expect(pageHeart).toHaveAttribute('aria-pressed', String(!wasSaved));
  await pageHeart.click();
  await expect.poll(saved).toBe(wasSaved);
  await context.close();
});

// Issue 35 §2: nothing the server rendered may move when its part hydrates later. A shopper on a slow connection
// scrolls the server's listing before any of the app has run; when the app arrives and the listing hydrates, they
// stay where they scrolled (the listing's arrival used to put every fresh visit back at the top).
test('a shopper who scrolled the listing before the app started keeps their place when it hydrates', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/.+\.js$/, async (route) => { await released; await route.continue(); });

  await page.goto('/vehicles', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('vehicle-card').nth(5)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();

  release();
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  // Two frames after everything settled: a reset would have run by now.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => window.scrollY)).toBe(1200);
  await context.close();
});

// Issue 35 §3: the same phone, tapping as soon as the page has painted, while the app is still loading and
// hydrating. Whatever stage the tap lands in (kept before the app starts, or taken by React while it hydrates), the
// toggle must answer; the test records the tap's latency and how long its answer took to show.
test('a compare tap right after first paint on a 4× throttled phone is answered', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/vehicles', { waitUntil: 'commit' });
  const compare = page.getByTestId('vehicle-card').nth(1).locator('button.vehicle-card-compare');
  await expect(compare).toBeVisible();
  // The first script has run (public/app-loader.js), so the page can keep a tap: from here a shopper's tap counts.
  await page.waitForFunction(() => typeof window.__takeEarlyEvents === 'function' || document.documentElement.dataset.hydrated === 'true');
  const hydratedAtTap = await page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
  let answeredMs = 0;
  const started = Date.now();
  const latency = await measureTap(page, () => compare.tap(), async () => {
    await expect(compare).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
    answeredMs = Date.now() - started;
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  testInfo.annotations.push({ type: 'INP (ms, 4× CPU, right after first paint)', description: `compare: ${Math.round(latency)}; answered after ${answeredMs} ms; hydrated at the tap: ${hydratedAtTap}` });
  console.log(`right after first paint, 4x CPU: compare tap latency ${Math.round(latency)} ms, answered after ${answeredMs} ms (hydrated at the tap: ${hydratedAtTap})`);
});

// Issue 35 §3: a tap's paint must not wait for the whole page to be restyled. Two did:
// - the first compare tap brings up the compare bar, which publishes its height for the chat button, the toasts and
//   the sticky filter buttons (lib/bottom-bars.ts); published on the page root, that variable made the browser
//   restyle every element of the listing (about 2,000): 111 ms on a 4× throttled phone;
// - opening the Filters sheet, a modal dialog: Radix set `pointer-events: none` and a scroll-lock variable, both
//   inherited, on <body> (styles.css, "A modal dialog or sheet must not restyle the whole page").
// These count, in the browser's own trace, how many elements each style recalculation touched from the tap until
// its result has painted; a count, not a time, so the machine's load cannot move them.
async function elementsRestyledBy(page: Page, tap: () => Promise<void>): Promise<{ restyled: number[]; total: number }> {
  const total = await page.evaluate(() => document.getElementsByTagName('*').length);
  const cdp = await page.context().newCDPSession(page);
  const events: Array<{ name: string; args?: { elementCount?: number } }> = [];
  cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as typeof events)); });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await tap();
  // Two frames later whatever the tap changed has been styled and painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const restyled = events.filter((e) => e.name === 'UpdateLayoutTree').map((e) => e.args?.elementCount ?? 0);
  expect(restyled.length, 'the trace recorded the style recalculations').toBeGreaterThan(0);
  return { restyled, total };
}

test('the first compare tap restyles the few elements it changes, not the whole listing', async ({ page }) => {
  await page.goto('/vehicles');
  const { restyled, total } = await elementsRestyledBy(page, async () => {
    await page.getByTestId('vehicle-card').nth(1).locator('button.vehicle-card-compare').click();
    await expect(page.getByRole('region', { name: 'Vehicle comparison' })).toBeVisible();
  });
  expect(total, 'the listing is a page of over 1,000 elements').toBeGreaterThan(1000);
  expect(Math.max(...restyled), `elements restyled per recalculation: ${restyled.join(', ')}`).toBeLessThan(total / 10);
});

test('opening the Filters sheet on a phone restyles the sheet, not the listing behind it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = waitingForHydration(await context.newPage());
  await page.goto('/vehicles');
  const sheet = page.getByRole('dialog', { name: /Filters/ });
  const { restyled, total } = await elementsRestyledBy(page, async () => {
    await page.getByRole('button', { name: /^Filters/ }).tap();
    await expect(sheet).toBeVisible();
  });
  const inSheet = await sheet.evaluate((el) => el.getElementsByTagName('*').length);
  expect(total, 'the listing is a page of over 1,000 elements').toBeGreaterThan(1000);
  // The sheet's own elements are new and styled once (with their ::before and ::after), the page behind is not.
  expect(Math.max(...restyled), `elements restyled per recalculation: ${restyled.join(', ')} (the sheet has ${inSheet} of ${total})`).toBeLessThan(total / 3);
  // The page behind still cannot be used: a tap outside the sheet lands on its overlay and closes it.
  await page.touchscreen.tap(380, 420);
  await expect(sheet).toHaveCount(0);
  await context.close();
});

// Issue 35 §2: the listing's filter panel, its cards and its calculator, the home page's first-screen parts and the
// vehicle page's lower parts each sit in a Suspense boundary of their own (components/hydrate-apart.tsx), so React
// hydrates them after the page around them, in a render it slices into short tasks. A page that renders again as it
// settles (the listing does: its arrival and stored sort) gave each boundary new props, and React then hydrated them
// one after another inside that synchronous render, each with a commit of its own: one task of 250-300 ms on a 4×
// throttled phone. React reports every commit to the DevTools hook, in production too; a stand-in hook counts the
// boundaries still dehydrated after each commit, and which synchronous run of script made it (a run ends when its
// microtasks run). No run may hydrate parts in more than one commit. A count, not a time.
const RECORD_COMMITS = () => {
  type Fiber = { tag: number; memoizedState: { dehydrated?: unknown } | null; child: Fiber | null; sibling: Fiber | null };
  const w = window as unknown as { __commits: Array<{ run: number; dehydrated: number }>; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  const SUSPENSE = 13; // React's fiber tag for a Suspense boundary; its state holds `dehydrated` until it is hydrated
  const dehydrated = (root: Fiber) => {
    let n = 0;
    const stack: Array<Fiber | null> = [root];
    while (stack.length) {
      const f = stack.pop();
      if (!f) continue;
      // A part that waits for the shopper to come near it (lazyOnView, div[data-part]) is not one to hydrate now.
      const node = f.tag === SUSPENSE ? (f.memoizedState?.dehydrated as Node | undefined) : undefined;
      if (node && !node.parentElement?.closest('[data-part]')) n++;
      stack.push(f.sibling, f.child);
    }
    return n;
  };
  let run = 0;
  let inRun = false;
  w.__commits = [];
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, inject: () => 1, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      if (!inRun) { inRun = true; run++; queueMicrotask(() => { inRun = false; }); }
      w.__commits.push({ run, dehydrated: dehydrated(root.current) });
    },
  };
};

for (const path of ['/vehicles', '/', '/vehicles/1']) {
  test(`${path} hydrates its parts in a render of their own, not one after another in one task`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = waitingForHydration(await context.newPage());
    await page.addInitScript(RECORD_COMMITS);
    // A mid-range phone, as in the tests above: the slower the page, the more can happen before its parts hydrate.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path);
    const commits = () => page.evaluate(() => (window as unknown as { __commits: Array<{ run: number; dehydrated: number }> }).__commits);
    await expect.poll(async () => (await commits()).at(-1)?.dehydrated, { message: 'every part has hydrated' }).toBe(0);
    const all = await commits();
    const shown = all.map((c) => `${c.run}:${c.dehydrated}`).join(' ');
    expect(all[0]!.dehydrated, `the page has parts of its own to hydrate (commits, as run:parts still dehydrated: ${shown})`).toBeGreaterThan(0);
    const hydratingCommits = new Map<number, number>();
    all.forEach((c, i) => { if (i > 0 && c.dehydrated < all[i - 1]!.dehydrated) hydratingCommits.set(c.run, (hydratingCommits.get(c.run) ?? 0) + 1); });
    expect(Math.max(...hydratingCommits.values()), `commits that hydrate parts, per run (commits, as run:parts still dehydrated: ${shown})`).toBe(1);
    await context.close();
  });
}
