// Issue 35 §2: what a shopper types, ticks and picks in a server-rendered form before its part hydrates is theirs
// once it has (client/lib/early-input.ts). The part's code is held back, as on a slow connection, so the shopper
// fills the server's HTML with none of it run; then it arrives, and the form must act on what they entered.
import { expect, test, waitForHydration, type Page } from './fixtures';
import { fillZeroRateLoan, readyPart, seededVehicle } from './support';

/** Holds back every request for a script matching `pattern` until the returned function is called. */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(pattern, async (route) => { await released; await route.continue(); });
  return release;
}

test('filters set before the app has started are applied: a price, kilometres, a make and the condition', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const release = await holdScripts(page, /\/assets\/.+\.js$/);
  await page.goto('/vehicles', { waitUntil: 'domcontentloaded' });

  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Max price').fill('20000');
  await filters.getByLabel('Kilometers').selectOption('80000');
  await filters.getByRole('checkbox', { name: /^Toyota/ }).check();
  await filters.getByRole('radio', { name: /^Used/ }).check();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), 'none of the app has run').toBeNull();

  release();
  await waitForHydration(page);
  // The panel holds the shopper's choices as changes not applied yet, and still shows them.
  await expect(filters.getByText('You have changes not applied yet.')).toBeAttached();
  await expect(filters.getByLabel('Max price')).toHaveValue('20000');
  await expect(filters.getByLabel('Kilometers')).toHaveValue('80000');
  await expect(filters.getByRole('checkbox', { name: /^Toyota/ })).toBeChecked();
  await expect(filters.getByRole('radio', { name: /^Used/ })).toBeChecked();

  const request = page.waitForRequest((r) => r.url().includes('/api/vehicles?') && r.url().includes('priceMax='));
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  const api = new URL((await request).url()).searchParams;
  expect(api.get('priceMax')).toBe('20000');
  expect(api.get('mileageMax')).toBe('80000');
  expect(api.getAll('make')).toEqual(['Toyota']);
  expect(api.get('condition')).toBe('used');
  await expect(page).toHaveURL(/[?&]maxPrice=20000(&|$)/);
  await context.close();
});

test('a search typed before the app has started is sent once it has', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const release = await holdScripts(page, /\/assets\/.+\.js$/);
  await page.goto('/vehicles', { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('searchbox', { name: 'Search the inventory' });
  await box.fill('Corolla');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), 'none of the app has run').toBeNull();

  release();
  await waitForHydration(page);
  // spec §4: the URL follows the box after the pause.
  await expect(page).toHaveURL(/[?&]search=Corolla(&|$)/);
  await expect(box).toHaveValue('Corolla');
  await context.close();
});

test('figures typed into the payment calculator before its part has loaded are the ones it prices', async ({ page, request }) => {
  // A seeded vehicle, which no test changes: one an earlier test added may be held or sold.
  const vehicle = await seededVehicle(request);
  const release = await holdScripts(page, /\/assets\/payment-calculator-[^/]+\.js$/);
  await page.goto(`/vehicles/${vehicle.id}`);
  const calc = page.locator('#payment-calculator');
  await calc.scrollIntoViewIfNeeded();
  // Near the viewport, the part asks for its code, which is held: the shopper types into the server's HTML.
  const part = page.locator('[data-part="features/vehicles/components/payment-calculator"]');
  await expect(part).not.toHaveAttribute('data-hydrated', '');
  const months = await fillZeroRateLoan(calc);
  await expect(part).not.toHaveAttribute('data-hydrated', '');

  release();
  await readyPart(page, 'features/vehicles/components/payment-calculator');
  // At 0% the financed amount (price + 5% GST − down payment, issue 57 §1) divided by the months (spec §9): the shopper's figures, not the server's.
  await expect(page.getByTestId('calc-monthly')).toHaveText(`$${(26_500 / months).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await expect(calc.getByLabel('Down payment')).toHaveValue('5000');
});
