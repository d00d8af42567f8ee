// Issue 20, spec §2: the home page's proactive chat. A visitor who scrolls past the vehicle search (or stays 30 s:
// TIMING.proactiveChat, tested with fake timers in client/features/leads/chat/proactive-greeting.test.ts) sees a
// greeting beside the chat button, announced politely, once per session; it never opens the chat by itself, can be
// dismissed, opens the chat when tapped, and on a phone stays in the chat button's strip (the compare bar is the
// listing's, not the home page's; the bubble rises with the button above it through --floating-bottom all the same).
import { expect, test, type Page } from './fixtures';

const GREETING = 'Looking for something specific? Ask me about any vehicle.';

async function scrollPastSearch(page: Page) {
  await page.evaluate(() => {
    const search = document.querySelector('[data-home-search]')!;
    window.scrollTo(0, window.scrollY + search.getBoundingClientRect().bottom + 40);
  });
}

const greeting = (page: Page) => page.getByRole('status').filter({ hasText: GREETING });
const chatButton = (page: Page) => page.getByRole('button', { name: 'Chat with our car assistant' });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: /Car assistant/ });

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('scrolling past the search greets once: announced politely, the chat stays closed, and dismissed it stays gone @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(chatButton(page)).toBeVisible();
    // Not before the visitor has scrolled past the search (nor before 30 s, which no test waits for).
    await expect(page.getByText(GREETING)).toHaveCount(0);
    await scrollPastSearch(page);
    const bubble = greeting(page);
    await expect(bubble).toBeVisible();
    await expect(bubble).toHaveAttribute('aria-live', 'polite');
    // Never opens the chat by itself.
    await expect(chatPanel(page)).toHaveCount(0);

    // Beside the chat button, wholly on screen, no taller than the button's strip, not over the button (once its
    // 200 ms entrance has ended: a state, polled).
    const button = (await chatButton(page).boundingBox())!;
    await expect.poll(async () => {
      const b = (await page.locator('[data-chat-greeting]').boundingBox())!;
      return Math.round(b.y + b.height - (button.y + button.height));
    }).toBe(0);
    const box = (await page.locator('[data-chat-greeting]').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(overlap(box, button)).toBe(false);
    expect(box.height).toBeLessThanOrEqual(button.height + 1);

    await bubble.getByRole('button', { name: 'Dismiss the chat greeting' }).click();
    await expect(page.getByText(GREETING)).toHaveCount(0);
    await expect(chatPanel(page)).toHaveCount(0);

    // Once per session: back at the top, reloaded, scrolled past again: no greeting.
    await page.reload();
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollPastSearch(page);
    await expect(page.locator('[data-home-search]')).not.toBeInViewport();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.getByText(GREETING)).toHaveCount(0);
  });

  test('tapping the greeting opens the chat; closed again, the greeting does not come back @mobile', async ({ page }) => {
    await page.goto('/');
    await scrollPastSearch(page);
    await greeting(page).getByRole('button', { name: GREETING }).click();
    await expect(chatPanel(page)).toBeVisible();
    await expect(page.getByText(GREETING)).toHaveCount(0);
    await chatPanel(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(chatPanel(page)).toHaveCount(0);
    await expect(chatButton(page)).toBeFocused();
    await expect(page.getByText(GREETING)).toHaveCount(0);
  });
});

test('only the home page greets: the listing scrolled down has no greeting', async ({ page }) => {
  await page.goto('/vehicles');
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect(chatButton(page)).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(page.getByText(GREETING)).toHaveCount(0);
});

test('with reduced motion the greeting appears without its entrance animation', async ({ browser, baseURL }) => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    const context = await browser.newContext({ baseURL, reducedMotion });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await scrollPastSearch(page);
    const bubble = page.locator('[data-chat-greeting]');
    await expect(bubble).toBeVisible();
    const animation = await bubble.evaluate((el) => getComputedStyle(el).animationName);
    expect(animation, `animation with reducedMotion ${reducedMotion}`).toBe(reducedMotion === 'reduce' ? 'none' : 'chat-greeting-in');
    await context.close();
  }
});
