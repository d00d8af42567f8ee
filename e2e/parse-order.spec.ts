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
