// Issue 6: a pre-approval application end to end (steps, reload keeps progress, consent, result screen that does
// not claim an approval, the admin reads it decrypted), and a trade-in estimate from our own comparables.
// Each test posts from an address of its own: pre-approvals and estimates are limited per address, and
// --repeat-each runs a test again on the same server (playwright.config.ts).
import { expect, test } from './fixtures';
import { signInAdmin } from './support';

test('a shopper applies for pre-approval step by step and gets a what-happens-next screen', async ({ page, unique }) => {
  test.setTimeout(60_000); // six steps and a reload on a busy machine
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/pre-approval');
  await expect(page.getByRole('heading', { name: 'Get pre-approved', level: 1 })).toBeVisible();
  await expect(page.getByText(/Social Insurance Number/)).toBeVisible(); // says it never asks for one

  // Step 1: vehicle of interest
  await page.getByLabel(/What are you looking for/).fill('AWD SUV under $30,000');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: employment and income; an empty step is refused with a message
  await expect(page.getByRole('heading', { name: 'Employment & income' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/Employment situation|choose your employment situation/i).first()).toBeVisible();
  await page.getByLabel('Employment situation').selectOption('full_time');
  await page.getByLabel(/Employer or business name/).fill('Northern Pipe Fabricators');
  await page.getByLabel('Gross monthly income (CAD)').fill('6125');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: housing, then a reload keeps the progress
  await expect(page.getByRole('heading', { name: 'Housing' })).toBeVisible();
  await page.getByLabel('Housing', { exact: true }).selectOption('rent');
  await page.getByLabel('Monthly rent or mortgage (CAD)').fill('1450');
  await page.getByLabel('Street address').fill('9817 82 Ave NW');
  await page.getByLabel('City').fill('Edmonton');
  await page.getByLabel('Postal code').fill('T6E 1Z4');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Housing' })).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue('9817 82 Ave NW');
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => (localStorage.getItem(k) ?? '').includes('9817')))).toBe(false);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4: down payment and trade-in
  await page.getByLabel('Down payment (CAD)').fill('3000');
  await page.getByLabel('No').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 5: contact
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Kowalczyk');
  await page.getByLabel('Email').fill('dana.k@example.ca');
  await page.getByLabel('Phone').fill('(780) 555-0123');
  await page.getByLabel('Date of birth').fill('1988-07-19');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 6: consent is required and never pre-checked
  await expect(page.getByRole('heading', { name: 'Consent' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /I authorize Prairie Motor Hub/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText(/agree to the credit check/)).toBeVisible();
  await page.getByRole('checkbox', { name: /I authorize Prairie Motor Hub/ }).click();
  await page.getByRole('button', { name: 'Submit application' }).click();

  // The result screen: what happens next, never an approval.
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText(/This is not an approval yet/)).toBeVisible();
  await expect(page.getByText(/you (are|have been|'re) approved/i)).toHaveCount(0);
  await expect(page.getByText(/PA-\d{6}/).first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('pre-approval-draft'))).toBeNull();
});

test('an admin finds an application by reference and reads it decrypted, changes status and adds a note', async ({ page, request, unique }) => {
  test.setTimeout(60_000);
  const submitted = await request.post('/api/pre-approvals', { headers: { 'x-forwarded-for': unique.address() }, data: {
    vehicle: { vehicleId: null, vehicleInterest: 'AWD SUV under $30,000' },
    employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: '', monthsAtJob: 24, monthlyIncome: 6125 },
    housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 'T6E 1Z4', yearsAtAddress: 2 },
    downPayment: { downPayment: 3000, hasTradeIn: false, tradeIn: null },
    contact: { firstName: 'Dana', lastName: 'Kowalczyk', email: 'dana.k@example.ca', phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
    consent: { creditCheckConsent: true, marketingConsent: false },
  } });
  expect(submitted.status()).toBe(201);
  const reference = (await submitted.json()).reference as string;

  await signInAdmin(page);
  await page.goto(`/admin/pre-approvals?q=${reference}`);
  await expect(page.getByRole('cell', { name: reference, exact: true })).toBeVisible();
  await expect(page.getByText('Kowalczyk')).toHaveCount(0); // the list shows no personal data
  await page.getByRole('button', { name: `Open ${reference}` }).click();
  await expect(page.getByRole('heading', { name: /Dana Kowalczyk/ })).toBeVisible();
  await expect(page.getByText('$6,125')).toBeVisible();
  await expect(page.getByText(/recorded in the audit log/)).toBeVisible();
  await page.getByLabel('Status').selectOption('contacted');
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.getByLabel('Add a note').fill('Called, asked for two pay stubs.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Called, asked for two pay stubs.')).toBeVisible();
});

test('a trade-in estimate comes from our own comparables, with the method shown', async ({ page, unique }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/trade-appraiser');
  await expect(page.getByRole('heading', { name: 'What is my trade-in worth?' })).toBeVisible();
  await page.getByRole('button', { name: 'Get my estimate' }).click();
  await expect(page.getByText('Year is required').or(page.getByText(/year/i).locator('xpath=..').getByText(/required|number/i)).first()).toBeVisible();

  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Make').fill('Ford');
  await page.getByLabel('Model').fill('F-150');
  await page.getByLabel('Kilometres').fill('95000');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Name').fill('Sam Okafor');
  await page.getByLabel('Phone').fill('403-555-0177');
  await page.getByRole('button', { name: 'Get my estimate' }).click();

  await expect(page.getByRole('heading', { name: 'Your estimated range' })).toBeVisible();
  await expect(page.getByText(/\$[\d,]+ – \$[\d,]+/)).toBeVisible();
  await expect(page.getByText(/Based on \d+ comparable vehicle/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How we calculate it' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Ford F-150');
});

test('the financing page states loan terms by model year and every example payment with APR, term and down payment', async ({ page }) => {
  await page.goto('/financing');
  await expect(page.getByRole('heading', { name: 'Loan terms by vehicle year' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '72 months (6 years)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '96 months (8 years)' })).toBeVisible();
  await expect(page.getByText(/\$2,000 down at 8\.99% APR/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Pre-Approval Amount' })).toBeVisible();
  for (const name of ['Car loans', 'Bad credit loans', 'Credit rebuilding', 'First-time buyers']) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
});
