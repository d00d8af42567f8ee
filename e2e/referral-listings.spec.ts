// Issue 5: the referral program (a ?ref= link through registration to the referrer's credit, spec §4 modal) and
// private-seller listings (submission, admin approval, then in search with a message form). Axe on these pages.
import { expect, test, type APIRequestContext, type Page, waitingForHydration } from './fixtures';
import { withCheckDigit } from '../domain/vin';
import { ADMIN, expectNoSeriousAxe } from './support';

const REFERRER = { username: 'jordan', password: 'demo-customer-password' };
const SELLER = { username: 'marc', password: 'demo-customer-password' };

async function signIn(page: Page, who: { username: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Username or e-mail').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in once the header shows the account menu (argon2 makes sign-in slow on a busy machine). The Login link
  // is on screen before that, so it cannot stand for success.
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible({ timeout: 20_000 });
}

async function apiSignIn(request: APIRequestContext, who: { username: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

const token = () => Math.random().toString(36).slice(2, 8);

test('a referral from ?ref= through registration credits the referrer', async ({ page, request }) => {
  const auth = await apiSignIn(request, REFERRER);
  const before = await (await request.get('/api/referrals/me', { headers: auth })).json();
  const code = before.code as string;

  // spec §4: a visitor with ?ref= gets the modal once auth has loaded; after 1 s the code is stored and the query cleared.
  await page.goto(`/vehicles?ref=${code}`);
  const modal = page.getByRole('dialog', { name: 'Jordan invited you to Prairie Motor Hub' });
  await expect(modal).toBeVisible();
  await expect(page).not.toHaveURL(/ref=/, { timeout: 3000 });
  expect(await page.evaluate(() => localStorage.getItem('pending-referral-code'))).toBe(code);
  await expectNoSeriousAxe(page);

  await modal.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/register/);
  const id = token();
  await page.getByLabel(/^First name/).fill('Robin');
  await page.getByLabel(/^Username/).fill(`robin${id}`);
  await page.getByLabel(/^E-mail|^Email/).fill(`robin${id}@example.ca`);
  await page.getByLabel('Password', { exact: true }).fill(`prairie sunrise over ${id} fields`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/register/);
  // The code is spent: the modal does not come back for the new account.
  expect(await page.evaluate(() => localStorage.getItem('pending-referral-code'))).toBeNull();

  const after = await (await request.get('/api/referrals/me', { headers: auth })).json();
  expect(after.totals.referred).toBe(before.totals.referred + 1);
  expect(after.friends[0]).toMatchObject({ firstName: 'Robin', status: 'credited' });

  // The new member's own referral page: their link, copy button, no friends yet.
  await page.goto('/referral-program');
  await expect(page.getByRole('heading', { name: 'Referral Program', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Share this link')).toHaveValue(/\/referral-landing\?code=[A-Z2-9]{8}$/);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(page.getByText('No friends have signed up with your link yet.')).toBeVisible();
  await expectNoSeriousAxe(page);
});

test('the info page explains the program; /referral-landing without a code is the not-found page', async ({ page }) => {
  await page.goto('/referral-program-info');
  await expect(page.getByRole('heading', { name: 'How our referral program works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Program terms' })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.goto('/referral-landing');
  await expect(page.getByText('We can\'t find that page')).toBeVisible();
  await page.goto('/referral-landing?code=ABCDEFGH');
  await expect(page.getByRole('heading', { name: 'A friend referred you' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pending-referral-code'))).toBe('ABCDEFGH');
});

test('a private listing goes from submission through admin approval into search, and buyers can message the seller', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const tag = `Zq${token()}`;
  const vin = withCheckDigit(`JF2SJ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}A${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`);

  // The seller lists the vehicle.
  await signIn(page, SELLER);
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
  await expectNoSeriousAxe(page);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const row = page.getByRole('list', { name: 'Your listings' }).getByRole('listitem').filter({ hasText: tag });
  await expect(row.getByText('Waiting for review')).toBeVisible();
  await expectNoSeriousAxe(page);
  // Not in search while pending.
  expect((await (await page.request.get(`/api/vehicles?format=paginated&search=${tag}`)).json()).vehicles).toHaveLength(0);

  // An admin approves it from the moderation queue.
  const adminContext = await browser.newContext();
  const adminPage = waitingForHydration(await adminContext.newPage());
  await signIn(adminPage, ADMIN, '/admin-login');
  await adminPage.goto('/admin/listings');
  const card = adminPage.getByRole('listitem').filter({ hasText: tag });
  await expect(card).toBeVisible();
  await expectNoSeriousAxe(adminPage);
  await card.getByRole('button', { name: 'Approve' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // A visitor finds it in search as a private seller and messages the seller, who is shown by first name only.
  const visitor = await browser.newContext();
  const v = waitingForHydration(await visitor.newPage());
  await v.goto(`/vehicles?search=${tag}`);
  const result = v.getByTestId('vehicle-card').filter({ hasText: 'Private seller' });
  await expect(result).toHaveCount(1);
  await result.getByRole('heading').getByRole('link').click();
  await expect(v.getByText('Sold by Marc, a private seller')).toBeVisible();
  await expect(v.getByText('marc.gagnon@example.ca')).toHaveCount(0);
  await v.getByRole('button', { name: 'Message Marc' }).click();
  const dialog = v.getByRole('dialog', { name: 'Message Marc' });
  await dialog.getByLabel('Your name').fill('Sam Buyer');
  await dialog.getByLabel('Your email').fill('sam.buyer@example.ca');
  await expectNoSeriousAxe(v);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(v.getByText('Message sent', { exact: true })).toBeVisible();
  await visitor.close();

  // The seller sees it live.
  await page.goto('/my-listings');
  await expect(row.getByText('Live in search')).toBeVisible();
});
