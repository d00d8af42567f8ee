// The vehicle form's AMVIC disclosures and VIN check (issues 34 §5 and 33 §4), and "Manage photos" opening the
// image manager on the vehicle: an admin answers a disclosure, is asked before saving a VIN whose check digit is
// wrong, and the shopper's vehicle page shows the answers.
import { expect, test } from './fixtures';
import { adminHeaders, createVehicle, signInAdmin } from './support';

test('an admin answers AMVIC disclosures, confirms a VIN that fails its check, and opens the photos of the vehicle', async ({ page, request, unique }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  // A used 2021 Honda Accord of the test's own (createVehicle's default), with a valid VIN.
  const { id, vin } = await createVehicle(request, unique);

  await page.goto(`/admin/edit-vehicle/${id}`);
  await expect(page.getByRole('heading', { name: '2021 Honda Accord', level: 1 })).toBeVisible({ timeout: 20_000 });
  const form = page.getByTestId('amvic-form');
  await expect(form).toContainText('15 of 15 not answered yet');
  await form.getByRole('group', { name: 'Has it been damaged by flood?' }).getByLabel('Yes', { exact: true }).check();
  await form.getByRole('group', { name: 'Was it previously used as a police vehicle?' }).getByLabel('No', { exact: true }).check();
  await expect(form).toContainText('13 of 15 not answered yet');

  // A wrong check digit: saving asks first; Cancel keeps the form as it is, "Save anyway" saves.
  const wrong = vin.slice(0, 8) + (vin[8] === '0' ? '1' : '0') + vin.slice(9);
  await page.locator('#v-vin').fill(wrong);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Save with this VIN?' });
  await expect(dialog).toContainText(`VIN ${wrong}: check digit (9th character) should be ${vin[8]}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Unsaved changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('alertdialog', { name: 'Save with this VIN?' }).getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  const saved = await (await request.get(`/api/admin/vehicles/${id}`, { headers: await adminHeaders() })).json();
  expect(saved.vin).toBe(wrong);
  expect(saved.amvicDisclosures).toEqual({ police: 'no', flood: 'yes' });

  // "Manage photos" opens the image manager with this vehicle chosen.
  await page.getByRole('link', { name: /Manage photos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/image-manager\\?vehicle=${id}$`));
  await expect(page.getByRole('heading', { name: /2021 Honda Accord/, level: 2 })).toBeVisible();

  // The shopper sees the answers, and that the rest are not answered yet.
  await page.goto(`/vehicles/${id}`);
  const section = page.getByTestId('amvic-disclosures');
  await expect(section.getByRole('heading', { name: 'Disclosures before a used sale' })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText('Flood damage')).toBeVisible();
  await expect(section.locator('div', { hasText: 'Flood damage' }).last().locator('dd')).toHaveText('Yes');
  await expect(section.locator('div', { hasText: 'Previously used as a police vehicle' }).last().locator('dd')).toHaveText('No');
  await expect(section.locator('div', { hasText: 'Previously used as a taxi or limousine' }).last().locator('dd')).toHaveText('Not answered');
  await expect(section.getByTestId('amvic-disclosures-open')).toContainText('13 items are not answered yet');
});
