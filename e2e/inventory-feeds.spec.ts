// Issue 32 part 1, in a browser: an admin adds the DMS's feed, maps its columns from the preview, runs it, finds the
// vehicles on the public listing with their photos, then approves a run the safety rule held. A local HTTP server in
// this spec plays the DMS (the feed and its photos). What the API tests already prove (304s, failures, locks, the
// schedule) is not repeated here. The second test maps a single rooftop's export as a Windows DMS writes it (issue
// 54 §1): tabs, Windows-1252, a dealer id instead of a store, options in one cell, miles, no body style.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { expect, test, type Unique } from './fixtures';
import { withCheckDigit } from '../domain/vin';
import { signInAdmin } from './support';

const HEADER = 'Stock No,VIN,Year,Make,Model,Trim,Selling Price,Mileage,Body Style,Transmission,Fuel Type,Exterior Color,Location,New/Used,Photos';

/** A DMS lot of the test's own: stock numbers and VINs no other test or run uses on its server. */
function lotFor(unique: Unique, vinPattern: string) {
  const units = new Map<number, { stock: string; vin: string }>();
  const unit = (n: number) => {
    if (!units.has(n)) {
      const serial = unique.serial();
      units.set(n, { stock: `Q${serial}`, vin: withCheckDigit(`${vinPattern}${serial}`) });
    }
    return units.get(n)!;
  };
  return { stock: (n: number) => unit(n).stock, vin: (n: number) => unit(n).vin };
}

// The rooftop export: what the page must map without the file being edited.
const rooftopExport = (lot: ReturnType<typeof lotFor>) => Buffer.from([
  ['Dealer ID', 'Stock No', 'VIN', 'Year', 'Make', 'Model', 'Trim', 'Body Style', 'Transmission', 'Exterior Color', 'Miles', 'New/Used', 'Internet Price', 'MSRP', 'Options'],
  ['PMH-CGY', lot.stock(1), lot.vin(1), '2019', 'TOYOTA', 'Corolla', 'LE', '', 'Automatic', 'Blanc Nacré', '28,000', 'U', '$19,995', '22,000', '"Heated Seats,Remote Start,Apple CarPlay"'],
  ['PMH-CGY', lot.stock(2), lot.vin(2), '2019', 'Toyota', 'Corolla', 'SE', '', 'CVT', 'Rouge Éclat', '12,500', 'U', '$21,495', '', 'Sunroof;Heated Seats'],
].map((r) => r.join('\t')).join('\r\n'), 'latin1');

// The DMS: each test serves its own files under a path of its own (a worker runs its tests one after another, and
// --repeat-each runs a test again on the same server, so no file is shared).
const files = new Map<string, () => { type: string; body: Buffer | string }>();
let server: http.Server;
let base = '';

test.beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f5d8a' } }).jpeg().toBuffer();
  server = http.createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (file) {
      const { type, body } = file();
      res.writeHead(200, { 'content-type': type }).end(body);
    } else if (req.url?.startsWith('/p/')) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => { server.closeAllConnections(); server.close(); });

