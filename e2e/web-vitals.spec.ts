// Issue 35 §3: real visitors' Core Web Vitals. A shopper on a phone opens the listing, taps Filters and leaves: their
// browser measures LCP, INP and CLS with the web-vitals library and sends them once, when the page is hidden; the
// back office's analytics page shows them at the 75th percentile.
import { expect, test, waitingForHydration } from './fixtures';
import { adminHeaders, signInAdmin } from './support';

type Cell = { p75: number | null; samples: number };
type Row = { page: string; formFactor: string; LCP: Cell; INP: Cell; CLS: Cell };

test('a phone visit\'s LCP, INP and CLS reach the back office as field data', async ({ browser, request, baseURL, page }) => {
  const auth = await adminHeaders();
  const listingPhone = async (): Promise<Row | undefined> => ((await (await request.get('/api/admin/web-vitals', { headers: auth })).json()).rows as Row[])
    .find((r) => r.page === 'listing' && r.formFactor === 'phone');
  const samples = async () => {
    const row = await listingPhone();
    return row ? [row.LCP.samples, row.INP.samples, row.CLS.samples] : [0, 0, 0];
  };
  const before = await samples();

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = waitingForHydration(await context.newPage());
  // Field data starts once the page is interactive and the browser is idle (app/router.tsx, WhenIdle); the page
  // view it sends 2 s after it starts (spec §7) says it has.
  const started = phone.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics/page-view');
  await phone.goto('/vehicles');
  await phone.getByRole('button', { name: /^Filters/ }).tap();
  await expect(phone.getByRole('dialog', { name: /Filters/ })).toBeVisible();
  await started;
  // Leaving the page hides it: that is when the figures go (a beacon sent while the page unloads, which the browser
  // delivers after the page is gone, so the test reads what the server stored).
  await phone.goto('/financing');
  // At least one more of each (another spec's phone visit to the listing may land in the same moments).
  await expect.poll(async () => (await samples()).every((n, i) => n > before[i]!)).toBe(true);
  await context.close();

  // The back office's analytics page shows the row.
  await signInAdmin(page);
  await page.goto('/admin/form-analytics');
  const section = page.getByRole('region', { name: 'Real visitors\' page speed' });
  await expect(section.getByRole('rowheader', { name: 'Inventory listing, phones' })).toBeVisible();
});
