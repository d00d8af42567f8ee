// Issue 19: the vehicle page's recalls and history section (server-rendered, the VIN copied, no invented claim,
// a 360 px phone) and the back office's view of the vehicle feeds (address, item count, a vehicle left out with its
// reason, gone once sold).
import { expect, test, type APIRequestContext } from './fixtures';
import { withCheckDigit } from '../domain/vin';
import { adminHeaders, createVehicle, signInAdmin } from './support';

const RECALLS_URL = 'https://wwwapps.tc.gc.ca/Saf-Sec-Sur/7/VRDB-BDRV/search-recherche/menu.aspx?lang=eng';

interface ListedVehicle { id: number; vin: string; make: string; model: string; year: number; sellerType: string; condition: string }

/** The first used dealer vehicle of the seeded lot's listing. */
async function usedDealerVehicle(request: APIRequestContext): Promise<ListedVehicle> {
  const list = await (await request.get('/api/vehicles?condition=used&sellerType=dealer&limit=1&sortBy=year-desc&format=array')).json() as ListedVehicle[];
  expect(list, 'the seeded lot has a used dealer vehicle').toHaveLength(1);
  return list[0]!;
}

test('the vehicle page says where to check recalls and history, copies the VIN, and claims nothing it has not checked', async ({ page, request, context }) => {
  const v = await usedDealerVehicle(request);

  // In the first HTML response, before any script runs.
  const html = await (await request.get(`/vehicles/${v.id}`)).text();
  expect(html).toContain('Recalls and history');
  expect(html).toContain(RECALLS_URL.replace(/&/g, '&amp;'));

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/vehicles/${v.id}`);
  const section = page.getByTestId('recalls-history');
  await expect(section.getByRole('heading', { name: 'Recalls and history', level: 2 })).toBeVisible();

  const details = section.getByTestId('recall-search-details');
  await expect(details).toContainText(`Make${v.make}`);
  await expect(details).toContainText(`Model${v.model}`);
  await expect(details).toContainText(`Year${v.year}`);
  const recalls = section.getByRole('link', { name: /Search Transport Canada recalls/ });
  await expect(recalls).toHaveAttribute('href', RECALLS_URL);
  await expect(recalls).toHaveAttribute('target', '_blank');
  await expect(section.getByRole('link', { name: /Go to CARFAX Canada/ })).toHaveAttribute('href', 'https://www.carfax.ca/');

  await expect(section.getByTestId('history-vin')).toHaveText(v.vin);
  await section.getByRole('button', { name: `Copy the VIN ${v.vin}` }).click();
  await expect(section.getByRole('status')).toHaveText('VIN copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(v.vin);

  const checks = section.getByTestId('dealership-checks');
  await expect(checks.getByRole('heading', { name: 'What we have and have not checked' })).toBeVisible();
  await expect(checks).toContainText('Accident, damage and insurance-claim history: not checked here.');
  await expect(checks).toContainText('Mechanical Fitness Assessment');
  await expect(checks).not.toContainText(/clean history|accident-free|no accidents/i);
});

test('the recalls and history section fits a 360 px phone, in dark mode too', async ({ page, request }) => {
  const v = await usedDealerVehicle(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/vehicles/${v.id}`);
  const section = page.getByTestId('recalls-history');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: /Copy the VIN/ })).toBeVisible();
  const box = await section.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an admin sees the feeds\' addresses, the item count, and a vehicle without photos left out until it is sold', async ({ page, request, unique }) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  // A vehicle of the test's own, with a VIN and a stock number no other has, and no photo yet.
  const stockNumber = `E2E-FEED-${unique.serial()}`;
  const { id: vehicleId } = await createVehicle(request, unique, {
    vin: withCheckDigit(`5YJ3E1EA7PF${unique.serial()}`), stockNumber, year: 2023, make: 'Tesla', model: 'Model 3', trim: 'Long Range', price: 48_995,
    mileage: 21_000, bodyType: 'Sedan', condition: 'used', status: 'available', transmission: 'Automatic', fuelType: 'Electric',
    exteriorColor: 'Pearl White', location: 'Calgary', description: 'Photos coming soon.', features: [],
  });

  const feed = await (await request.get('/feeds/google-vehicles.xml')).text();
  const items = feed.match(/<item>/g)?.length ?? 0;
  expect(items).toBeGreaterThan(100);
  expect(feed).not.toContain(`<g:id>${stockNumber}</g:id>`);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Vehicle feeds' }).first().click();
  await expect(page.getByRole('heading', { name: 'Vehicle feeds', level: 1 })).toBeVisible();
  await expect(page.getByTestId('google-feed-url')).toHaveText(/^https?:\/\/[^/]+\/feeds\/google-vehicles\.xml$/);
  await expect(page.getByTestId('csv-feed-url')).toHaveText(/\/feeds\/inventory\.csv$/);
  await expect(page.getByTestId('google-item-count')).toHaveText(String(items));
  const row = page.getByTestId('excluded-vehicle').filter({ hasText: stockNumber });
  await expect(row).toContainText('2023 Tesla Model 3 Long Range');
  await expect(row).toContainText('no photo');
  await expect(row.getByRole('link', { name: /Add photos to the 2023 Tesla Model 3 Long Range/ })).toHaveAttribute('href', `/admin/image-manager?vehicle=${vehicleId}`);

  // Sold through the back office's own action: it leaves the list at the next look.
  expect((await request.post(`/api/vehicles/${vehicleId}/mark-sold`, { headers: await adminHeaders() })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('google-item-count')).toHaveText(String(items));
  await expect(page.getByTestId('excluded-vehicle').filter({ hasText: stockNumber })).toHaveCount(0);
});
