// issue 21, forms and finance: the booking form on a phone and its store's phone, one bi-weekly rule with its charge
// disclosed, budget matches that fit, the appraiser's estimate in view, and plain-word pre-approval messages. The
// booking form's rules (bookable slots only, every problem at once) are client/components/booking-modal.component.test.tsx.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { fitsBudget } from '../domain/finance';
import type { PaginatedVehicles, Vehicle } from '../domain/vehicle';

async function vehicleAt(request: APIRequestContext, query: string): Promise<Vehicle> {
  const res = await request.get(`/api/vehicles?format=paginated&limit=1&${query}`);
  expect(res.ok()).toBe(true);
  const v = ((await res.json()) as PaginatedVehicles).vehicles[0];
  expect(v, `a vehicle for ${query}`).toBeTruthy();
  return v!;
}

/** Opens the booking form from the vehicle page (the visible button: phones also have a sticky bar). */
async function openBooking(page: Page, id: number) {
  await page.goto(`/vehicles/${id}`);
  await page.getByRole('button', { name: 'Book a Test Drive' }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// The form's own rules (every problem at once, focus on the first, no past date, only the times the store keeps on a
// pinned Alberta clock) are component tests: client/components/booking-modal.component.test.tsx. On a phone's screen,
// what needs one: the problems stay inside the form and nothing covers its button.
test('@mobile booking: an invalid submit on a phone keeps its problems in the form, and no toast covers the button', async ({ page, request }) => {
  const v = await vehicleAt(request, 'sortBy=price-asc');
  const dialog = await openBooking(page, v.id);
  let posted = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/book-appointment')) posted++; });
  await dialog.getByLabel('Phone *').fill('555');
  const book = dialog.getByRole('button', { name: 'Book Appointment' });
  await book.click();

  await expect(dialog.getByRole('alert')).toContainText('Missing Information');
  await expect(dialog.getByText('Enter a phone number with 10 to 15 digits.')).toBeVisible();
  await expect(dialog.getByLabel('Name *')).toBeFocused();
  // No toast at all for a validation problem, so nothing sits on the form's buttons.
  await expect(page.locator('.toast-root')).toHaveCount(0);
  await book.scrollIntoViewIfNeeded();
  const onTop = await book.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });
  expect(onTop).toBe(true);
  expect(posted).toBe(0);
});

test('a Calgary vehicle\'s booking form gives the Calgary store\'s phone', async ({ page, request }) => {
  const v = await vehicleAt(request, 'location=Calgary');
  const dialog = await openBooking(page, v.id);
  const call = dialog.getByRole('link', { name: /Prefer to call\?/ });
  await expect(call).toHaveText('Prefer to call? (403) 555-0188');
  await expect(call).toHaveAttribute('href', 'tel:+14035550188');
});

test('@mobile the price block and the calculator agree on the bi-weekly payment, and both say what the $35 is', async ({ page, request }) => {
  const v = await vehicleAt(request, 'sortBy=price-asc&priceMin=15000');
  await page.goto(`/vehicles/${v.id}`);
  const estimate = page.locator('dt', { hasText: 'Estimated payment' }).locator('xpath=following-sibling::dd[1]');
  const priceBlockFigure = (await estimate.getByTestId('biweekly-payment').textContent())!.trim();
  expect(priceBlockFigure).toMatch(/^\$[\d,]+$/);
  await expect(estimate.getByTestId('biweekly-breakdown')).toHaveText(/^\$[\d,]+ loan payment \+ \$35 charge added to each bi-weekly payment$/);

  // The calculator opens on the same terms as the price block's standard estimate.
  const calc = page.locator('#payment-calculator');
  await expect(calc.getByTestId('calc-biweekly')).toHaveText(priceBlockFigure);
  await expect(calc.getByTestId('calc-monthly')).toHaveText((await estimate.getByTestId('monthly-payment').textContent())!);
  await expect(calc.getByTestId('calc-biweekly-breakdown')).toContainText('+ $35 charge added to each bi-weekly payment');
  const loanPart = (await estimate.getByTestId('biweekly-breakdown').textContent())!.split(' loan')[0];
  await expect(calc.getByTestId('calc-biweekly-breakdown')).toContainText(`Bi-weekly: ${loanPart} loan payment`);

  // Cards say it too.
  await page.goto('/vehicles');
  await expect(page.getByText(/includes \$35 charge per payment/).first()).toBeVisible();
});

test('@mobile vehicles within a $350 budget are only those whose payment at their capped term fits, each with that payment', async ({ page, request }) => {
  const criteria = { creditScore: 700, monthlyIncome: 5000, downPayment: 2000, monthlyBudget: 350, loanTerm: 84, interestRate: 8.99 };
  // What fits, computed from the whole lot with the domain's rule.
  let expected = 0;
  for (let p = 1; ; p++) {
    const res = await request.get(`/api/vehicles?format=paginated&limit=100&page=${p}`);
    const body = (await res.json()) as PaginatedVehicles;
    expected += body.vehicles.filter((v) => fitsBudget(v, criteria)).length;
    if (!body.pagination.hasNext) break;
  }
  expect(expected).toBeGreaterThan(0);

  await page.addInitScript((c) => localStorage.setItem('user-approval-criteria', JSON.stringify(c)), criteria);
  await page.goto('/affordable-vehicles');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicles within your budget of $350/month');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(new RegExp(`of ${expected.toLocaleString('en-CA')} vehicles$`));
  const notes = page.getByTestId('fit-note');
  await expect(notes.first()).toBeVisible();
  const monthlies = await page.getByTestId('fit-monthly').allTextContents();
  expect(monthlies.length).toBeGreaterThan(0);
  for (const m of monthlies) expect(Number(m.replace(/[^\d]/g, ''))).toBeLessThanOrEqual(350);
  await expect(notes.first()).toContainText('charge per payment');
});

test('@mobile the trade appraiser\'s estimate is brought into view with focus on its heading', async ({ page, unique }) => {
  // An address of its own: the run's other appraisals must not use up this visitor's hourly limit (playwright.config.ts).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/trade-appraiser');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Make').fill('Ford');
  await page.getByLabel('Model').fill('F-150');
  await page.getByLabel('Kilometres').fill('95000');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Name').fill(unique.name('Sam Okafor')); // the appraisal is a lead: a name of its own
  await page.getByLabel('Phone').fill('(780) 555-0123');
  await page.getByRole('button', { name: 'Get my estimate' }).click();
  const heading = page.getByRole('heading', { name: /Your estimated range|We can't estimate this one online/ });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test('@mobile appraisal and pre-approval errors speak plainly, naming fields as their labels do', async ({ page }) => {
  await page.goto('/trade-appraiser');
  await page.getByLabel('Year').fill('2019');
  await page.getByRole('button', { name: 'Get my estimate' }).click();
  await expect(page.getByText("Choose the vehicle's condition")).toBeVisible();
  await expect(page.getByText(/must be one of/)).toHaveCount(0);

  await page.goto('/pre-approval');
  await page.getByRole('button', { name: 'Continue' }).click(); // the vehicle step has nothing required
  await expect(page.getByRole('heading', { name: 'Employment & income' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose your employment situation')).toBeVisible();
  await expect(page.getByText('Enter your gross monthly income (0 if you have none)')).toBeVisible();
  await expect(page.getByText(/employmentStatus|monthlyIncome|must be a number/i)).toHaveCount(0);
  await expect(page.getByLabel('Employment situation')).toBeFocused();
});
