// Comparison (spec §2/§4: max 3, new first and oldest dropped, persistence, dialog texts, View Details) and the
// pre-approval calculator on the listing (spec §2/§4/§9: loaded where the shopper reaches it, kept figures, applying
// criteria against the real stock). The calculator's field rules are component tests
// (client/features/vehicles/components/affordability-calculator.component.test.tsx).
import { expect, test, type Locator, type Page } from './fixtures';
import { readyPart } from './support';

const DEFAULT_AMOUNT = 23_761; // spec §9 formula on the spec §3 defaults

const calculator = (page: Page) => page.getByRole('region', { name: 'Check Your Pre-Approval Amount' });
/**
 * The listing's calculator, brought into view and hydrated: far below the results, it loads and hydrates as the
 * shopper comes near it (lazyOnView in client/lib/lazy-component.tsx), and shows the kept figures from then on.
 */
async function readyCalculator(page: Page): Promise<Locator> {
  await readyPart(page, 'features/vehicles/components/affordability-calculator');
  return calculator(page);
}
const dollars = (s: string) => Number(s.replace(/[^0-9]/g, ''));

/** The title link of a card ("2021 Ford F-150"). */
const cardTitle = async (card: Locator) => (await card.getByRole('heading').getByRole('link').innerText()).trim();

test.describe('comparison', () => {
  test('keeps the 3 newest picks, newest first; the dialog compares them and View Details navigates', async ({ page }) => {
    await page.goto('/vehicles');
    const cards = page.getByTestId('vehicle-card');
    await expect(cards.nth(3)).toBeVisible();

    const titles: string[] = [];
    for (let i = 0; i < 4; i++) {
      const card = cards.nth(i);
      titles.push(await cardTitle(card));
      await card.getByRole('button', { name: /^Compare / }).click();
    }
    const bar = page.getByRole('region', { name: 'Vehicle comparison' });
    await expect(bar).toContainText('3 vehicles selected for comparison');
    // spec §4: the 4th pick goes first and the first pick (the oldest) is dropped.
    await expect(cards.nth(0).getByRole('button', { name: /^Compare / })).toBeVisible();
    await expect(cards.nth(3).getByRole('button', { name: /^Comparing / })).toBeVisible();

    await bar.getByRole('button', { name: 'Compare Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Comparison' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('3 vehicles');
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([titles[3]!, titles[2]!, titles[1]!]);
    // Best values carry words as well as colour.
    await expect(dialog.getByText('Lowest price')).not.toHaveCount(0);
    await expect(dialog.getByText('Lowest mileage')).not.toHaveCount(0);
    await expect(dialog.getByText('Newest', { exact: true })).not.toHaveCount(0);
    await expect(dialog.getByText(/ km$/)).toHaveCount(3);

    // Persistence: the list survives a reload.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Vehicle comparison' })).toContainText('3 vehicles selected for comparison');

    await page.getByRole('button', { name: 'Compare Now' }).click();
    await page.getByRole('button', { name: `View Details: ${titles[3]}` }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  });

  test('remove and clear; the empty dialog and a hidden bar', async ({ page }) => {
    await page.goto('/vehicles');
    const cards = page.getByTestId('vehicle-card');
    await cards.nth(0).getByRole('button', { name: /^Compare / }).click();
    await cards.nth(1).getByRole('button', { name: /^Compare / }).click();
    const bar = page.getByRole('region', { name: 'Vehicle comparison' });
    await expect(bar).toContainText('2 vehicles selected for comparison');

    await bar.getByRole('button', { name: 'Compare Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Comparison' });
    for (let left = 2; left > 0; left--) {
      await expect(dialog).toContainText(left === 1 ? '1 vehicle' : `${left} vehicles`);
      await dialog.getByRole('button', { name: /^Remove .* from comparison$/ }).first().click();
    }
    await expect(dialog).toContainText('No Vehicles to Compare');
    await expect(dialog).toContainText('Select vehicles from the inventory to start comparing');
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);

    await cards.nth(2).getByRole('button', { name: /^Compare / }).click();
    await page.getByRole('button', { name: 'Clear comparison list' }).click();
    await expect(page.getByRole('region', { name: 'Vehicle comparison' })).toHaveCount(0);
  });
});

test.describe('pre-approval calculator', () => {
  // The calculator's own rules (score → rate, clamping and key filtering, empty budget, term caps, reset, a failed
  // save) are component tests: client/features/vehicles/components/affordability-calculator.component.test.tsx. Here,
  // the listing's calculator itself: reached by /vehicles#calculator, loaded and hydrated as the shopper comes near
  // it, and the figures it keeps shown again after a real reload (server HTML, then hydration).
  test('/vehicles#calculator: the calculator loads with the default figures and keeps the shopper\'s over a reload', async ({ page }) => {
    await page.goto('/vehicles#calculator');
    const calc = await readyCalculator(page);
    await expect(calc).toContainText(`Approved Amount: Up to $${DEFAULT_AMOUNT.toLocaleString('en-CA')}`);
    await expect(calc).toContainText('8.99% APR · 84 months · $2,000 down');

    // The figures are kept for the next visit (spec §3: shared criteria in browser storage).
    await calc.getByLabel('Your Monthly Income').fill('6200');
    await calc.getByLabel('Your Credit Score').fill('550');
    await expect(calc.getByLabel('Interest Rate (%)')).toHaveValue('14.99');
    await page.reload();
    const again = await readyCalculator(page);
    await expect(again.getByLabel('Your Monthly Income')).toHaveValue('6200');
    await expect(again.getByLabel('Interest Rate (%)')).toHaveValue('14.99');
  });

  test('Browse Vehicles in Range saves the criteria and lists vehicles whose payment fits the budget', async ({ page }) => {
    await page.goto('/vehicles');
    const calc = await readyCalculator(page);
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/approval-criteria') && r.method() === 'POST');
    await calc.getByRole('button', { name: 'Browse Vehicles in Range' }).click();
    expect((await saved).postDataJSON()).toEqual({
      creditScoreMin: 700, creditScoreMax: 700, monthlyIncome: 5000, downPayment: 2000, monthlyBudget: 350, loanTerm: 84, interestRate: 8.99,
    });
    // The toasts it raises are the component test's (affordability-calculator.component.test.tsx).
    await expect(page).toHaveURL(/\/affordable-vehicles$/);
    // Issue 21: the list matches the monthly budget at each vehicle's own term, not a price cap.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicles within your budget of $350/month');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const list = page.getByRole('list', { name: 'Vehicles within your budget' });
    await expect(list.getByTestId('vehicle-card').first()).toBeVisible();
    const monthly: number[] = [];
    for (const note of await list.getByTestId('fit-monthly').all()) monthly.push(dollars(/\$[\d,]+/.exec(await note.innerText())![0]));
    expect(monthly.length).toBeGreaterThan(0);
    for (const m of monthly) expect(m).toBeLessThanOrEqual(350);
    // Each card says what its payment rests on: the shopper's down payment, rate and the term used.
    await expect(list.getByTestId('fit-note').first()).toContainText('$2,000 down');

    await page.getByRole('link', { name: 'Adjust your criteria' }).click();
    await expect(page).toHaveURL(/\/vehicles#calculator$/);
  });

  test('/affordable-vehicles without criteria points to the calculator', async ({ page }) => {
    await page.goto('/affordable-vehicles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find vehicles that fit your budget');
    await expect(page.getByRole('link', { name: 'Check my budget' })).toHaveAttribute('href', '/vehicles#calculator');
  });
});
