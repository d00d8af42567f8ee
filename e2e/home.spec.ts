// Home page (spec §2 "Homepage /"): search card cascade, carousel controls, inventory ticker.
import { expect, test } from '@playwright/test';

interface ModelFacet { make: string; model: string; bodyType: string; count: number }

test('search card: body style narrows makes, model waits for a make, search needs a criterion', async ({ page }) => {
  const facets = await (await page.request.get('/api/vehicles/facets')).json() as { models: ModelFacet[] };
  // A body style that some makes lack, so narrowing is visible.
  const allMakes = new Set(facets.models.map((m) => m.make));
  const body = [...new Set(facets.models.map((m) => m.bodyType))]
    .find((b) => new Set(facets.models.filter((m) => m.bodyType === b).map((m) => m.make)).size < allMakes.size)!;
  const bodyMakes = [...new Set(facets.models.filter((m) => m.bodyType === body).map((m) => m.make))];
  const make = bodyMakes[0]!;

  await page.goto('/');
  const form = page.getByRole('search', { name: 'Find your next vehicle' });
  const search = form.getByRole('button', { name: 'Search Vehicles' });
  await expect(search).toBeDisabled();
  await expect(form.getByText('Enter at least one search criteria to find vehicles')).toBeVisible();

  const model = form.getByLabel('Model');
  await expect(model).toBeDisabled();
  await expect(model.locator('option:checked')).toHaveText('Select make first');

  const makeSelect = form.getByLabel('Make');
  await expect.poll(async () => (await makeSelect.locator('option').count()) - 1).toBe(allMakes.size);
  await form.getByLabel('Body Style').selectOption(body);
  await expect(search).toBeEnabled();
  await expect(form.getByText('Enter at least one search criteria to find vehicles')).toBeHidden();
  await expect.poll(async () => (await makeSelect.locator('option').count()) - 1).toBe(bodyMakes.length);

  await makeSelect.selectOption(make);
  await expect(model).toBeEnabled();
  const models = facets.models.filter((m) => m.bodyType === body && m.make === make).map((m) => m.model);
  await expect.poll(async () => (await model.locator('option').count()) - 1).toBe(new Set(models).size);

  // Changing the body style clears make and model.
  await model.selectOption(models[0]!);
  await form.getByLabel('Body Style').selectOption('');
  await expect(makeSelect).toHaveValue('');
  await expect(model).toBeDisabled();
  await expect(search).toBeDisabled();

  await form.getByLabel('Body Style').selectOption(body);
  await makeSelect.selectOption(make);
  await search.click();
  await expect(page).toHaveURL(new RegExp(`/vehicles\\?bodyType=${encodeURIComponent(body)}&make=${encodeURIComponent(make).replace(/%20/g, '(\\+|%20)')}$`));
  expect(await page.evaluate(() => sessionStorage.getItem('vehicles-scroll-to-top'))).not.toBeNull();
});

test('search card: Max Price alone searches, as a whole number', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('search', { name: 'Find your next vehicle' });
  await form.getByLabel('Max Price').fill('25000');
  await form.getByRole('button', { name: 'Search Vehicles' }).click();
  await expect(page).toHaveURL(/\/vehicles\?maxPrice=25000$/);
});

