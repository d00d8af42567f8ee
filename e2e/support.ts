// Steps several specs share, kept in one place so a change to the staff sign-in page or to the axe bar is made once.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from './fixtures';

/** The seeded admin account and its documented demo password (server/config.ts). */
export const ADMIN = { username: 'admin', password: 'demo-admin-password' };

/** The accessibility bar (DESIGN.md, WCAG 2.2 AA): axe finds no serious or critical violation on the page as it is. */
export async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs the admin in through the staff sign-in page, as staff do, and waits until it has left that page. */
export async function signInAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username or e-mail').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in hashes with argon2: on a busy machine it gets more than the default 7 s.
  await expect(page).not.toHaveURL(/admin-login/, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin/);
}

/**
 * A part of the page that waits to be near the viewport (lazyOnView in client/lib/lazy-component.tsx), brought into
 * view and hydrated: a tap on it before then is held and made again once it is, which a checkbox's `check()` (it
 * reads the state right after its click) would take for a click that did nothing.
 */
export async function readyPart(page: Page, id: string) {
  const part = page.locator(`[data-part="${id}"]`);
  await part.scrollIntoViewIfNeeded();
  await expect(part).toHaveAttribute('data-hydrated', '');
  return part;
}

/**
 * Fills the vehicle page's payment calculator with a $30,000 price, $5,000 down, 0% and its longest term, and returns
 * that term in months: at 0% the monthly payment is the $26,500 financed (price + 5% GST − down) over those months.
 */
export async function fillZeroRateLoan(calc: Locator): Promise<number> {
  await calc.getByLabel('Vehicle price').fill('30000');
  await calc.getByLabel('Down payment').fill('5000');
  await calc.getByLabel('Interest rate (APR %)').fill('0');
  const term = calc.getByLabel('Term');
  const options = await term.locator('option').allInnerTexts();
  await term.selectOption({ label: options.at(-1)! });
  return Number(options.at(-1)!.split(' ')[0]);
}
