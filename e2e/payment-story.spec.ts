// Issue 57 §1-2 on a phone: the vehicle page's payment is the deal worksheet's first figure, and a bad down payment
// is marked on its field while the worksheet's summary stays in view with the last good figures. That every surface
// agrees to the cent is held in domain/payment-offer.test.ts and server/modules/deal-worksheet/payment-story.test.ts.
import { expect, test } from './fixtures';
import { readyPart } from './support';

interface ListedVehicle { id: number; heldUntil: string | null; condition: string }

test('@mobile the page and the worksheet open on one monthly payment; a bad down payment is marked on its field, the summary in view', async ({ page, request }) => {
  const list = await request.get('/api/vehicles?format=paginated&sellerType=dealer&sortBy=price-asc&priceMin=15000&limit=20');
  const vehicle = ((await list.json()).vehicles as ListedVehicle[]).find((v) => v.heldUntil === null && v.condition === 'used')!;
  expect(vehicle).toBeTruthy();

  await page.goto(`/vehicles/${vehicle.id}`);
  const payment = page.locator('dt', { hasText: 'Estimated payment' }).locator('xpath=following-sibling::dd[1]');
  const monthly = (await payment.getByTestId('monthly-payment').textContent())!.trim();
  expect(monthly).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(payment.getByTestId('payment-terms')).toContainText('5% GST financed');

  await readyPart(page, 'features/vehicles/components/vehicle-deal-worksheet');
  const ws = page.getByTestId('deal-worksheet');
  const summary = ws.getByTestId('deal-summary');
  await expect(summary.getByTestId('deal-summary-figure')).toHaveText(monthly);
  // The first money figure the worksheet shows is that one.
  expect((await ws.innerText()).match(/\$[\d,]+\.\d\d/)?.[0]).toBe(monthly);
  const terms = (await payment.getByTestId('payment-terms').textContent())!.replace(/ · OAC$/, '');
  await expect(summary).toContainText(terms);

  const down = ws.getByLabel('Down payment ($)');
  await down.fill('-500');
  await expect(down).toHaveAttribute('aria-invalid', 'true');
  const errorId = await down.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('The down payment cannot be less than zero.');
  await expect(page.locator(`[id="${errorId}"]`)).toBeInViewport();
  // The last good figures stay, marked stale, and in view while the field is being fixed.
  await expect(summary.getByTestId('deal-summary-figure')).toHaveText(monthly);
  await expect(summary.getByTestId('deal-summary-stale')).toBeVisible();
  await expect(summary).toBeInViewport();

  await down.fill('abc');
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('The down payment must be a number, like 2,000.');
  await down.fill('2,000');
  await expect(down).not.toHaveAttribute('aria-invalid', 'true');
  await expect(summary.getByTestId('deal-summary-stale')).toHaveCount(0);
  await expect(summary.getByTestId('deal-summary-figure')).toHaveText(monthly);
});
