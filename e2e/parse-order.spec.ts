// The app's code can start before the browser has parsed the whole page: public/app-loader.js starts it after the
// first paint, and on a slow phone a long page (the listing: twenty cards, then the render state at the end of the
// body) is still being parsed then. The app must hydrate the server's HTML all the same, not throw it away for a
// render from scratch (skeletons, then a large layout shift). Made certain here, not left to the machine's speed:
// the parser is held on a script just before the render state until the app's code has started.
import { expect, test } from './fixtures';

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

// The page's first Intl call sets up the browser's locale data (11-20 ms on a desktop, four times that on a slow
// phone). public/app-loader.js does it in a task of its own while the app's code downloads, so that it is not part
// of the entry's evaluation, the longest task of the start (issue 35 §2, docs/PERFORMANCE.md "The first Intl call").
test('the loader sets up the locale data before the app\'s code runs', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: Array<{ name: string; stack: string; appStarted: boolean }> = [];
    (window as unknown as { intlCalls: typeof calls }).intlCalls = calls;
    const record = (name: string) => calls.push({ name, stack: new Error().stack ?? '', appStarted: performance.getEntriesByName('app:start').length > 0 });
    const intl = Intl as unknown as Record<string, object>;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'ListFormat', 'Collator']) {
      const original = intl[name];
      if (typeof original !== 'function') continue;
      intl[name] = new Proxy(original, {
        construct(target, args, newTarget) { record(name); return Reflect.construct(target as new (...a: unknown[]) => object, args, newTarget); },
        apply(target, self, args) { record(name); return Reflect.apply(target as (...a: unknown[]) => unknown, self, args); },
      });
    }
  });
  await page.goto('/vehicles');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const calls = await page.evaluate(() => (window as unknown as { intlCalls: Array<{ name: string; stack: string; appStarted: boolean }> }).intlCalls);
  // The app does format (prices, kilometres): the first of its calls is what this is about.
  expect(calls.length).toBeGreaterThan(1);
  expect(calls[0]!.stack, 'the first Intl call comes from the loader').toContain('/app-loader.js');
  expect(calls[0]!.appStarted, 'and comes before the app\'s code has started').toBe(false);
  expect(calls.slice(1).some((c) => /\/assets\/index-[^/]*\.js/.test(c.stack)), 'the app\'s own calls follow').toBe(true);
});
