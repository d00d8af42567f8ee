// The test and expect every spec imports. Pages arrive server-rendered (issue 14): the HTML is on screen before
// React has hydrated it, and a click on a button before then does nothing. So a page load here is done when the
// app says it has hydrated (html[data-hydrated], set by the root layout's first effect), a state, not a delay.
// Contexts with JavaScript turned off get the plain page load.
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Makes the page's goto and reload wait for hydration. The test's own page gets it from the fixture below; a page
 * a test opens itself (a second context: an admin beside a shopper) must be passed through it, or a click can land
 * on server HTML before React has taken it over (a form then submits natively).
 */
export function waitingForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await waitForHydration(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await waitForHydration(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForHydration(page));
  },
});
