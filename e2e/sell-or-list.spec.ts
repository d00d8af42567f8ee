// Issue 33 §2, "Sell or list": /sell-my-vehicle offers both ways side by side; listing privately brings a visitor
// through sign-in straight to the new listing form (signing in lands back where they were headed), and the form takes
// its photos, and prices as people type them, when the listing is created. The seller is an account of the test's own
// (listings are limited per seller), signed up through the API from an address of its own and then signed in through
// the form, which is what is tested.
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { withCheckDigit } from '../domain/vin';

test('@mobile both ways to sell, then a private listing with its photo and "21,500" from the start', async ({ page, request, unique }) => {
  test.setTimeout(60_000);
  const tag = unique.token('Zs');
  const vin = withCheckDigit(`JF2SJAACXJH${unique.serial()}`);
  // Never a constant: --repeat-each signs up again on the same server, and sign-ups are limited per address.
  const address = unique.address();
  const username = unique.token('marc');
  const SELLER = { username, password: 'prairie sunrise over the canola fields' };
  const signedUp = await request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': address },
    data: { ...SELLER, email: `${username}@example.ca`, firstName: 'Marc' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);

  await page.goto('/sell-my-vehicle');
  const ways = page.getByRole('list', { name: 'Ways to sell' });
  await expect(ways.getByRole('heading', { name: 'Sell it to us' })).toBeVisible();
  await expect(ways.getByRole('heading', { name: 'List it yourself' })).toBeVisible();
  await ways.getByRole('link', { name: 'List my vehicle' }).click();

  // Sign in, and land on the new listing form rather than the home page.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-listings%3Fnew%3D1$/);
  await page.getByLabel('Username or e-mail').fill(SELLER.username);
  await page.getByLabel('Password', { exact: true }).fill(SELLER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'List your vehicle' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/my-listings\?new=1$/);

  await page.getByLabel('VIN').fill(vin);
  await page.getByLabel('Year').fill('2018');
  await page.getByLabel('Make').fill('Subaru');
  await page.getByLabel('Model').fill('Forester');
  await page.getByLabel(/^Trim/).fill(tag);
  await page.getByLabel('Body type').selectOption('SUV');
  await page.getByLabel('Transmission').selectOption('CVT');
  await page.getByLabel(/^Drivetrain/).selectOption('AWD');
  await page.getByLabel('Fuel type').selectOption('Gasoline');
  await page.getByLabel('Exterior colour').fill('Jasmine Green');
  await page.getByLabel('Asking price (CAD)').fill('21,500');
  await page.getByLabel('Odometer (km)').fill('96,000 km');
  await page.getByLabel('Nearest city').selectOption('Edmonton');
  await page.getByLabel('Describe your vehicle').fill('Well kept, winter tires on rims, no accidents, full service history.');
  await page.getByLabel('Choose photos').setInputFiles([{
    name: 'front.jpg', mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e5e3e' } }).jpeg({ quality: 70 }).toBuffer(),
  }]);
  await expect(page.getByText('1 photo chosen: front.jpg')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const row = page.getByRole('list', { name: 'Your listings' }).getByRole('listitem').filter({ hasText: tag });
  await expect(row.getByText('Waiting for review')).toBeVisible();

  // The listing has its photo and the typed price and kilometres, without a trip through Edit.
  await expect.poll(async () => {
    const mine = (await (await page.request.get('/api/my-listings')).json()) as { listings?: { trim: string | null; price: number; mileage: number; photos: unknown[] }[] } | { trim: string | null; price: number; mileage: number; photos: unknown[] }[];
    const list = Array.isArray(mine) ? mine : mine.listings ?? [];
    const found = list.find((l) => l.trim === tag);
    return found && { price: found.price, mileage: found.mileage, photos: found.photos.length };
  }).toEqual({ price: 21_500, mileage: 96_000, photos: 1 });
});
