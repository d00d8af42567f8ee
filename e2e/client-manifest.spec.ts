// Issue 31: every lazily loaded component's id is a key of the built client's Vite manifest, so a server-rendered
// page preloads its own chunks (server/plugins/client-manifest.ts). The login page's id once named an old folder,
// and its first HTML preloaded nothing of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { onDemandLayersIn, onDemandLayersInEntry, PAGES_WITHOUT_ON_DEMAND_LAYERS } from '../scripts/bundle-composition';
import { lazyModules } from '../scripts/lazy-modules';
import { expect, test } from './fixtures';

const manifest = () => JSON.parse(readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const keyOf = (m: Record<string, unknown>, id: string) => ['.tsx', '.ts'].map((ext) => `${id}${ext}`).find((k) => k in m);

// Every route's page is a chunk of its own, so it is a manifest key. (A component may instead be bundled with a module
// that imports it statically, such as the calculator in the listing's entry; the unit test holds its id to its module.)
test("every route's page is in the built manifest under its id", () => {
  const m = manifest();
  const ids = [...new Set(lazyModules().filter((x) => x.kind === 'page').map((x) => x.id))];
  expect(ids.length).toBeGreaterThan(40);
  expect(ids.filter((id) => !keyOf(m, id))).toEqual([]);
});

test('a server-rendered page preloads its own chunk', async ({ request }) => {
  const m = manifest();
  const html = await (await request.get('/login')).text();
  const chunks = JSON.parse(/<script type="application\/json" id="page-chunks">([^<]*)<\/script>/.exec(html)![1]!) as string[];
  expect(chunks).toContain(`/${m[keyOf(m, 'features/auth/pages/login-page')!]!.file}`);
});

// Issue 35 §1: what a shopper uses only after an interaction (tooltips and their popper layer, the account menu, the
// notification panel, the chat panel, the comparison dialog, the booking modal, the toast viewport, zod's schemas)
// loads on first use, and the listing's filter panel and calculator with the listing, so none of it may be in the
// entry's static import graph (read from the chunks' source maps).
test('the layers used only after an interaction are not in the entry', () => {
  expect(onDemandLayersInEntry(path.resolve('dist/client'))).toEqual([]);
});

// The vehicle page too: a shopper lands on it from a search or a shared link, and its deal worksheet, disclosures and
// hold box once brought zod (26 KiB) through domain modules that also held schemas (PERFORMANCE.md).
for (const page of PAGES_WITHOUT_ON_DEMAND_LAYERS) {
  test(`the layers used only after an interaction are not in ${page}'s static imports`, () => {
    expect(onDemandLayersIn(path.resolve('dist/client'), [page])).toEqual([]);
  });
}

// Issue 35 §1, at run time: the home page fetches neither the toast viewport nor the listing's filter panel and
// calculator; the listing fetches its filter panel, and its calculator (far below the results) only as the shopper
// comes near it; the viewport arrives with the first toast.
test("the toast viewport loads with the first toast, and the listing's own parts only on the listing", async ({ page }) => {
  const m = manifest();
  const chunk = (id: string) => `/${m[keyOf(m, id)!]!.file}`;
  const [toastChunk, panelChunk, calculatorChunk] = ['components/ui/toast', 'features/vehicles/components/filter-panel', 'features/vehicles/components/affordability-calculator'].map(chunk);
  const fetched = new Set<string>();
  page.on('requestfinished', (r) => fetched.add(new URL(r.url()).pathname));

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fetched.has(toastChunk!)).toBe(false);
  expect(fetched.has(panelChunk!)).toBe(false);
  expect(fetched.has(calculatorChunk!)).toBe(false);

  await page.goto('/vehicles');
  await page.waitForLoadState('networkidle');
  expect(fetched.has(panelChunk!)).toBe(true);
  expect(fetched.has(calculatorChunk!)).toBe(false);
  expect(fetched.has(toastChunk!)).toBe(false);

  // A tap on the calculator before its code has arrived still does its job: it is held, and made again once the
  // calculator is hydrated (its code is held back here until the tap has landed).
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === calculatorChunk);
  await page.route(`**${calculatorChunk}`, async (route) => { await released; await route.continue(); });
  const part = page.locator('[data-part="features/vehicles/components/affordability-calculator"]');
  const calculator = page.getByRole('region', { name: 'Check Your Pre-Approval Amount' });
  await calculator.scrollIntoViewIfNeeded();
  await asked;
  await calculator.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(part).not.toHaveAttribute('data-hydrated');
  release();
  await expect(part).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('region', { name: /Messages/ }).getByText('Form Reset', { exact: true })).toBeVisible();
  expect(fetched.has(toastChunk!)).toBe(true);
});

// A part that waits to be near the viewport must not hold up a change above it: React has to hydrate it before it
// can commit one (a navigation changes the router's context), so its code loads as the navigation starts.
test('a search on the listing applies while the calculator below still waits', async ({ page }) => {
  const m = manifest();
  const calculatorChunk = `/${m[keyOf(m, 'features/vehicles/components/affordability-calculator')!]!.file}`;
  const fetched = new Set<string>();
  page.on('requestfinished', (r) => fetched.add(new URL(r.url()).pathname));
  await page.goto('/vehicles');
  await page.waitForLoadState('networkidle');
  expect(fetched.has(calculatorChunk)).toBe(false);
  const box = page.getByRole('searchbox', { name: 'Search the inventory' });
  await box.fill('Toyota');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]search=Toyota(&|$)/);
  await expect(page.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();
  await expect(page.locator('[data-part="features/vehicles/components/affordability-calculator"]')).toHaveAttribute('data-hydrated', '');
});
