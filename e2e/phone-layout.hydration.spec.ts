// Issue 21: a first visit (no theme chosen) follows the device's dark preference. The server cannot know it, so it
// renders the "system" theme that CSS resolves; React's development build (playwright.config.ts "hydration")
// reports any mismatch that would cause between the server's HTML and the browser's first render.
import { devices } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

for (const colorScheme of ['dark', 'light'] as const) {
  test(`a device preferring ${colorScheme}, with no theme chosen, hydrates without a mismatch`, async ({ browser, baseURL }) => {
    // A desktop, where the header shows the theme switch (a phone has it in the menu sheet).
    const { defaultBrowserType: _ignored, ...desktop } = devices['Desktop Chrome'];
    const context = await browser.newContext({ ...desktop, baseURL, colorScheme });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().startsWith('Failed to load resource')) return;
      if (m.type() === 'error' || (m.type() === 'warning' && /hydrat/i.test(m.text()))) problems.push(`${m.type()}: ${m.text().slice(0, 300)}`);
    });
    page.on('pageerror', (e) => problems.push(e.message));
    for (const route of ['/', '/vehicles']) {
      await page.goto(route);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveClass(/theme-system/);
      await expect(page.getByRole('switch', { name: 'Dark theme' }).first()).toHaveAttribute('aria-checked', colorScheme === 'dark' ? 'true' : 'false');
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}
