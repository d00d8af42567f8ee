// Steps several specs share, kept in one place so a change to the staff sign-in page or to the axe bar is made once.
import AxeBuilder from '@axe-core/playwright';
import { request } from '@playwright/test';
import { withCheckDigit } from '../domain/vin';
import { DEFAULT_VEHICLE_COUNT } from '../server/db/seed/generate';
import { workerAppURL } from './servers';
import { expect, type APIRequestContext, type Locator, type Page, type Unique } from './fixtures';

/** The seeded admin account and its documented demo password (server/config.ts). */
export const ADMIN = { username: 'admin', password: 'demo-admin-password' };

const bothThemes = new WeakSet<Page>();

/**
 * Makes the page's later scans check both colour schemes (the a11y project): every rule in the light one, then, with
 * the browser switched to dark (the page follows `prefers-color-scheme` until a visitor chooses, client/lib/theme.ts),
 * the rules a colour scheme can break, contrast and links told apart by colour; the structure is the same page's.
 */
export function scanInBothThemes(page: Page) {
  bothThemes.add(page);
}

const DARK_RULES = ['color-contrast', 'link-in-text-block'];

/** Waits for the page's running CSS transitions (not its endless animations, such as a spinner) to finish. */
async function settledColours(page: Page) {
  await page.evaluate(async () => {
    // A frame first: a transition starts on the style change after the scheme switch.
    await new Promise(requestAnimationFrame);
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
  });
}

async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Only violations are reported back (not passes and incomplete checks): the same findings, a quarter less time.
  let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (rules) axe = axe.withRules(rules);
  const { violations } = await axe.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The accessibility bar (DESIGN.md, WCAG 2.2 AA): axe finds no serious or critical violation on the page as it is. */
