// Admin issue, "Quality bars": an admin adds a vehicle by decoding its VIN, edits its price (the price history
// shows it), is warned before leaving with unsaved changes, marks it sold and available again from the inventory
// table and deletes it; each action confirmed with the spec's text and followed by its toast.
import { expect, test } from './fixtures';
import { withCheckDigit } from '../domain/vin';
import { signInAdmin } from './support';

test('dashboard: live figures, charts and a link to every tool', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures.getByText('In stock', { exact: true })).toBeVisible();
  await expect(figures.getByText('Inventory value', { exact: true })).toBeVisible();
  await expect(page.getByText('Sold and added, last 6 months')).toBeVisible();
  // The back-office shell: the tool list (sidebar on desktop) marks the current tool.
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Every tool' }).getByRole('link', { name: 'Audit log' })).toBeVisible();
});

test('an admin adds a vehicle from its VIN, edits its price, marks it sold and available, and deletes it', async ({ page, unique }) => {
  test.setTimeout(180_000);
  // A 2020 Toyota RAV4 XLE pattern with a serial of our own, so reruns and other tests never collide.
  const vin = withCheckDigit(`2T3P1RFV0LW${unique.serial()}`);
  await signInAdmin(page);

  // ---- add, via VIN decoding
  await page.goto('/admin/add-vehicle');
  // Pages load lazily; a busy machine can take a while for the first one.
  await expect(page.getByRole('heading', { name: 'Add vehicle', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.locator('#v-vin').fill(vin);
  await page.getByRole('button', { name: 'Decode VIN' }).click();
  await expect(page.getByTestId('vin-decode-note')).toContainText('Filled from the VIN', { timeout: 20_000 });
  await expect(page.locator('#v-year')).toHaveValue('2020');
  await expect(page.locator('#v-make')).toHaveValue('Toyota');
  await expect(page.locator('#v-model')).toHaveValue('RAV4');
  await expect(page.locator('#v-bodyType')).toHaveValue('SUV');
  await expect(page.getByText(/Check digit/)).toHaveCount(0);

  // A wrong check digit is a warning, not a block.
  const wrong = vin.slice(0, 8) + (vin[8] === '0' ? '1' : '0') + vin.slice(9);
  await page.locator('#v-vin').fill(wrong);
  await expect(page.getByText(/Warning:.*Check digit/)).toBeVisible();
  await page.locator('#v-vin').fill(vin);
  await expect(page.getByText(/Warning:.*Check digit/)).toHaveCount(0);

  // Shared validation: the server's rule, shown before sending.
  await page.locator('#v-price').fill('31999');
  await page.locator('#v-originalPrice').fill('30000');
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(page.getByText('OriginalPrice (the was-price) must be above the price, or empty when not on sale')).toBeVisible();
  await page.locator('#v-originalPrice').fill('');
  await page.locator('#v-mileage').fill('45000');
  await page.locator('#v-exteriorColor').fill('Blueprint');
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(page.getByText('Vehicle added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/edit-vehicle\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const history = page.getByRole('list', { name: 'Price changes, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('$31,999');

  // ---- edit the price: the history shows the change
  await page.locator('#v-price').fill('29999');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Vehicle saved', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('$29,999');
  await expect(history.getByRole('listitem').first()).toContainText('$2,000');
  const pub = await (await page.request.get(`/api/vehicles/${id}`)).json();
  expect(pub.price).toBe(29_999);

  // ---- unsaved changes: leaving asks first
  await page.locator('#v-mileage').fill('45100');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-vehicle/${id}$`));
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/inventory/);

  // ---- inventory table: find it, mark sold, mark available, delete
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.locator('#inv-search').fill(vin);
  const row = page.getByRole('row').filter({ hasText: vin });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Available');

  await row.getByRole('checkbox').check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Mark as Sold' }).click();
  let dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to mark this vehicle as sold?');
  await dialog.getByRole('button', { name: 'Mark as Sold' }).click();
  await expect(page.getByText('Vehicle marked as sold', { exact: true })).toBeVisible();
  await expect(row).toContainText('Sold');
  expect((await (await page.request.get(`/api/vehicles/${id}`)).json()).isSold).toBe(true);

  await row.getByRole('checkbox').check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Mark Available' }).click();
  dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to mark this vehicle as available?');
  await dialog.getByRole('button', { name: 'Mark Available' }).click();
  await expect(page.getByText('Vehicle marked as available', { exact: true })).toBeVisible();
  await expect(row).toContainText('Available');

  await row.getByRole('checkbox').check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this vehicle? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The vehicle has been successfully removed from the inventory.', { exact: true })).toBeVisible();
  await expect(page.getByText('No vehicle matches these filters.')).toBeVisible();
  expect((await page.request.get(`/api/vehicles/${id}`)).status()).toBe(404);

  // ---- the audit log has the whole story
  await page.goto(`/admin/audit-log?entityType=vehicle&entityId=${id}`);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible({ timeout: 20_000 });
  const entries = page.getByRole('list', { name: 'Audit entries, newest first' });
  for (const action of ['vehicle.create', 'vehicle.price_change', 'vehicle.sold', 'vehicle.available', 'vehicle.delete']) {
    await expect(entries.getByText(action, { exact: true }).first()).toBeVisible();
  }
});

test('inventory: a filter chosen during the search box\'s 300 ms pause is kept when the search is then sent', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('toyota');
  // Rendered (two frames), then chosen from inside the page, so the choice surely lands inside the pause.
  await page.getByLabel('Location', { exact: true }).evaluate(async (select: HTMLSelectElement) => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    select.value = 'Calgary';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page).toHaveURL(/search=toyota/);
  await expect(page).toHaveURL(/location=Calgary/);
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Calgary');
});

// The bulk-selection box is a native checkbox (issue 35): part of the page selected shows it indeterminate, a click
// on it then selects the whole page, and the next clears it.
test('the select-all box: indeterminate for part of the page, then all, then none', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/inventory');
  const all = page.getByRole('checkbox', { name: 'Select every vehicle on this page' });
  await expect(all).toBeEnabled({ timeout: 20_000 });
  const rows = page.getByRole('checkbox', { name: /^Select .+, stock / });
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  await rows.first().check();
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await expect(all).not.toBeChecked();
  await expect.poll(() => all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
  await all.click();
  await expect(all).toBeChecked();
  await expect.poll(() => all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(false);
  await expect(page.getByText(`${count} selected`, { exact: true })).toBeVisible();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toBeChecked();
  await all.click();
  await expect(all).not.toBeChecked();
  await expect(rows.first()).not.toBeChecked();
  await expect(page.getByText(/^\d+ selected$/)).toHaveCount(0);
});
