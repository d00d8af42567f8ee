// Issue 21 item 3: the price slider's two thumbs show in the server's HTML, before any script runs, at the places
// their values give, stay there once React has hydrated, and arrow keys then move them. The thumbs are native range
// inputs (issue 35), so the browser places them; what is checked here is that the track's filled part runs between
// them, which the component computes. (listing-return.spec.ts drags them by touch and mouse; what needs no layout, the
// values, the fields following the thumbs, the thumbs never crossing and Apply, is
// client/features/vehicles/components/filter-panel.component.test.tsx.)
import { expect, test, type Locator, type Page } from './fixtures';

const URL_WITH_PRICES = '/vehicles?minPrice=20000&maxPrice=60000';
const NAMES = ['Minimum price', 'Maximum price'] as const;

const slider = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Filters' }).getByRole('slider', { name });

/**
 * A thumb's centre by the browser's rule for a native range with a 24 px thumb (from 12 px to the width less 12 px),
 * and the ends of the track's filled part.
 */
async function place(thumb: Locator) {
  return thumb.evaluate((el) => {
    const input = el as HTMLInputElement;
    const box = input.getBoundingClientRect();
    const p = (Number(input.value) - Number(input.min)) / (Number(input.max) - Number(input.min));
    const fill = input.parentElement!.querySelector('[aria-hidden] > div')!.getBoundingClientRect();
    return { height: box.height, centre: box.x + 12 + p * (box.width - 24), fillFrom: fill.left, fillTo: fill.right };
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
    expect(at.height).toBeGreaterThanOrEqual(24);
    centres.push(at.centre);
  }
  await expect(slider(page, 'Minimum price')).toHaveValue('20000');
  await expect(slider(page, 'Maximum price')).toHaveValue('60000');
  expect(centres[1]! - centres[0]!, 'the thumbs apart, not both at the start').toBeGreaterThan(40);
  const fill = await place(slider(page, 'Minimum price'));
  expect(Math.abs(fill.fillFrom - centres[0]!), 'the filled part starts at the low thumb').toBeLessThanOrEqual(1);
  expect(Math.abs(fill.fillTo - centres[1]!), 'the filled part ends at the high thumb').toBeLessThanOrEqual(1);
  await context.close();
});

test('hydrated, the thumbs stay where the server put them, and arrow keys move them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(URL_WITH_PRICES);
  const low = slider(page, 'Minimum price');
  const high = slider(page, 'Maximum price');
  await expect(low).toHaveValue('20000');
  await expect(high).toHaveValue('60000');
  await high.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(high).toHaveValue('58000');
  await low.focus();
  await page.keyboard.press('ArrowRight');
  await expect(low).toHaveValue('21000');
  const form = page.getByRole('complementary', { name: 'Filters' }).getByRole('form', { name: 'Filters' });
  await expect(form.getByLabel('Min price')).toHaveValue('21000');
  await expect(form.getByLabel('Max price')).toHaveValue('58000');
  // The filled part follows them.
  const [a, b] = [await place(low), await place(high)];
  expect(Math.abs(a.fillFrom - a.centre)).toBeLessThanOrEqual(1);
  expect(Math.abs(a.fillTo - b.centre)).toBeLessThanOrEqual(1);
});
