// Issue 5: the referral program (a ?ref= link through registration to the referrer's credit, spec §4 modal) and
// private-seller listings (submission, admin approval, then in search with a message form). The referrer and the
// seller are accounts of the test's own, signed up through the API from an address of its own (sign-ups, code
// checks and buyers' messages are limited per address, and --repeat-each runs a test again on the same server).
import { expect, test, type APIRequestContext, type Unique, waitingForHydration } from './fixtures';
import { withCheckDigit } from '../domain/vin';
import { signInAdmin } from './support';

/** Signs up a customer of the test's own; the request context keeps the session cookie, so it is signed in after. */
async function signUp(request: APIRequestContext, unique: Unique, first: string, address: string) {
  const username = unique.token(first);
  const account = { username, email: `${username}@example.ca`, password: 'prairie sunrise over the canola fields', firstName: unique.name(first) };
  const res = await request.post('/api/auth/register', { headers: { 'x-forwarded-for': address }, data: account });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

test('a referral from ?ref= through registration credits the referrer', async ({ page, request, unique }) => {
  const address = unique.address();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  const referrer = await signUp(request, unique, 'Jordan', address);
  const before = await (await request.get('/api/referrals/me')).json();
  const code = before.code as string;

  // spec §4: a visitor with ?ref= gets the modal once auth has loaded; after 1 s the code is stored and the query cleared.
  await page.goto(`/vehicles?ref=${code}`);
  const modal = page.getByRole('dialog', { name: `${referrer.firstName} invited you to Prairie Motor Hub` });
  await expect(modal).toBeVisible();
  await expect(page).not.toHaveURL(/ref=/, { timeout: 3000 });
  expect(await page.evaluate(() => localStorage.getItem('pending-referral-code'))).toBe(code);

  await modal.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/register/);
  const robin = unique.token('robin');
  await page.getByLabel(/^First name/).fill('Robin');
  await page.getByLabel(/^Username/).fill(robin);
  await page.getByLabel(/^E-mail|^Email/).fill(`${robin}@example.ca`);
  await page.getByLabel('Password', { exact: true }).fill('prairie sunrise over the barley fields');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/register/);
  // The code is spent: the modal does not come back for the new account.
  expect(await page.evaluate(() => localStorage.getItem('pending-referral-code'))).toBeNull();

  const after = await (await request.get('/api/referrals/me')).json();
  expect(after.totals.referred).toBe(before.totals.referred + 1);
  expect(after.friends[0]).toMatchObject({ firstName: 'Robin', status: 'credited' });

  // The new member's own referral page: their link, copy button, no friends yet.
  await page.goto('/referral-program');
  await expect(page.getByRole('heading', { name: 'Referral Program', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Share this link')).toHaveValue(/\/referral-landing\?code=[A-Z2-9]{8}$/);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(page.getByText('No friends have signed up with your link yet.')).toBeVisible();
});

test('the info page explains the program; /referral-landing without a code is the not-found page', async ({ page, unique }) => {
  // A made-up code is a miss, and misses are limited per address.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/referral-program-info');
  await expect(page.getByRole('heading', { name: 'How our referral program works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Program terms' })).toBeVisible();
  await page.goto('/referral-landing');
  await expect(page.getByText('We can\'t find that page')).toBeVisible();
  await page.goto('/referral-landing?code=ABCDEFGH');
  await expect(page.getByRole('heading', { name: 'A friend referred you' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pending-referral-code'))).toBe('ABCDEFGH');
});

test('a private listing goes from submission through admin approval into search, and buyers can message the seller', async ({ page, browser, unique }) => {
  test.setTimeout(60_000);
  const tag = unique.token('Zq');
  const vin = withCheckDigit(`JF2SJAACXJH${unique.serial()}`);

  // The seller, signed up in this page's context (its cookie), lists the vehicle.
  const seller = await signUp(page.request, unique, 'Marc', unique.address());
  const sellerFirst = seller.firstName;
  await page.goto('/my-listings');
  await page.getByRole('button', { name: 'List a vehicle' }).first().click();
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
  await page.getByLabel('Asking price (CAD)').fill('21500');
  await page.getByLabel('Odometer (km)').fill('96000');
  await page.getByLabel('Nearest city').selectOption('Edmonton');
  await page.getByLabel('Describe your vehicle').fill('Well kept, winter tires on rims, no accidents, full service history.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const row = page.getByRole('list', { name: 'Your listings' }).getByRole('listitem').filter({ hasText: tag });
  await expect(row.getByText('Waiting for review')).toBeVisible();
  // Not in search while pending.
  expect((await (await page.request.get(`/api/vehicles?format=paginated&search=${tag}`)).json()).vehicles).toHaveLength(0);

  // An admin approves it from the moderation queue.
  const adminContext = await browser.newContext();
  const adminPage = waitingForHydration(await adminContext.newPage());
  await signInAdmin(adminPage);
  await adminPage.goto('/admin/listings');
  const card = adminPage.getByRole('listitem').filter({ hasText: tag });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // A visitor finds it in search as a private seller and messages the seller, who is shown by first name only.
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': unique.address() } });
  const v = waitingForHydration(await visitor.newPage());
  await v.goto(`/vehicles?search=${tag}`);
  const result = v.getByTestId('vehicle-card').filter({ hasText: 'Private seller' });
  await expect(result).toHaveCount(1);
  await result.getByRole('heading').getByRole('link').click();
  await expect(v.getByText(`Sold by ${sellerFirst}, a private seller`)).toBeVisible();
  await expect(v.getByText(seller.email)).toHaveCount(0);
  await v.getByRole('button', { name: `Message ${sellerFirst}` }).click();
  const dialog = v.getByRole('dialog', { name: `Message ${sellerFirst}` });
  await dialog.getByLabel('Your name').fill('Sam Buyer');
  await dialog.getByLabel('Your email').fill('sam.buyer@example.ca');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(v.getByText('Message sent', { exact: true })).toBeVisible();
  await visitor.close();

  // The seller sees it live.
  await page.goto('/my-listings');
  await expect(row.getByText('Live in search')).toBeVisible();
});
