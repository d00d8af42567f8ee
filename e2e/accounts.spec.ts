// Issue 5, customer accounts: register, log in, save two vehicles and see the badge; an admin drops a saved
// vehicle's price and the bell shows a price_drop within one poll (30 s); mark all read; logout clears admin_token
// and lands on / even when the call fails; a password reset read from the admin outbox.
import { expect as baseExpect, test, type Page, waitingForHydration } from './fixtures';
import { adminHeaders, createVehicle, signInAdmin } from './support';

// Sign-ins hash with argon2: these flows get more patience than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // argon2 on a busy CI machine: allow the sign-in a moment.
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible({ timeout: 20_000 });
}

test('register, log in, save two vehicles, a price drop reaches the bell, mark all read, and logout', async ({ page, request, unique }) => {
  test.setTimeout(90_000);
  const tag = unique.token('');
  const account = { username: `casey${tag}`, email: `casey${tag}@example.ca`, password: `northern lights over ${tag}` };
  // Two vehicles of the test's own, under a make no other vehicle has, so the listing filtered by it shows just them
  // and the price drop below touches nobody else's vehicle.
  const make = unique.name('Saved');
  const own = [await createVehicle(request, unique, { make }), await createVehicle(request, unique, { make, trim: 'Sport' })];
  // The bell polls every 30 s with the page's timers: the test's clock brings the next poll at once (below).
  await page.clock.install();

  // Register (the common-password rule is checked in the browser too).
  await page.goto('/register');
  await page.getByLabel(/^First name/).fill('Casey');
  await page.getByLabel(/^Username/).fill(account.username);
  await page.getByLabel(/^E-mail/).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is one of the most common passwords')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Casey' })).toBeVisible({ timeout: 20_000 });

  // Log out, then log in again.
  await page.getByRole('button', { name: 'Account menu for Casey' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await signIn(page, account.username, account.password);

  // Save the two vehicles from the listing: the heart badge counts them.
  await page.goto(`/vehicles?make=${encodeURIComponent(make)}`);
  const cards = page.getByTestId('vehicle-card');
  await expect(cards).toHaveCount(2, { timeout: 20_000 });
  const saveButtons = page.getByRole('button', { name: /^Save \d{4} / });
  const firstName = (await saveButtons.nth(0).getAttribute('aria-label'))!;
  await saveButtons.nth(0).click();
  await expect(page.getByText('Added to saved vehicles').first()).toBeVisible();
  await saveButtons.nth(0).click(); // the first one is now "Remove …", so nth(0) is the next vehicle
  await expect(page.getByRole('link', { name: 'Saved vehicles (2)' })).toBeVisible();

  // The server has the list (synced on every change).
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('savedVehicles') ?? '[]') as number[]);
  expect([...stored].sort()).toEqual(own.map((v) => v.id).sort());
  const vehicleId = stored[0]!;
  await expect.poll(async () => (await (await page.request.get('/api/saved-vehicles')).json()).savedVehicles).toEqual(stored);

  // An admin drops the price of the first saved vehicle.
  const vehicle = await (await request.get(`/api/vehicles/${vehicleId}`)).json();
  const newPrice = vehicle.price - 1500;
  const patch = await request.patch(`/api/admin/vehicles/${vehicleId}`, { headers: await adminHeaders(), data: { price: newPrice } });
  expect(patch.ok(), await patch.text()).toBe(true);

  // At the next poll (every 30 s) the bell shows it: the clock moves on to it.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await page.clock.fastForward(30_000);
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: 'Price drop' }).first();
  await expect(item).toHaveAttribute('data-type', 'price_drop');
  await expect(item).toContainText('down $1,500');
  await expect(item).toContainText(/just now|ago/);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.keyboard.press('Escape');

  // The saved page shows the change since saving.
  await page.goto('/saved');
  const row = page.getByRole('article', { name: firstName.replace(/^Save /, '') });
  await expect(page.getByText('$1,500 less than when you saved it')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your saved vehicles' }).getByRole('listitem')).toHaveCount(2);
  void row;

  // The profile page.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Offers and news from the dealership' })).not.toBeChecked();

  // A customer has the httpOnly cookie alone: no token in browser storage (issue 15 item 5). Logout lands on /,
  // even when the call fails.
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  await page.route('**/api/auth/logout', (route) => route.abort());
  await page.getByRole('button', { name: 'Account menu for Casey' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
});

test('a password reset link read from the admin outbox sets a new password once', async ({ page, browser, request, unique }) => {
  test.setTimeout(60_000);
  const tag = unique.token('');
  const account = { username: `riley${tag}`, email: `riley${tag}@example.ca`, password: `first password ${tag}` };
  expect((await request.post('/api/auth/register', { data: account, headers: { 'x-forwarded-for': unique.address() } })).status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the page's own chunk has loaded, and until then the login page stays on screen
  // (React keeps the old page through a transition): its "Username or e-mail" field would take the address and go.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(account.email.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');

  // An admin reads the email at /admin/outbox.
  const adminContext = await browser.newContext();
  // The worker's admin session (the staff login page and its second factor have their own tests); the context's
  // requests share its cookie.
  const adminPage = waitingForHydration(await adminContext.newPage());
  await signInAdmin(adminPage);
  await adminPage.goto('/admin/outbox');
  await expect(adminPage.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await adminPage.getByLabel('Recipient').fill(account.email);
  // The link is mailed just after the answer (issue 15 item 8): wait until it is in the outbox.
  await expect.poll(async () => ((await (await adminContext.request.get(`/api/admin/outbox?to=${encodeURIComponent(account.email)}`)).json()) as { total: number }).total)
    .toBe(1);
  await adminPage.getByRole('button', { name: 'Filter' }).click();
  const mail = adminPage.getByRole('list', { name: 'Emails' }).getByRole('listitem').filter({ hasText: 'Reset your password' });
  await expect(mail).toHaveCount(1);
  await mail.getByText('Reset your password').click();
  const link = await mail.getByRole('link', { name: /reset-password\?token=/ }).getAttribute('href');
  await adminContext.close();

  const resetPath = new URL(link!).pathname + new URL(link!).search;
  await page.goto(resetPath);
  const newPassword = `second password ${tag}`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await signIn(page, account.username, newPassword);

  // The link works once.
  const again = await request.post('/api/auth/reset-password', {
    headers: { origin: new URL(page.url()).origin },
    data: { token: new URL(link!).searchParams.get('token'), password: `third password ${tag}` },
  });
  expect(again.status()).toBe(400);
});
