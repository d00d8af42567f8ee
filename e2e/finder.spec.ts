// /vehicle-finder: the six-step questionnaire and its ranked matches with reasons.
import { expect, test } from './fixtures';

test('complete the questionnaire and see ranked matches with reasons', async ({ page }) => {
  await page.goto('/vehicle-finder');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  // The budget is required.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the most you want to spend');
  await page.getByLabel('Most you want to spend (all-in price, CAD)').fill('45000');
  await page.getByLabel('Most you want to spend (all-in price, CAD)').press('Enter'); // Enter = Next

  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Which body styles interest you?' })).toBeFocused();
  await page.getByRole('checkbox', { name: /^SUV/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('radio', { name: '5 or more' }).check();
  // Back keeps answers.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('checkbox', { name: /^SUV/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: '5 or more' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Alberta winters and back roads' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click(); // fuel: no preference
  await expect(page.getByText('Step 6 of 6')).toBeVisible();

  // Answers survive a reload (sessionStorage).
  await page.reload();
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'See my matches' }).click();

  await expect(page.getByRole('heading', { name: 'Your matches' })).toBeVisible();
  const matches = page.getByTestId('finder-match');
  await expect(matches.first()).toBeVisible();
  const count = await matches.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(12);
  const first = matches.first();
  await expect(first.getByRole('heading', { name: 'Why it fits' })).toBeVisible();
  await expect(first).toContainText('within your $45,000 budget');
  await expect(first).toContainText('It is an SUV, as you asked');
  // Every match is an SUV within budget: check the prices shown against the cap.
  for (const m of await matches.all()) {
    const price = Number((await m.getByText(/^\$[\d,]+$/).first().textContent())!.replace(/[$,]/g, ''));
    expect(price).toBeLessThanOrEqual(45_000);
  }
  await first.getByTestId('vehicle-card').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
});

test('an impossible wish list gets an honest empty state with what to relax', async ({ page }) => {
  await page.goto('/vehicle-finder');
  await page.evaluate(() => sessionStorage.removeItem('vehicle-finder-answers'));
  await page.reload();
  await page.getByLabel('Most you want to spend (all-in price, CAD)').fill('1000');
  await page.getByRole('button', { name: 'Next' }).click();
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: /Next|See my matches/ }).click();
  await expect(page.getByRole('heading', { name: /Nothing on our lots fits/ })).toBeVisible();
  await expect(page.getByText(/Raise your budget: our lowest all-in price today is \$/)).toBeVisible();
  await page.getByRole('button', { name: 'Change' }).first().click();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
});
