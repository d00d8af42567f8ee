// Accessibility of the shopping pages (issue 3 quality bar, WCAG 2.2 AA in DESIGN.md): the dialogs of /vehicles (the
// comparison, the phone's filter sheet) and of a vehicle page (the booking modal) work from the keyboard alone: they
// take focus, trap it, close on Escape and give it back. Axe scans those pages and dialogs in the a11y project
// (e2e/a11y.spec.ts, issue 55): functional specs don't repeat it.
import { PAGE_SIZE } from '../domain/constants';
import { expect, test, type Page } from './fixtures';
import { seededVehicle } from './support';

/** Tab until the focused element matches, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, matches: (el: { text: string; label: string | null }) => boolean, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return { text: (a?.innerText ?? '').trim(), label: a?.getAttribute('aria-label') ?? null };
    });
    if (matches(el)) return;
  }
  throw new Error('the control was not reached with Tab');
}

const focusInside = (page: Page, dialogName: string | RegExp) =>
  page.getByRole('dialog', { name: dialogName }).evaluate((d) => d.contains(document.activeElement));

test('comparison dialog: reached and operated from the keyboard, Escape gives focus back', async ({ page }) => {
  await page.goto('/vehicles');
  const cards = page.getByTestId('vehicle-card');
  await expect(cards.nth(1)).toBeVisible({ timeout: 20_000 });
  // Pick two vehicles with the keyboard: focus the card's compare toggle and press Space.
  for (const i of [0, 1]) {
    const toggle = cards.nth(i).getByRole('button', { name: /^Compare / });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(cards.nth(i).getByRole('button', { name: /^Comparing / })).toBeVisible();
  }
  const compareNow = page.getByRole('region', { name: 'Vehicle comparison' }).getByRole('button', { name: 'Compare Now' });
  await compareNow.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Vehicle Comparison' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(page, 'Vehicle Comparison')).toBe(true);
  // Focus stays inside while tabbing round.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'Vehicle Comparison')).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(compareNow).toBeFocused();
});

test('filter sheet on a phone: opens from the keyboard, Escape closes it and returns focus @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/vehicles');
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible({ timeout: 20_000 });
  const open = page.getByRole('button', { name: /^Filters/ });
  await open.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect.poll(() => focusInside(page, 'Filters')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();
});

test('vehicle page and booking modal: keyboard to open, fill and close', async ({ page }) => {
  // A vehicle of the seeded inventory, which no test changes (one another test added may be held or sold).
  const seeded = await seededVehicle(page.request, { limit: PAGE_SIZE });
  await page.goto('/vehicles');
  await page.locator(`a[href="/vehicles/${seeded!.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${seeded!.id}$`));
  const book = page.getByRole('button', { name: 'Book a Test Drive' });
  await expect(book).toBeVisible();

  // From the top of the page with Tab alone.
  await page.locator('body').focus();
  await tabTo(page, (el) => el.text === 'Book a Test Drive');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  // Every field is reachable by Tab and labelled; submitting empty names the problems.
  await dialog.getByLabel('Name *').focus();
  await page.keyboard.type('Sam Okafor');
  await dialog.getByRole('button', { name: 'Book Appointment' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/required|Please/i).first()).toBeVisible();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Escape from a text field (a focused native select or date picker keeps Escape for itself).
  // The validation toast is the top layer: the first Escape may dismiss it, the next closes the modal.
  await dialog.getByLabel('Name *').focus();
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(book).toBeFocused();
});
