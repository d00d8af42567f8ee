// Issue 14 item 4: with JavaScript off the shopping pages still work, because the server renders them whole: the
// listing's cards, its pagination, sort and filter links; the vehicle page's photos, all-in price, stock number,
// VIN, specs and payment estimate; blog posts and info pages; and the header search as a GET form.
import { expect, test, type Page } from './fixtures';
import { seededVehicle } from './support';

test.use({ javaScriptEnabled: false });

const cards = (page: Page) => page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem');

test('the listing pages, sorts and filters by links @mobile', async ({ page }) => {
  await page.goto('/vehicles');
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByText(/Showing 1 to 20 of \d+ vehicles/)).toBeVisible();

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Showing 21 to 40 of \d+ vehicles/)).toBeVisible();

  await page.getByRole('region', { name: 'Sort and filter' }).getByRole('link', { name: 'Price: Low to High' }).click();
  await expect(page).toHaveURL(/sortBy=price-asc/);
  await expect(page).not.toHaveURL(/page=2/);
  const prices = await cards(page).locator('[data-testid="card-price"]').allTextContents();
  const values = prices.map((p) => Number(p.replace(/[^\d]/g, '')));
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => a - b));

  const filters = page.getByRole('region', { name: 'Sort and filter' });
  await filters.getByRole('link', { name: /^Ford \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/make=Ford/);
  const titles = await cards(page).getByRole('heading').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t).toContain('Ford');
});

test('the header search is a form that lands on the listing', async ({ page }) => {
  await page.goto('/contact');
  const search = page.getByRole('search', { name: 'Vehicles' }).first();
  await search.getByRole('searchbox').fill('Toyota');
  await search.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/vehicles\?search=Toyota$/);
  await expect(page.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();
  const titles = await cards(page).getByRole('heading').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t).toContain('Toyota');
});

test('the vehicle page shows photos, the all-in price, stock number, VIN, specs and a payment with its terms', async ({ page, request }) => {
  // A vehicle of the seeded inventory, which no test changes and which has photos (one another test added may have none).
  const v = await seededVehicle(request, { photos: 1 });
  await page.goto(`/vehicles/${v.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const photo = page.getByRole('img').filter({ has: page.locator('xpath=self::img[contains(@src, "/uploads/") or contains(@srcset, "/uploads/")]') }).first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('stock-number')).toHaveText(v.stockNumber);
  await expect(page.getByTestId('vin')).toHaveText(v.vin);
  await expect(page.getByText(/\$[\d,]+/).first()).toBeVisible();
  await expect(page.getByText(/\d+ months · \d+\.\d{2}% APR · \$[\d,]+ down · 5% GST financed/).first()).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Stock number' })).toBeVisible();
});

test('a blog post and an info page are fully readable', async ({ page, request }) => {
  // The newest of the seeded posts (published a day or more before the seed ran): a post another test publishes is
  // newer, and may be short.
  const { posts } = (await (await request.get('/api/content/posts')).json()) as { posts: { slug: string; title: string; publishedAt: string }[] };
  const post = posts.find((p) => Date.parse(p.publishedAt) < Date.now() - 60 * 60_000);
  expect(post, 'a seeded post').toBeDefined();
  await page.goto(`/blog/${post!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post!.title })).toBeVisible();
  const paragraphs = page.locator('main article p');
  expect(await paragraphs.count()).toBeGreaterThan(2);

  await page.goto('/car-loans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('main p').count()).toBeGreaterThan(2);
});
