// Issue 6, "Sell my vehicle": a seller attaches photos to the estimate request, they reach the dealer with the
// lead, and staff see them on the lead in /admin/leads. The server side (token, limits, bad files) is covered by
// server/modules/appraisal/appraisal.test.ts; this is the path a person takes.
// Each test sends from an address of its own: estimates and photo uploads are limited per address, and
// --repeat-each runs a test again on the same server (playwright.config.ts).
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { signInAdmin } from './support';

const photo = async (name: string, background: string) => ({
  name, mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg({ quality: 70 }).toBuffer(),
});

test('a seller attaches photos to the estimate request and staff see them on the lead', async ({ page, unique }) => {
  test.setTimeout(60_000);
  const name = unique.name('Sam');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/sell-my-vehicle');
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Make').fill('Ford');
  await page.getByLabel('Model').fill('F-150');
  await page.getByLabel('Kilometres').fill('95000');
  await page.getByLabel('Condition').selectOption('good');

  const picker = page.getByTestId('appraisal-photo-input');
  await picker.setInputFiles([await photo('front.jpg', '#8b0000'), await photo('odometer.jpg', '#004080')]);
  await expect(page.getByRole('img', { name: 'Photo 1: front.jpg' })).toBeVisible();
  await expect(page.getByText('2 of 8 chosen')).toBeVisible();
  // An empty file is refused before anything is sent; the two photos stay.
  await picker.setInputFiles([{ name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) }]);
  await expect(page.getByText('empty.jpg: the file is empty.')).toBeVisible();
  await expect(page.getByText('2 of 8 chosen')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Phone').fill('403-555-0177');
  const uploaded = page.waitForResponse((r) => /\/api\/appraisals\/\d+\/photos$/.test(r.url()));
  await page.getByRole('button', { name: 'Get my estimate' }).click();
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByText('Your 2 photos reached our specialist with this estimate.')).toBeVisible();

  await signInAdmin(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
  // The search applies after its debounce and rewrites the URL; a lead opened before that would be closed again.
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel.getByRole('heading', { name: "Seller's photos (2)" })).toBeVisible();
  const first = panel.getByRole('img', { name: "Seller's photo 1 of 2 (opens full size)" });
  // The re-encoded file really loads (not a broken image); it is lazy, so it loads once scrolled into view.
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('when the photos fail to upload, the estimate stays and the seller can send them again', async ({ page, unique }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/trade-appraiser');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Make').fill('Ford');
  await page.getByLabel('Model').fill('F-150');
  await page.getByLabel('Kilometres').fill('95000');
  await page.getByLabel('Condition').selectOption('fair');
  await page.getByTestId('appraisal-photo-input').setInputFiles([await photo('dent.jpg', '#222222')]);
  await page.getByLabel('Name').fill(unique.name('Robin'));
  await page.getByLabel('Phone').fill('780-555-0199');
  // The first upload fails as a busy server would; the second goes through.
  let failed = false;
  await page.route('**/api/appraisals/*/photos', async (route) => {
    if (failed) return route.fallback();
    failed = true;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The server is busy.' }) });
  });
  await page.getByRole('button', { name: 'Get my estimate' }).click();

  await expect(page.getByRole('heading', { name: 'Your estimated range' })).toBeVisible();
  const problem = page.getByRole('alert').filter({ hasText: 'Your 1 photo did not upload' });
  await expect(problem).toContainText('The server is busy.');
  await expect(problem).toContainText('Your estimate request is saved either way');
  await problem.getByRole('button', { name: 'Try the photos again' }).click();
  await expect(page.getByText('Your 1 photo reached our specialist with this estimate.')).toBeVisible();
});
