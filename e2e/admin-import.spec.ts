// Admin issue, "Bulk import", "Fast import" and "VIN import": a CSV with one bad row shows it in the preview; "all or
// nothing" imports nothing, "valid rows only" imports the rest (checked through the API). Fast import decodes a VIN
// and publishes it; VIN import reports invalid and repeated VINs.
import { expect, test, type Page, type Unique } from './fixtures';
import { withCheckDigit } from '../domain/vin';
import { adminHeaders, signInAdmin } from './support';

/** VINs of the test's own (a 2020 Toyota RAV4 pattern), fresh for every test and every run of it on the server. */
function vinsFor(unique: Unique) {
  const vins = new Map<number, string>();
  return (n: number) => {
    if (!vins.has(n)) vins.set(n, withCheckDigit(`2T3P1RFV0LW${unique.serial()}`));
    return vins.get(n)!;
  };
}

function csvWithOneBadRow(vin: (n: number) => string) {
  return [
    'Stock #,VIN,Year,Make,Model,Trim,Internet Price,Odometer,Body Style,Trans,Fuel,Ext Color,Location',
    `,${vin(1)},2020,Toyota,RAV4,XLE,"$31,995",54000 km,SUV,Automatic,Gasoline,Blueprint,Calgary`,
    `,${vin(2)},2020,Toyota,RAV4,LE,29995,61000,SUV,Automatic,Gasoline,Silver,Edmonton`,
    `,${vin(3)},2020,Toyota,RAV4,LE,call for price,61000,SUV,Automatic,Gasoline,Silver,Edmonton`,
  ].join('\n');
}

async function upload(page: Page, csv: string) {
  await page.getByLabel('CSV file').setInputFiles({ name: 'lot-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
}

/** Whether the inventory holds a VIN, asked through the VIN list check (it reports VINs already in inventory). */
async function inInventory(page: Page, v: string): Promise<boolean> {
  // Same-origin, as the page itself would send it: the browser context's cookie rides along, so the Origin check applies.
  const res = await page.request.post('/api/admin/imports/decode', { data: { vins: [v] }, headers: await adminHeaders() });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).rows[0].state === 'in-inventory';
}

test('bulk import: the preview shows the bad row; all or nothing imports nothing, valid rows only imports the rest', async ({ page, unique }) => {
  test.setTimeout(60_000);
  const vin = vinsFor(unique);
  await signInAdmin(page);
  await page.goto('/admin/bulk-import');
  await expect(page.getByRole('heading', { name: 'Bulk import' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute('href', '/api/admin/imports/template.csv');

  await upload(page, csvWithOneBadRow(vin));
  const summary = page.getByLabel('Summary');
  await expect(summary).toContainText('3 rows');
  await expect(summary).toContainText('2 to create');
  await expect(summary).toContainText('1 with errors');
  await expect(page.getByRole('cell', { name: /price must be a number \(got "call for price"\)/ })).toBeVisible();

  // All or nothing: the button says why it cannot run, and nothing is written.
  await page.getByLabel('All or nothing: import only if every row is valid').check();
  await expect(page.getByRole('button', { name: /^Import 3 vehicles/ })).toBeDisabled();
  await expect(page.getByText(/Fix the 1 row with errors/)).toBeVisible();
  expect(await inInventory(page, vin(1))).toBe(false);

  // Valid rows only: the two good rows, in one transaction, with the progress bar, then the summary.
  await page.getByLabel(/Import the valid rows and skip the rows with errors/).check();
  await page.getByRole('button', { name: /^Import 2 vehicles/ }).click();
  await expect(page.getByRole('heading', { name: 'Import complete' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#admin-content').getByText('Imported lot-export.csv: 2 created, 0 updated, 1 row with errors skipped')).toBeVisible();
  expect(await inInventory(page, vin(1))).toBe(true);
  expect(await inInventory(page, vin(2))).toBe(true);
  expect(await inInventory(page, vin(3))).toBe(false);

  // The same file again: both good rows now match by VIN and become updates.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await upload(page, csvWithOneBadRow(vin));
  await expect(page.getByLabel('Summary')).toContainText('2 to update');
});

test('bulk import: a file whose columns are not recognised asks for a mapping', async ({ page, unique }) => {
  const vin = vinsFor(unique);
  await signInAdmin(page);
  await page.goto('/bulk-import');
  await page.getByLabel('CSV file').setInputFiles({ name: 'odd.csv', mimeType: 'text/csv', buffer: Buffer.from(`Serial,Yr,Make,Model\n${vin(4)},2020,Toyota,RAV4`) });
  await expect(page.getByRole('alert')).toContainText('No column holds the VIN');
  await page.getByLabel('CSV file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await expect(page.getByRole('alert')).toContainText('empty');
});

test('fast import decodes a VIN and publishes it; VIN import reports invalid and repeated VINs', async ({ page, unique }) => {
  test.setTimeout(60_000);
  const vin = vinsFor(unique);
  await signInAdmin(page);
  const v = withCheckDigit(`1FTFW1E50MF${unique.serial()}`);
  await page.goto('/admin/fast-import');
  await page.getByLabel('Vehicle lines').fill(`${v}, 41995, 48200`);
  await page.getByRole('button', { name: 'Decode' }).click();
  const card = page.getByRole('listitem', { name: /Vehicle 1: 2021 Ford F-150/ });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByLabel('Body, vehicle 1')).toHaveValue('Truck');
  const publish = page.getByRole('button', { name: 'Publish 1 vehicle' });
  await expect(publish).toBeDisabled();
  await card.getByLabel('Exterior colour, vehicle 1').fill('Oxford White');
  await publish.click();
  await expect(page.locator('#admin-content').getByRole('status').filter({ hasText: 'Published 1 vehicle from fast import' })).toBeVisible();
  expect(await inInventory(page, v)).toBe(true);

  await page.goto('/admin/vin-import');
  await page.getByLabel('VINs').fill(`${v}\nNOT-A-VIN\n${vin(5)}\n${vin(5)}`);
  await page.getByRole('button', { name: 'Decode VINs' }).click();
  const report = page.getByRole('region', { name: /Not added/ });
  await expect(report).toContainText('Already in inventory');
  await expect(report).toContainText('Invalid');
  await expect(report).toContainText('Repeated');
  await expect(page.getByRole('listitem', { name: /Vehicle 1: 2020 Toyota RAV4/ })).toBeVisible();
  await page.getByRole('button', { name: 'Discard all drafts' }).click();
});
