// The dashboard's engagement (issue 6: views per vehicle feed the dashboard): shoppers' views recorded through the
// real page-view endpoint put a vehicle at the top of "Most viewed vehicles this week", with its count, its bookings
// and a link to its page; the week's total counts them.
import { expect, test } from './fixtures';
import type { Dashboard } from '../domain/admin';
import { createVehicle, signInAdmin } from './support';

test('dashboard: the most viewed vehicles of the week and the total, from real page views', async ({ page, request, unique }) => {
  await signInAdmin(page);
  const dashboard = async () => (await (await page.request.get('/api/admin/dashboard')).json() as Dashboard).engagement;
  // A vehicle of the test's own, with a model no other has, so its row is found by its title alone.
  const vehicle = await createVehicle(request, unique, { model: unique.name('Engagement') });
  const before = await dashboard();
  // Enough views to lead the week (it has none yet), sent as a shopper's browser sends them (a visitor: no staff
  // session).
  const add = Math.max(0, ...before.topVehicles.map((v) => v.views)) + 3;
  for (let i = 0; i < add; i++) {
    expect((await request.post('/api/analytics/page-view', { data: { path: `/vehicles/${vehicle.id}` } })).status()).toBe(204);
  }

  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Most viewed vehicles this week' });
  await expect(section).toContainText(`${(before.totalViews + add).toLocaleString('en-CA')} vehicle-page views this week`, { timeout: 20_000 });
  const table = section.getByRole('table', { name: /Most viewed vehicles this week/ });
  const first = table.getByRole('row').nth(1);
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  await expect(first.getByRole('rowheader')).toContainText(title);
  await expect(first.getByRole('cell').first()).toHaveText(String(add));
  const after = await dashboard();
  expect(after.topVehicles[0]).toMatchObject({ id: vehicle.id, views: add });
  await expect(first.getByRole('cell').nth(1)).toHaveText(String(after.topVehicles[0]!.appointments));

  await first.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
});
