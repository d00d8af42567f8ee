// Issue 21 item 3: the price slider's two thumbs show in the server's HTML, before any script runs, at the places
// their values give (Radix renders them `display: none` at the track's start until it has mounted), stay there once
// React has hydrated, and arrow keys then move them. (listing-return.spec.ts drags them by touch and mouse.)
import { expect, test, type Locator, type Page } from './fixtures';

const URL_WITH_PRICES = '/vehicles?minPrice=20000&maxPrice=60000';
const NAMES = ['Minimum price', 'Maximum price'] as const;

const slider = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Filters' }).getByRole('slider', { name });

/** A thumb's centre, and where its value puts it on its slider (Radix's rule: p% of the track, 12 px inwards at the ends). */
async function place(thumb: Locator) {
  return thumb.evaluate((el) => {
    const root = el.closest('.slider-root')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const [min, now, max] = ['aria-valuemin', 'aria-valuenow', 'aria-valuemax'].map((a) => Number(el.getAttribute(a))) as [number, number, number];
    const p = (now - min) / (max - min);
    return {
      width: box.width,
      height: box.height,
      display: getComputedStyle(el).display,
      centre: box.x + box.width / 2,
      expected: root.x + p * root.width + (12 - p * 24),
    };
  });
}

test('without script, the server\'s HTML shows both thumbs at their values\' places', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(URL_WITH_PRICES);
  const centres: number[] = [];
  for (const name of NAMES) {
    const thumb = slider(page, name);
    await expect(thumb).toBeVisible();
    const at = await place(thumb);
    expect(at.display).not.toBe('none');
    expect(at.width).toBeGreaterThanOrEqual(24);
    expect(at.height).toBeGreaterThanOrEqual(24);
    expect(Math.abs(at.centre - at.expected), `${name} at its value's place`).toBeLessThanOrEqual(1);
    centres.push(at.centre);
  }
  await expect(slider(page, 'Minimum price')).toHaveAttribute('aria-valuenow', '20000');
  await expect(slider(page, 'Maximum price')).toHaveAttribute('aria-valuenow', '60000');
  expect(centres[1]! - centres[0]!, 'the thumbs apart, not both at the start').toBeGreaterThan(40);
  await context.close();
});

test('hydrated, the thumbs stay where the server put them, and arrow keys move them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(URL_WITH_PRICES);
  const low = slider(page, 'Minimum price');
  const high = slider(page, 'Maximum price');
  for (const thumb of [low, high]) {
    await expect(thumb).toBeVisible();
    const at = await place(thumb);
    expect(Math.abs(at.centre - at.expected)).toBeLessThanOrEqual(1);
  }
  await high.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(high).toHaveAttribute('aria-valuenow', '58000');
  await low.focus();
  await page.keyboard.press('ArrowRight');
  await expect(low).toHaveAttribute('aria-valuenow', '21000');
  const form = page.getByRole('complementary', { name: 'Filters' }).getByRole('form', { name: 'Filters' });
  await expect(form.getByLabel('Min price')).toHaveValue('21000');
  await expect(form.getByLabel('Max price')).toHaveValue('58000');
  // Radix now places them: still where their new values say.
  for (const thumb of [low, high]) {
    const at = await place(thumb);
    expect(Math.abs(at.centre - at.expected)).toBeLessThanOrEqual(1);
  }
});
