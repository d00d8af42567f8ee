// Issue 34, end to end on a desktop and a phone: a shopper builds a financed deal with a trade-in and a product on a
// dealer vehicle's page, keeps it behind a read-only link (which prints on one page), and sends it; the dealer sees
// it in the leads inbox as a worksheet. The maths, the 400/404/409s and the ADF's validity against the DTD are
// covered by server/modules/deal-worksheet/deal-worksheet.test.ts and domain/deal-worksheet.test.ts.
import { expect, test, waitingForHydration } from './fixtures';
import { adminHeaders, createVehicle, readyPart, signInAdmin } from './support';

// The dealer's products are a setting every test on the server sees: this test sets the ones it needs and puts back
// what it found.
let foundSettings: { products: unknown[]; incentives: unknown[] } | undefined;
test.afterEach(async ({ request }) => {
  if (!foundSettings) return;
  const restored = await request.put('/api/admin/deal-settings', { headers: await adminHeaders(), data: foundSettings });
  expect(restored.status(), await restored.text()).toBe(200);
  foundSettings = undefined;
});

test('build a financed deal with a trade and a product, share it read-only, print it, send it, see it in the inbox @mobile', async ({ page, browser, request, baseURL, unique }, testInfo) => {
  test.setTimeout(60_000);
  // An address of its own: deals sent and leads are limited per address.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  const shopper = unique.name('Alex Deal');

  // The dealer's products, as an admin sets them in the back office.
  const headers = await adminHeaders();
  const { products, incentives } = await (await request.get('/api/admin/deal-settings', { headers })).json();
  foundSettings = { products, incentives };
  const saved = await request.put('/api/admin/deal-settings', {
    headers,
    data: { products: [{ id: 'winter-tires', name: 'Winter tires', price: 1_200, description: 'Four tires on steel rims' }], incentives: [] },
  });
  expect(saved.status()).toBe(200);

  // A dealer vehicle of its own (a 2021 Honda Accord), for sale whatever the run's other tests held or sold; the
  // appraiser's range for a trade of the same make and model has this one as a comparable at least.
  const vehicle = await createVehicle(request, unique) as unknown as { id: number; year: number; make: string; model: string };

  await page.goto(`/vehicles/${vehicle.id}`);
  await readyPart(page, 'features/vehicles/components/vehicle-deal-worksheet');
  const ws = page.getByTestId('deal-worksheet');
  await expect(ws).toContainText('This is an estimate, not a contract or an approval. The final price and rate are confirmed in writing at the dealership.');
  const tires = ws.getByRole('checkbox', { name: /Winter tires/ });
  await expect(tires).not.toBeChecked(); // none pre-selected
  await ws.getByRole('checkbox', { name: 'I have a vehicle to trade in' }).check();
  // The appraiser's range: the same make and model as this vehicle has comparables on the lot (this one at least).
  await ws.getByLabel('Where the value comes from').selectOption('appraisal');
  const range = ws.getByTestId('trade-range');
  await range.getByLabel('Year').fill(String(vehicle.year));
  await range.getByLabel('Make').fill(vehicle.make);
  await range.getByLabel('Model').fill(vehicle.model);
  await range.getByLabel('Kilometres').fill('40,000');
  await range.getByRole('button', { name: "Get the appraiser's range" }).click();
  await expect(range.getByRole('status')).toContainText('Our appraiser:');
  await expect(ws.getByLabel(/Trade-in value/)).toHaveValue(/^\d+$/);
  await expect(ws.getByLabel(/Trade-in value/)).not.toBeEditable();
  await expect(ws.getByTestId('deal-figures')).toContainText('Trade-in (trade appraiser range)');
  // Back to a figure of the shopper's own.
  await ws.getByLabel('Where the value comes from').selectOption('estimate');
  await ws.getByLabel('Your vehicle (year, make, model)').fill('2015 Honda Civic');
  await ws.getByLabel(/Trade-in value/).fill('9,500');
  await ws.getByLabel(/lien payout/).fill('2000');
  await ws.getByLabel('Credit band').selectOption('excellent');
  await tires.check();
  const figures = ws.getByTestId('deal-figures');
  await expect(figures).toContainText('Trade-in (your estimate)');
  await expect(figures).toContainText('Winter tires');
  await expect(figures).toContainText('7.99%');
  await expect(figures).toContainText('Total cost of borrowing');

  // Kept: a read-only link that prints on one page.
  await ws.getByRole('button', { name: 'Save and share' }).click();
  const link = ws.getByRole('status').getByRole('link', { name: 'Open the read-only worksheet' });
  await expect(ws.getByRole('button', { name: testInfo.project.use.hasTouch ? /Share the link|Copy the link/ : 'Copy the link' })).toBeVisible();
  const sharePath = await link.getAttribute('href');
  expect(sharePath).toMatch(/^\/deal-worksheets\/[\w-]+$/);
  const reader = await browser.newPage();
  await reader.goto(new URL(sharePath!, baseURL).href);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('Deal worksheet');
  await expect(reader.getByTestId('deal-figures')).toContainText('Winter tires');
  await expect(reader.getByRole('textbox')).toHaveCount(0); // read-only
  await reader.emulateMedia({ media: 'print' });
  const pdf = (await reader.pdf({ format: 'Letter' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await reader.close();

  // Sent to the dealership.
  await ws.getByRole('button', { name: 'Send this deal to the dealership' }).click();
  const form = ws.getByRole('form', { name: 'Send this deal' });
  await form.getByLabel('Name').fill(shopper);
  await form.getByLabel('E-mail').fill(`${unique.token('alex.deal')}@example.ca`);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(ws.getByRole('status').filter({ hasText: 'Sent.' })).toBeVisible();

  // The dealer sees it in the leads inbox, as a worksheet.
  const adminContext = await browser.newContext();
  const admin = waitingForHydration(await adminContext.newPage());
  await signInAdmin(admin);
  await admin.goto(`/admin/leads?q=${encodeURIComponent(shopper)}`);
  await admin.getByRole('row').filter({ hasText: shopper }).getByRole('button', { name: shopper }).click();
  const lead = admin.getByRole('dialog', { name: shopper });
  await expect(lead.getByRole('heading', { name: 'Deal worksheet' })).toBeVisible();
  await expect(lead.getByTestId('deal-figures')).toContainText('Winter tires');
  await expect(lead.getByTestId('deal-figures')).toContainText('Total cost of borrowing');
  await adminContext.close();
});
