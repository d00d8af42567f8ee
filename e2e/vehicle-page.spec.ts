// The vehicle page, the booking modal and the deal of the day (shopping issue; spec §2, §5, §8).
import { expect, test, type Page } from './fixtures';
import { PAGE_SIZE } from '../domain/constants';
import { fillZeroRateLoan, readyPart, seededVehicle } from './support';

const edmontonDate = (offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * 24 * 3600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
};


/**
 * Opens, from the listing's first page, the first vehicle there of the seeded demo inventory, which no test changes: a
 * vehicle another test added (it may come first, held, without photos, with another price) is not this test's subject.
 * Returns its stock number.
 */
async function openSeededVehicleFromListing(page: Page) {
  const seeded = await seededVehicle(page.request, { photos: 2, limit: PAGE_SIZE });
  await page.goto('/vehicles');
  const card = page.getByTestId('vehicle-card').filter({ has: page.locator(`a[href="/vehicles/${seeded!.id}"]`) });
  // The first visit after start warms the database and the inventory cache.
  await expect(card).toBeVisible({ timeout: 15_000 });
  const stock = (await card.getByText(/Stock #/).innerText()).replace(/Stock #\s*/, '').trim();
  expect(stock).toBe(seeded!.stockNumber);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${seeded!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return stock;
}

test('a vehicle opened from the listing shows its price, stock number, VIN and specs', async ({ page }) => {
  const stock = await openSeededVehicleFromListing(page);
  await expect(page.getByTestId('vehicle-price')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  await expect(page.getByRole('main').getByText('All-in price: includes every fee except GST.')).toBeVisible();
  await expect(page.getByTestId('stock-number')).toHaveText(stock);
  await expect(page.getByTestId('vin')).toHaveText(/^[A-HJ-NPR-Z0-9]{17}$/);
  // Every payment figure comes with its APR, term and down payment (Alberta).
  await expect(page.getByText(/\d+ months · \d+\.\d{2}% APR · \$[\d,]+ down · 5% GST financed/).first()).toBeVisible();
  const specs = page.getByTestId('specs');
  for (const label of ['Year', 'Make', 'Model', 'Kilometres', 'Transmission', 'Drivetrain', 'Exterior colour', 'Stock number', 'VIN']) {
    await expect(specs.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(specs).toContainText(stock);
  await expect(page.getByRole('button', { name: 'Book a Test Drive' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Pre-Approved' }).last()).toHaveAttribute('href', '/pre-approval');
  const h1 = (await page.getByRole('heading', { level: 1 }).innerText()).split('\n')[0]!;
  await expect(page).toHaveTitle(new RegExp(h1.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('the payment calculator caps the term by model year and uses the loan helper', async ({ page }) => {
  await openSeededVehicleFromListing(page);
  await readyPart(page, 'features/vehicles/components/payment-calculator');
  const calc = page.locator('#payment-calculator');
  const months = await fillZeroRateLoan(calc);
  // At 0% the financed amount (price + 5% GST − down payment, issue 57 §1) divided by the months (spec §9).
  await expect(page.getByTestId('calc-monthly')).toHaveText(`$${(26_500 / months).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await expect(calc).toContainText(/Lenders finance a \d{4} model for at most (72|84|96) months/);
});

test('gallery: arrow keys step through the photos and full screen follows along', async ({ page }) => {
  await openSeededVehicleFromListing(page);
  const counter = page.getByTestId('gallery-counter');
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const total = Number((await counter.innerText()).split('/')[1]);
  test.skip(total < 2, 'this vehicle has one photo');
  await page.getByTestId('gallery-main').focus();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`1 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`${total} / ${total}`);
  await page.getByRole('button', { name: 'Show photo 2 of' }).click();
  await expect(counter).toHaveText(`2 / ${total}`);
  // Every photo has alt text.
  for (const img of await page.getByTestId('gallery-main').locator('img').all()) expect(await img.getAttribute('alt')).toBeTruthy();

  await page.getByRole('button', { name: 'Full screen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`2 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText(`${total > 2 ? 3 : 1} / ${total}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('booking: missing fields, no past dates, then a booked appointment', async ({ page, unique }) => {
  await openSeededVehicleFromListing(page);
  // The booking comes from an address of its own: the per-address limit (5 in 10 minutes) counts this test's
  // bookings, not every booking the suite made on this server before it (playwright.config.ts, TRUST_PROXY).
  const address = unique.address();
  await page.route('**/api/book-appointment', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
  await page.getByRole('button', { name: 'Book a Test Drive' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Appointment type *')).toHaveValue('test_drive');

  // spec §5: required fields missing → the Missing Information toast, and nothing is sent.
  let posted = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/book-appointment')) posted++; });
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Missing Information', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();

  // The date picker starts at today in Edmonton; a typed past date is refused before sending.
  const date = dialog.getByLabel('Preferred date *');
  // The browser's own Edmonton date: some headless Chromium builds resolve the zone differently from Node near
  // midnight, and the date picker must follow the browser it runs in (the server re-checks with its own clock).
  const browserToday = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()));
  expect([edmontonDate(), edmontonDate(1)]).toContain(browserToday);
  await expect(date).toHaveAttribute('min', browserToday);
  await dialog.getByLabel('Name *').fill(unique.name('Sam Okafor'));
  await dialog.getByLabel('Phone *').fill('(780) 555-0111');
  // Times are offered for a chosen date, inside that day's store hours (issue 21; e2e/forms-finance.spec.ts).
  await date.fill(edmontonDate(3));
  await expect(dialog.getByLabel('Preferred time *').locator('option', { hasText: /^2:00 PM$/ })).toHaveCount(1);
  await date.fill(edmontonDate(-2));
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(dialog.getByText('Choose today or a later date.')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(posted).toBe(0);

  await date.fill(edmontonDate(3));
  await dialog.getByLabel('Preferred time *').selectOption('2:00 PM');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Appointment Booked!').first()).toBeVisible();
  // Issue 33 §1: no e-mail given and no SMS configured on the test server, so the toast promises a call, not a text.
  await expect(page.getByText("We'll call you at (780) 555-0111 to confirm. We can't wait to see you!").first()).toBeVisible();
  await expect(page.getByText(/confirmation text/)).toHaveCount(0);
  await expect(dialog).toBeHidden();
  expect(posted).toBe(1);
});

test('unknown and malformed vehicle ids show a friendly not-found panel', async ({ page }) => {
  for (const path of ['/vehicles/999999', '/vehicles/not-a-car']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: "We can't find that vehicle" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse inventory' })).toBeVisible();
  }
});

test('deal of the day shows a featured deal, a ticking countdown and other sale vehicles', async ({ page }) => {
  await page.goto('/deal-of-the-day');
  await expect(page.getByRole('heading', { level: 1, name: 'Deal of the Day' })).toBeVisible();
  const deal = page.getByTestId('featured-deal');
  await expect(deal).toBeVisible();
  await expect(deal).toContainText(/Save \$[\d,]+/);
  await expect(deal).toContainText(/\d+ months · \d+\.\d{2}% APR/);
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByRole('timer')).toHaveAttribute('aria-live', 'off');
  const first = await countdown.innerText();
  await expect(countdown).not.toHaveText(first, { timeout: 3_000 });
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();

  // The same deal on a second visit the same day.
  const title = (await deal.getByRole('heading').textContent())!;
  await page.reload();
  await expect(page.getByTestId('featured-deal').getByRole('heading')).toHaveText(title);

  await deal.getByRole('link', { name: 'View this vehicle' }).click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
});