test('hero: live count, pre-approval button, browse link; carousel arrows and dots change the slide', async ({ page }) => {
  test.setTimeout(60_000);
  const { total } = await (await page.request.get('/api/vehicles/facets')).json() as { total: number };
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${total} new and used vehicles`);
  await expect(page.getByRole('link', { name: 'Get Pre-Approved Now' })).toHaveAttribute('href', '/pre-approval');
  await expect(page.getByText('Takes 2 minutes • Quick online application')).toBeVisible();
  await expect(page.getByText(/Instant decision/)).toHaveCount(0);

  const carousel = page.getByRole('region', { name: 'Photos of our dealership' });
  const first = carousel.locator('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  const active = carousel.locator('[data-testid="hero-slide"][data-active]');
  await expect(carousel.locator('img')).toHaveCount(4); // the others mount once the first has loaded
  for (const img of await carousel.locator('img').all()) expect(await img.getAttribute('alt')).toMatch(/\w{10,}/);

  // The pointer over the carousel pauses auto-advance, so only our changes move it from here on.
  await carousel.hover();
  const current = async () => Number((await active.getAttribute('aria-label'))!.split(' ')[0]);
  const start = await current();
  const after = (steps: number) => `${((start - 1 + steps + 400) % 4) + 1} of 4`;
  await carousel.getByRole('button', { name: 'Next photo' }).click();
  await expect(active).toHaveAttribute('aria-label', after(1));
  await page.waitForTimeout(600);
  // Two clicks at once: the second falls inside the 500 ms lock and is ignored (spec §9).
  await carousel.getByRole('button', { name: 'Next photo' }).evaluate((b: HTMLButtonElement) => { b.click(); b.click(); });
  await expect(active).toHaveAttribute('aria-label', after(2));
  await page.waitForTimeout(600);
  await carousel.getByRole('button', { name: 'Previous photo' }).click();
  await expect(active).toHaveAttribute('aria-label', after(1));
  await page.waitForTimeout(600);
  await page.keyboard.press('ArrowRight'); // focus is on the arrow: the keyboard works too
  await expect(active).toHaveAttribute('aria-label', after(2));
  await page.waitForTimeout(600);
  await carousel.getByRole('button', { name: 'Show photo 4 of 4' }).click();
  await expect(active).toHaveAttribute('aria-label', '4 of 4');
  await expect(carousel.getByRole('button', { name: 'Show photo 4 of 4' })).toHaveAttribute('aria-current', 'true');
  // Still on slide 4 after more than the 5 s interval: paused while the pointer is over it.
  await page.waitForTimeout(5_500);
  await expect(active).toHaveAttribute('aria-label', '4 of 4');

  await page.getByRole('link', { name: 'Or browse vehicles without pre-approval' }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
});

test('ticker: a real available vehicle with its real price, linking to its page; no invented counts', async ({ page }) => {
  await page.goto('/');
  const ticker = page.getByRole('region', { name: 'Live inventory' });
  await expect(ticker).toContainText('Live Inventory • Click to View Details');
  const link = ticker.getByTestId('ticker-link');
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const id = Number(href?.match(/^\/vehicles\/(\d+)$/)?.[1]);
  expect(id).toBeGreaterThan(0);
  const vehicle = await (await page.request.get(`/api/vehicles/${id}`)).json() as { year: number; make: string; model: string; price: number; isSold: boolean };
  expect(vehicle.isSold).toBe(false);
  await expect(link).toContainText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
  await expect(link).toContainText(`$${vehicle.price.toLocaleString('en-CA')}`);
  await expect(link).toHaveText(/New Arrival|Featured|Popular Choice|Recently Added/i);
  await expect(ticker).not.toContainText(/views|viewing|test drives|booked|clicks/i);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${id}$`));
});

test('lazy sections load when scrolled to: private sellers, tips, call to action, SEO links', async ({ page }) => {
  await page.goto('/');
  // Nothing below the fold is there before the shopper scrolls.
  await expect(page.getByRole('heading', { name: 'Buying smart in Alberta' })).toHaveCount(0);
  for (const name of ['From Alberta owners', 'Buying smart in Alberta', 'Know your budget first', 'Used cars, trucks and SUVs in Edmonton and Calgary']) {
    const heading = page.getByRole('heading', { name });
    await expect(async () => {
      await page.mouse.wheel(0, 700);
      await expect(heading).toBeVisible({ timeout: 400 });
    }).toPass({ timeout: 15_000 });
  }
  await expect(page.getByRole('link', { name: 'pickup truck' })).toHaveAttribute('href', '/vehicles?bodyType=Truck');
  const privateCards = page.getByRole('region', { name: 'From Alberta owners' }).getByTestId('vehicle-card');
  await expect(privateCards.first()).toContainText('Private seller');
});