export async function expectNoSeriousAxe(page: Page) {
  if (!bothThemes.has(page)) {
    expect(await seriousViolations(page)).toEqual([]);
    return;
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await settledColours(page);
  const light = await seriousViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Colours change through their CSS transitions (transition-colors): read contrast once they have all arrived.
  await settledColours(page);
  const dark = await seriousViolations(page, DARK_RULES);
  await page.emulateMedia({ colorScheme: 'light' });
  expect([...light.map((v) => `light: ${v}`), ...dark.map((v) => `dark: ${v}`)]).toEqual([]);
}

/** Signs the admin in through the staff sign-in page, as staff do, and waits until it has left that page. Only the
 * specs that test signing in use it; the rest take the worker's session (signInAdmin). */
export async function signInAdminThroughForm(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username or e-mail').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in hashes with argon2: on a busy machine it gets more than the default 7 s.
  await expect(page).not.toHaveURL(/admin-login/, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin/);
}

interface AdminSession { token: string; cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'] }
// One sign-in per worker and server (issue 55): module state lives as long as the worker process, and each worker
// drives its own server, so the key is the server's address.
const sessions = new Map<string, Promise<AdminSession>>();

function adminSession(baseURL: string): Promise<AdminSession> {
  let session = sessions.get(baseURL);
  if (!session) {
    session = (async () => {
      const context = await request.newContext({ baseURL });
      try {
        const res = await context.post('/api/auth/login', { data: ADMIN });
        if (!res.ok()) throw new Error(`The admin could not sign in on ${baseURL}: ${res.status()} ${await res.text()}`);
        const { token } = (await res.json()) as { token: string };
        return { token, cookies: (await context.storageState()).cookies };
      } finally {
        await context.dispose();
      }
    })();
    sessions.set(baseURL, session);
    session.catch(() => sessions.delete(baseURL));
  }
  return session;
}

/**
 * Gives the page's browser context the admin's session, minted once per worker through the API, as a signed-in
 * admin has it: the httpOnly session cookie and admin_token in local storage (spec §4). Returns the token, for the
 * API calls a test makes as the admin. The page itself is not navigated.
 */
export async function signInAdmin(page: Page, baseURL = workerAppURL): Promise<string> {
  const { token, cookies } = await adminSession(new URL(baseURL).origin);
  await page.context().addCookies(cookies);
  // Before the app's own script on every page of this context; once per tab, so a sign-out in the test stays one.
  await page.context().addInitScript((t) => {
    try {
      if (sessionStorage.getItem('e2e-admin-seeded')) return;
      sessionStorage.setItem('e2e-admin-seeded', '1');
      localStorage.setItem('admin_token', t);
    } catch {
      // A document without storage (about:blank, a sandboxed frame) has nothing to sign in.
    }
  }, token);
  return token;
}

/** The headers of an admin's API call on this server: the bearer token and the Origin the CSRF check wants. */
export async function adminHeaders(baseURL = workerAppURL): Promise<Record<string, string>> {
  const origin = new URL(baseURL).origin;
  const { token } = await adminSession(origin);
  return { authorization: `Bearer ${token}`, origin };
}

export interface NewVehicle {
  vin?: string; year?: number; make?: string; model?: string; trim?: string; price?: number; originalPrice?: number | null;
  mileage?: number; bodyType?: string; condition?: 'new' | 'used'; status?: string; transmission?: string; fuelType?: string;
  exteriorColor?: string; location?: string; description?: string; features?: string[]; [field: string]: unknown;
}

/**
 * Whether a vehicle is one of the seeded demo inventory, which no test changes (a vehicle another test added may be
 * held, sold, without photos or at another price). A server seeds its lot on first start, before it answers, in one
 * insert: the seed's vehicles hold the first ids, and any vehicle a test adds comes after them. Neither the clock nor
 * the order of the tests decides it.
 */
export function isSeeded(v: { id: number }): boolean {
  return v.id <= DEFAULT_VEHICLE_COUNT;
}

/** The listing's first page as the API answers it, with what the tests that pick a seeded vehicle read. */
export interface ListedVehicle { id: number; stockNumber: string; vin: string; status: string; photos: unknown[] }

/**
 * The first available vehicle of the seeded inventory on the listing's first page (`limit` cards), with at least
 * `photos` photos: the vehicle a test reads but does not change.
 */
export async function seededVehicle(api: APIRequestContext, { photos = 0, limit = 20 }: { photos?: number; limit?: number } = {}): Promise<ListedVehicle> {
  const res = await api.get(`/api/vehicles?format=paginated&limit=${limit}`);
  expect(res.status()).toBe(200);
  const { vehicles } = (await res.json()) as { vehicles: ListedVehicle[] };
  const seeded = vehicles.find((v) => v.status === 'available' && v.photos.length >= photos && isSeeded(v));
  expect(seeded, `a seeded vehicle with ${photos}+ photos on the listing's first page`).toBeDefined();
  return seeded!;
}

/**
 * A vehicle of the test's own, added through the admin API (a 2021 Honda Accord EX in Edmonton unless told
 * otherwise), for a test that changes a vehicle or needs one nobody else touches. The VIN's serial is unique on
 * this server (fixtures.ts `unique`).
 */
/** What the admin API answers for a created vehicle: the fields tests read, and the rest. */
export interface CreatedVehicle { id: number; vin: string; stockNumber: string; year: number; make: string; model: string; trim: string; price: number; location: string; [field: string]: unknown }

export async function createVehicle(api: APIRequestContext, unique: Unique, fields: NewVehicle = {}, baseURL = workerAppURL): Promise<CreatedVehicle> {
  const vin = fields.vin ?? withCheckDigit(`1HGCV1F3XPA${unique.serial()}`);
  const res = await api.post('/api/admin/vehicles', {
    headers: await adminHeaders(baseURL),
    data: {
      year: 2021, make: 'Honda', model: 'Accord', trim: 'EX', price: 27_900, mileage: 48_000, bodyType: 'Sedan', condition: 'used',
      status: 'available', transmission: 'Automatic', fuelType: 'Gasoline', exteriorColor: 'Blue', location: 'Edmonton', description: '',
      features: [], ...fields, vin,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).vehicle;
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
