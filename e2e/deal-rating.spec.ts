// Deal ratings (issue 19) on the seeded demo lot: the best-deal sort, the badge on the cards, the vehicle page's
// explanation with its comparables, and the back office's market range while a price is typed.
import { expect, test } from './fixtures';
import { signInAdmin } from './support';

const BANDS = ['great', 'good', 'fair', 'high'];

test('a shopper sorts by best deal, sees the rating badges in order, and reads the explanation with its comparables @mobile', async ({ page }) => {
  await page.goto('/vehicles?sortBy=best-deal');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('best-deal');
  const cards = page.getByTestId('vehicle-card');
  // The first visit after start warms the database and the inventory index.
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  const firstBadge = cards.first().getByTestId('deal-rating-badge');
  await expect(firstBadge).toBeVisible();
  await expect(firstBadge).toHaveText(/^(Great|Good|Fair|High) price$/);

  // Best deal first: the bands never get better down the page, and unrated vehicles (no badge) come last.
  const ratings = await cards.evaluateAll((els) => els.map((el) => el.querySelector('[data-testid="deal-rating-badge"]')?.getAttribute('data-rating') ?? null));
  expect(ratings.length).toBeGreaterThan(5);
  const rank = (r: string | null) => (r === null ? BANDS.length : BANDS.indexOf(r));
  for (let i = 1; i < ratings.length; i++) expect(rank(ratings[i]!), `card ${i + 1}`).toBeGreaterThanOrEqual(rank(ratings[i - 1]!));

  // The best deal's page says what the rating rests on, and lists the comparables.
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  const section = page.getByTestId('deal-rating');
  await expect(section.getByTestId('deal-rating-badge')).toHaveText(/price$/);
  await expect(section.getByTestId('deal-rating-summary'))
    .toHaveText(/^\$[\d,]+ (below|above) the average of \d+ comparable vehicles \(\d{4}(-\d{4})? .+, adjusted to [\d,]+ km\)\.$/);
  const count = Number((await section.getByTestId('deal-rating-summary').innerText()).match(/of (\d+) comparable/)![1]);
  await section.getByText(/comparable vehicles$/).click();
  const items = section.getByTestId('deal-rating-comparables').getByRole('listitem');
  await expect(items).toHaveCount(count);
  // Vehicles still for sale link to their pages; sold ones are marked sold and not linked.
  const links = await section.getByTestId('deal-rating-comparables').getByRole('link').count();
  const sold = await section.getByTestId('deal-rating-comparables').getByText('Sold', { exact: true }).count();
  expect(links + sold).toBe(count);
});

test('the vehicle form shows the market range of comparables while the admin types a price', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/add-vehicle');
  await expect(page.getByRole('heading', { name: 'Add vehicle', level: 1 })).toBeVisible({ timeout: 20_000 });
  const guidance = page.getByTestId('pricing-guidance');
  await expect(guidance).toContainText('Enter the year, make, model and mileage');

  // The demo lot's Ford F-150s: many within two model years of 2021.
  await page.locator('#v-year').fill('2021');
  await page.locator('#v-make').fill('Ford');
  await page.locator('#v-model').fill('F-150');
  await page.locator('#v-mileage').fill('90000');
  await expect(guidance).toContainText(/\$[\d,]+ to \$[\d,]+ across \d+ comparable vehicles/);
  await expect(guidance).toContainText(/Average \$[\d,]+/);

  // A very low price would be a Great price; a very high one a High price: the rating follows the typing.
  await page.locator('#v-price').fill('9000');
  await expect(guidance.getByTestId('deal-rating-badge')).toHaveText('Great price');
  await expect(guidance).toContainText(/At \$9,000: \$[\d,]+ below the average/);
  await page.locator('#v-price').fill('140000');
  await expect(guidance.getByTestId('deal-rating-badge')).toHaveText('High price');
  await expect(guidance).toContainText(/At \$140,000: \$[\d,]+ above the average/);
});