test('an admin connects the DMS feed, maps it, runs it, and approves a run that would take down most of it', async ({ page, unique }) => {
  test.setTimeout(90_000);
  const name = unique.name('DMS');
  const { stock, vin } = lotFor(unique, '3FA6P0HD0LR');
  const row = (n: number) =>
    [stock(n), vin(n), 2020, 'Ford', 'Fusion', 'SE', 17_000 + n * 500, 52_000 + n, 'Sedan', 'Automatic', 'Gasoline', 'Magnetic', 'Calgary', 'Used', `${base}/p/${n}.jpg ${base}/p/${n + 10}.jpg`].join(',');
  let units = [1, 2, 3];
  const path = `/${unique.token('dms')}/inventory.csv`;
  files.set(path, () => ({ type: 'text/csv', body: [HEADER, ...units.map(row)].join('\n') }));
  await signInAdmin(page);
  await page.goto('/admin/inventory-feeds');
  await expect(page.getByRole('heading', { name: 'Inventory feeds' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a feed' }).click();
  const form = page.getByRole('form', { name: 'Add an inventory feed' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Feed address (CSV)').fill(`${base}${path}`);
  await form.getByRole('button', { name: 'Read the feed and map its columns' }).click();
  await expect(form.getByRole('status')).toHaveText('3 rows, 15 columns.');
  // Suggested from the names; the admin corrects one ("New/Used" is the condition).
  await expect(form.getByLabel('Stock number *')).toHaveValue('Stock No');
  await expect(form.getByLabel('Photo URLs')).toHaveValue('Photos');
  await form.getByLabel('New or used', { exact: true }).selectOption('New/Used');
  await expect(form.getByRole('cell', { name: stock(1), exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Add the feed' }).click();

  const card = page.getByTestId('inventory-feed').filter({ hasText: name });
  await card.getByRole('button', { name: `Run ${name} now` }).click();
  await expect(card.getByTestId('last-run')).toContainText('Succeeded');
  await expect(card.getByTestId('last-run')).toContainText('3 new, 0 changed, 0 removed, 0 unchanged, 6 photos');

  // On the public listing, with its photos.
  const listed = await (await page.request.get('/api/vehicles?make=Ford&model=Fusion&limit=100')).json() as { id: number; stockNumber: string; photos: { alt: string }[] }[];
  const first = listed.find((v) => v.stockNumber === stock(1))!;
  expect(first.photos.map((p) => p.alt)).toEqual(['2020 Ford Fusion SE', '2020 Ford Fusion SE']);
  await page.goto(`/vehicles/${first.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2020 Ford Fusion');
  await expect(page.getByText(stock(1), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: '2020 Ford Fusion SE' }).first()).toBeVisible();

  // Two of three units gone: the run waits, and changes nothing until approved.
  units = [1];
  await page.goto('/admin/inventory-feeds');
  await card.getByRole('button', { name: `Run ${name} now` }).click();
  const held = card.getByTestId('held-run');
  await expect(held).toContainText("It would remove 2 of the feed's 3 units");
  await expect(held.getByRole('listitem').filter({ hasText: stock(2) })).toBeVisible();
  expect((await (await page.request.get(`/api/vehicles?make=Ford&model=Fusion&limit=100`)).json() as { stockNumber: string }[]).map((v) => v.stockNumber)).toContain(stock(2));
  await held.getByRole('button', { name: 'Approve and apply' }).click();
  await expect(card.getByTestId('last-run')).toContainText('Approved');
  await expect(held).toBeHidden();
  expect((await (await page.request.get(`/api/vehicles?make=Ford&model=Fusion&limit=100`)).json() as { stockNumber: string }[]).map((v) => v.stockNumber)).not.toContain(stock(2));
});

test('an admin maps a single rooftop\'s Windows-1252 export with a dealer id, options in one cell and miles, without editing it', async ({ page, unique }) => {
  test.setTimeout(60_000);
  const name = unique.name('Rooftop');
  const lot = lotFor(unique, '2T1BURHE0KC');
  const rooftopStock = lot.stock;
  const path = `/${unique.token('rooftop')}/rooftop.txt`;
  files.set(path, () => ({ type: 'text/plain', body: rooftopExport(lot) }));
  await signInAdmin(page);
  await page.goto('/admin/inventory-feeds');
  await page.getByRole('button', { name: 'Add a feed' }).click();
  const form = page.getByRole('form', { name: 'Add an inventory feed' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Feed address (CSV)').fill(`${base}${path}`);
  await form.getByRole('button', { name: 'Read the feed and map its columns' }).click();
  await expect(form.getByRole('status')).toHaveText('2 rows, 15 columns.');
  // Read as it is: Windows-1252, tabs, miles from the column's name; the dealer id is the store's column.
  await expect(form.getByText('Detected: Windows-1252')).toBeVisible();
  await expect(form.getByText('Detected: tab')).toBeVisible();
  await expect(form.getByText('Read as miles (from the column name), converted to km')).toBeVisible();
  await expect(form.getByLabel('Store', { exact: true })).toHaveValue('Dealer ID');
  // The dealer id is not a store: the page says so and offers the stores.
  const dealerId = form.getByLabel('Store “PMH-CGY” becomes');
  await expect(dealerId).toHaveAttribute('aria-invalid', 'true');
  await dealerId.selectOption('Calgary');
  const rows = page.getByTestId('translated-rows');
  const first = rows.getByRole('row').filter({ hasText: rooftopStock(1) });
  await expect(first).toContainText('Calgary');
  await expect(first).toContainText('Blanc Nacré');
  await expect(first).toContainText('45062');
  await expect(first).toContainText('Heated Seats, Remote Start, Apple CarPlay');
  await expect(first.getByText('from the VIN').first()).toBeVisible();
  await expect(first).toContainText('Ready');
  await form.getByRole('button', { name: 'Add the feed' }).click();

  const card = page.getByTestId('inventory-feed').filter({ hasText: name });
  await card.getByRole('button', { name: `Run ${name} now` }).click();
  await expect(card.getByTestId('last-run')).toContainText('Succeeded');
  await expect(card.getByTestId('last-run')).toContainText('2 new');

  const listed = await (await page.request.get('/api/vehicles?make=Toyota&model=Corolla&location=Calgary&limit=100')).json() as { id: number; stockNumber: string }[];
  const unit = listed.find((v) => v.stockNumber === rooftopStock(1))!;
  const detail = await (await page.request.get(`/api/vehicles/${unit.id}`)).json() as { exteriorColor: string; mileage: number; features: string[]; bodyType: string; location: string };
  expect(detail).toMatchObject({ exteriorColor: 'Blanc Nacré', mileage: 45062, bodyType: 'Sedan', location: 'Calgary' });
  expect(detail.features).toEqual(['Heated Seats', 'Remote Start', 'Apple CarPlay']);
});
