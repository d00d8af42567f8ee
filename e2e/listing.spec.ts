// The listing /vehicles (spec §2 "Vehicle listing", §4 "Listing state"), against the seeded app.
import { expect, test, type Page } from './fixtures';

const cards = (page: Page) => page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem');
const caption = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ vehicles$/);

/** Wait until the grid shows settled results (not the previous page kept on screen while loading). */
async function settled(page: Page) {
  await expect(page.getByRole('list', { name: 'Vehicles' })).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(cards(page).first()).toBeVisible();
}

const prices = async (page: Page) =>
  (await cards(page).getByTestId('card-price').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));

test.describe('listing /vehicles', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/vehicles');
    await settled(page);
  });

  test('banner, heading, search box, title, 20 cards and the pagination caption', async ({ page }) => {
    await expect(page.getByText('Shop with Confidence - Get Pre-Approved First!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Pre-Approved' }).first()).toHaveAttribute('href', '/pre-approval');
    await expect(page.getByRole('heading', { level: 1, name: 'Used Cars for Sale in Alberta - Quality Inventory' })).toBeVisible();
    await expect(page).toHaveTitle(/Used Cars for Sale in Alberta/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Alberta/);
    await expect(page.getByPlaceholder('Search vehicles by make, model, year, or features...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vehicles That Match Your Needs' })).toBeVisible();
    await expect(cards(page)).toHaveCount(20);
    await expect(caption(page)).toHaveText(/^Showing 1 to 20 of \d+ vehicles$/);
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /^Page \d+$/ })).toHaveCount(5);
  });

  test('Check My Budget scrolls to the calculator', async ({ page }) => {
    await page.getByRole('button', { name: 'Check My Budget' }).click();
    await expect(page.locator('#calculator')).toBeInViewport();
  });

  test('search: the URL follows after the pause, the headline counts results, back/forward restores', async ({ page }) => {
    const box = page.getByRole('searchbox', { name: 'Search the inventory' });
    await box.fill('Toyota');
    await expect(page).toHaveURL(/[?&]search=Toyota(&|$)/);
    await expect(page.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();
    await settled(page);
    const titles = await cards(page).getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toContain('Toyota');

    await page.goBack();
    await expect(page).not.toHaveURL(/search=/);
    await expect(box).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Vehicles That Match Your Needs' })).toBeVisible();

    await page.goForward();
    await expect(page).toHaveURL(/search=Toyota/);
    await expect(box).toHaveValue('Toyota');
  });

  test('Enter sends the search at once and resets to page 1', async ({ page }) => {
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const box = page.getByRole('searchbox', { name: 'Search the inventory' });
    await box.fill('Ford');
    await box.press('Enter');
    await expect(page).toHaveURL(/search=Ford/);
    await expect(page).not.toHaveURL(/page=/);
  });

  test('pagination: Next goes to ?page=2 with its caption, back returns to page 1', async ({ page }) => {
    const first = await cards(page).first().getByRole('heading').textContent();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await settled(page);
    await expect(caption(page)).toHaveText(/^Showing 21 to 40 of \d+ vehicles$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Previous' })).toBeVisible();
    // spec §4: changing page scrolls to the top after 100 ms.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/[?&]page=3(&|$)/);
    await expect(caption(page)).toHaveText(/^Showing 41 to 60 of \d+ vehicles$/);

    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(caption(page)).toHaveText(/^Showing 21 to 40 of \d+ vehicles$/);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await settled(page);
    await expect(caption(page)).toHaveText(/^Showing 1 to 20 of \d+ vehicles$/);
    await expect(cards(page).first().getByRole('heading')).toHaveText(first ?? '');
  });

  test('sort: price low to high goes to ?sortBy=price-asc, prices ascend, and the choice is remembered', async ({ page }) => {
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/[?&]sortBy=price-asc(&|$)/);
    await expect(page).not.toHaveURL(/page=/); // spec §4: a sort change resets the page
    await settled(page);
    const p = await prices(page);
    expect(p.length).toBe(20);
    expect([...p].sort((a, b) => a - b)).toEqual(p);

    // spec §4: the stored sort is used when the URL has none.
    await page.goto('/vehicles');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await settled(page);
    const again = await prices(page);
    expect([...again].sort((a, b) => a - b)).toEqual(again);

    await page.getByLabel('Sort by').selectOption('recommended');
    await expect(page).not.toHaveURL(/sortBy=/);
  });

  test('a make filter: Apply takes effect, every card is that make, the URL and the API call carry it', async ({ page }) => {
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: /^Honda/ }).check();
    const request = page.waitForRequest((r) => r.url().includes('/api/vehicles?') && new URL(r.url()).searchParams.getAll('make').includes('Honda'));
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    const api = new URL((await request).url()).searchParams;
    expect(api.get('format')).toBe('paginated');
    expect(api.get('limit')).toBe('20');
    expect(api.get('page')).toBe('1');
    expect(api.has('priceMin')).toBe(false); // spec §7: defaults omitted
    expect(api.has('priceMax')).toBe(false);
    await expect(page).toHaveURL(/[?&]make=Honda(&|$)/);
    await settled(page);
    const titles = await cards(page).getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toMatch(/^\d{4} Honda /);

    // Reset All restores the full ranges and every vehicle.
    await filters.getByRole('button', { name: 'Reset All' }).click();
    await expect(page).not.toHaveURL(/make=/);
    await expect(filters.getByRole('checkbox', { name: /^Honda/ })).not.toBeChecked();
    await expect(filters.getByLabel('Min price')).toHaveValue('0');
    await expect(filters.getByLabel('Max price')).toHaveValue('150000');
    await settled(page);
    await expect(caption(page)).toHaveText(/^Showing 1 to 20 of \d+ vehicles$/);
  });

  test('price and kilometre filters reach the API as priceMax and mileageMax', async ({ page }) => {
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Max price').fill('20000');
    await filters.getByLabel('Kilometers').selectOption('80000');
    const request = page.waitForRequest((r) => r.url().includes('/api/vehicles?') && r.url().includes('priceMax='));
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    const api = new URL((await request).url()).searchParams;
    expect(api.get('priceMax')).toBe('20000');
    expect(api.get('mileageMax')).toBe('80000');
    await settled(page);
    for (const p of await prices(page)) expect(p).toBeLessThanOrEqual(20000);
  });

  test('counts follow the applied filters: another make counts under the price, one with none shows (0), disabled', async ({ page, request }) => {
    // What each make would give under the price limit, from the list API (the facets' meaning: the make filter aside).
    const make = 'Toyota';
    const priceMax = 20000;
    const all = (await (await request.get('/api/vehicles/facets')).json()) as { makes: { value: string; count: number }[] };
    const under = await Promise.all(all.makes.map(async (m) => {
      const list = await request.get(`/api/vehicles?format=paginated&limit=1&make=${encodeURIComponent(m.value)}&priceMax=${priceMax}`);
      return { ...m, under: ((await list.json()) as { pagination: { totalVehicles: number } }).pagination.totalVehicles };
    }));
    const other = under.find((m) => m.value !== make && m.under > 0 && m.under < m.count);
    const none = under.find((m) => m.value !== make && m.under === 0);
    expect(other, `a make with some but not all of its vehicles under $${priceMax}`).toBeDefined();
    expect(none, `a make with nothing under $${priceMax}`).toBeDefined();
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const choice = (name: string, count: number) => new RegExp(`^${escaped(name)}\\s*\\(${count} vehicles?\\)$`);

    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters.getByRole('checkbox', { name: choice(other!.value, other!.count) })).toBeEnabled();
    await filters.getByRole('checkbox', { name: new RegExp(`^${make}`) }).check();
    await filters.getByLabel('Max price').fill(String(priceMax));
    const counted = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/vehicles/facets' && url.searchParams.getAll('make').includes(make) && url.searchParams.get('priceMax') === String(priceMax);
    });
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await counted;
    await expect(page).toHaveURL(/[?&]maxPrice=20000(&|$)/);
    await settled(page);

    // Another make: what ticking it too would add, under the price. The make with nothing there: listed, (0), disabled.
    await expect(filters.getByRole('checkbox', { name: choice(other!.value, other!.under) })).toBeEnabled();
    const zero = filters.getByRole('checkbox', { name: choice(none!.value, 0) });
    await expect(zero).toBeVisible();
    await expect(zero).toBeDisabled();
    await expect(filters.getByRole('checkbox', { name: new RegExp(`^${make}`) })).toBeChecked();
    // The ranges stay the whole stock's: the price slider still reaches past the applied limit.
    await expect(filters.getByRole('slider', { name: 'Maximum price' })).toHaveAttribute('max', '150000');

    // The same address loaded afresh: the server renders these counts and the browser hydrates them.
    await page.reload();
    await settled(page);
    await expect(filters.getByRole('checkbox', { name: choice(other!.value, other!.under) })).toBeEnabled();
    await expect(filters.getByRole('checkbox', { name: choice(none!.value, 0) })).toBeDisabled();
  });

  test('home search card parameters seed the filters', async ({ page }) => {
    await page.goto('/vehicles?bodyType=Truck&maxPrice=40000');
    await settled(page);
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters.getByRole('checkbox', { name: /^Truck/ })).toBeChecked();
    await expect(filters.getByLabel('Max price')).toHaveValue('40000');
    for (const p of await prices(page)) expect(p).toBeLessThanOrEqual(40000);
  });

  test('a fresh visit keeps every parameter of the URL, page included (docs/decisions/014)', async ({ page }) => {
    await page.goto('/vehicles?page=2&sortBy=price-desc&minYear=2015');
    await settled(page);
    await expect(page).toHaveURL(/\/vehicles\?page=2&sortBy=price-desc&minYear=2015$/);
    await expect(caption(page)).toHaveText(/^Showing 21 to 40 of \d+ vehicles$/);
  });

  test('coming back from a vehicle restores the list page', async ({ page }) => {
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await settled(page);
    await cards(page).nth(4).getByRole('link').click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await settled(page);
    await expect(caption(page)).toHaveText(/^Showing 21 to 40 of \d+ vehicles$/);
  });

  test('the empty state for a nonsense search', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search the inventory' }).fill('zzqqxxnonsense');
    await expect(page.getByRole('heading', { name: 'No Matching Vehicles Found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your budget or preferences to see more options that could work for you.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Search Results (0)' })).toBeVisible();
  });

  test('the error panel when the list cannot load', async ({ page }) => {
    // The first page arrives server-rendered; a search after that asks the API, which fails here.
    await page.route(/\/api\/vehicles\?/, (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('searchbox', { name: 'Search the inventory' }).fill('error-check');
    await page.getByRole('searchbox', { name: 'Search the inventory' }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Error Loading Vehicles' })).toBeVisible();
    await expect(page.getByText("We couldn't load the vehicle listings. Please try again later.")).toBeVisible();
  });
});

test('@mobile filters open in a sheet on phones', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the sheet is the phone layout');
  await page.goto('/vehicles');
  await settled(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('checkbox', { name: /^Toyota/ }).check();
  await sheet.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/make=Toyota/);
});

test('"Skip to results" takes a keyboard user past the banner, search and filters to the first card (issue 33 §6)', async ({ page }) => {
  await page.goto('/vehicles');
  const firstCard = page.getByTestId('vehicle-card').first().getByRole('heading').getByRole('link');
  await expect(firstCard).toBeVisible();
  // The skip link to the page content comes first; past the header, this one is the page's first stop.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to results' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#results')).toBeFocused();
  // The next Tab lands in the results: the first card's link (a signed-out visitor has no heart button).
  await page.keyboard.press('Tab');
  await expect(firstCard).toBeFocused();
});
