// The app shell of the foundation issue: header, footer, theme, routes, auth and the admin guard.
import { expect, test, type Page } from './fixtures';

const ADMIN = { username: 'admin', password: 'demo-admin-password' };
const CUSTOMER = { username: 'jordan', password: 'demo-customer-password' };

async function signIn(page: Page, path: string, who: { username: string; password: string }) {
  await page.goto(path);
  await page.getByLabel('Username or e-mail').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('home page shows the header, a live stock count and the footer facts', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  for (const name of ['Daily Deals', 'Sell My Vehicle', 'Vehicle Recommender', 'Trade Appraiser', 'Blog', 'Financing']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('AMVIC');
  // The stock claim is the live count of the dealer's available vehicles (private listings are not its stock, issue
  // 33 §2), never a literal.
  const facets = await (await page.request.get('/api/vehicles/facets?sellerType=dealer')).json();
  expect(facets.total).toBeGreaterThan(100);
  await expect(footer).toContainText(String(facets.total));
});

test('a header link navigates in the page and marks itself current; a modified click opens a new tab', async ({ page, context }) => {
  await page.goto('/');
  // A value on window survives only a client-side navigation, not a document load.
  await page.evaluate(() => { (window as unknown as { inPage: boolean }).inPage = true; });
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await nav.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Financing' })).not.toHaveAttribute('aria-current', /.*/);
  expect(await page.evaluate(() => (window as unknown as { inPage?: boolean }).inPage)).toBe(true);
  // Ctrl/Cmd-click is the browser's: a new tab, and this page stays where it is.
  const [tab] = await Promise.all([context.waitForEvent('page'), nav.getByRole('link', { name: 'Financing' }).click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForLoadState('domcontentloaded');
  expect(new URL(tab.url()).pathname).toBe('/financing');
  await expect(page).toHaveURL(/\/blog$/);
  await tab.close();
});

test('header search goes to /vehicles?search=…, or plain /vehicles when empty', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search vehicles' }).or(page.getByLabel('Search vehicles')).first();
  await box.fill('  rav4 ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/vehicles\?search=rav4$/);
  await page.goto('/');
  await page.getByLabel('Search vehicles').first().press('Enter');
  await expect(page).toHaveURL(/\/vehicles$/);
});

test('theme switch adds the dark class and persists across reloads', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('switch', { name: 'Dark theme' }).first().click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('switch', { name: 'Dark theme' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('unknown paths and /referral-landing without a code show the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /can.t find that page/ })).toBeVisible();
  await page.goto('/referral-landing');
  await expect(page.getByRole('heading', { name: /can.t find that page/ })).toBeVisible();
});

// Issue 31 §5: a page's title is declared once, in its route entry; the first HTML and client navigation both use it.
test('each page has its own title, in its first HTML and after client navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/^Prairie Motor Hub: /);
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await nav.getByRole('link', { name: 'Financing' }).click();
  await expect(page).toHaveTitle('Car financing for every credit situation | Prairie Motor Hub');
  await nav.getByRole('link', { name: 'Trade Appraiser' }).click();
  await expect(page).toHaveTitle('Trade-in appraiser | Prairie Motor Hub');
  await page.goBack();
  await expect(page).toHaveTitle('Car financing for every credit situation | Prairie Motor Hub');
  // The not-found page inside a route with its own head sets its own title after the route's.
  await page.goto('/referral-landing');
  await expect(page).toHaveTitle('Page not found | Prairie Motor Hub');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveTitle(/^Prairie Motor Hub: /);
});

test('unknown API paths answer JSON 404 and the OpenAPI docs are served', async ({ request }) => {
  const r = await request.get('/api/nope');
  expect(r.status()).toBe(404);
  expect((await r.json()).message).toMatch(/not found/i);
  const docs = await request.get('/api/docs/json');
  expect(docs.ok()).toBe(true);
  expect((await docs.json()).paths['/api/vehicles']).toBeTruthy();
});

test('admin pages send visitors to /admin-login; an admin signs in and out', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login/);
  await page.getByLabel('Username or e-mail').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeTruthy();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // spec §4: logout clears admin_token and lands on /.
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a signed-in customer sees "Not authorised" on admin pages and no Admin Dashboard item', async ({ page }) => {
  await signIn(page, '/login', CUSTOMER);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Not authorised' })).toBeVisible();
});

// Issue 33 §6: signed in at 1366 px, the header search overlapped the logo's words (the logo shrank under its text).
test('signed in at 1366 px the header search sits beside the logo, not over it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, '/login', CUSTOMER);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  const logo = page.getByRole('banner').getByRole('link', { name: /home page/ });
  const [box, search] = [await logo.boundingBox(), await page.locator('#header-search').boundingBox()];
  expect(box!.x + box!.width).toBeLessThanOrEqual(search!.x);
  // The words fit inside the link: nothing of the logo overflows under the search.
  expect(await logo.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test('a wrong password shows an error and keeps the visitor signed out', async ({ page, request, unique }) => {
  // An account and an address of the test's own: failed sign-ins count per account and per address, and other
  // tests sign in as the seeded customers.
  const address = { 'x-forwarded-for': unique.address() };
  const username = unique.token('quinn');
  const account = { username, email: `${username}@example.ca`, password: 'right password for this test' };
  expect((await request.post('/api/auth/register', { data: account, headers: address })).status()).toBe(201);
  await page.setExtraHTTPHeaders(address);
  await signIn(page, '/login', { username, password: 'definitely-wrong-password' });
  await expect(page.getByText(/Invalid username or password/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
});

test('@mobile the side menu holds the navigation', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Daily Deals' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Financing' })).toBeVisible();
});
