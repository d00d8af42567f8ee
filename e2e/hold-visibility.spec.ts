// Issue 33 §1, "the holder sees their hold": signed-in Jordan asks to hold a vehicle, staff confirm it, and Jordan
// reads "Held for you until …" on its page, its card and the saved list (never "held for another shopper"), while a
// visitor reads "On hold until …". Staff act through the API here; the inbox buttons are e2e/vehicle-hold.spec.ts's.
import { expect, test, waitingForHydration } from './fixtures';
import { ADMIN } from './support';

const CUSTOMER = { username: 'jordan', password: 'demo-customer-password' };
interface ListedVehicle { id: number; make: string; model: string; heldUntil: string | null }

test('the holder reads "Held for you until …"; everyone else reads "On hold until …"', async ({ browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const list = await request.get('/api/vehicles?format=paginated&sellerType=dealer&sortBy=price-asc&limit=30');
  const vehicle = ((await list.json()).vehicles as ListedVehicle[]).find((v) => v.heldUntil === null)!;
  expect(vehicle).toBeTruthy();

  const jordanContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.71' } });
  expect((await jordanContext.request.post('/api/auth/login', { data: CUSTOMER })).ok(), 'jordan signs in').toBe(true);
  const asked = await jordanContext.request.post(`/api/vehicles/${vehicle.id}/hold-requests`, {
    headers: { origin: baseURL! }, // a signed-in write comes from the site's own pages
    data: { name: 'Jordan Tremblay', phone: '(780) 555-0171', email: 'jordan.tremblay@example.ca' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: ADMIN });
  // The login's cookie rides along in this context, so the Origin check applies as on the site's own pages.
  const admin = { authorization: `Bearer ${(await login.json()).token as string}`, origin: baseURL! };
  const leadId = (await asked.json()).id as number;
  const confirmed = await request.post(`/api/admin/leads/${leadId}/hold/confirm`, { headers: admin });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  try {
    const page = waitingForHydration(await jordanContext.newPage());
    await page.goto(`/vehicles/${vehicle.id}`);
    await expect(page.getByTestId('held-until')).toContainText(/^Held for you until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (a|p)\.m\./);
    await expect(page.getByText('We are holding this vehicle for you.')).toBeVisible();
    await expect(page.getByText(/for another shopper/)).toHaveCount(0);
    await page.getByRole('button', { name: /^Save / }).first().click();

    await page.goto(`/vehicles?make=${encodeURIComponent(vehicle.make)}&model=${encodeURIComponent(vehicle.model)}`);
    const card = page.getByTestId('vehicle-card').filter({ has: page.locator(`a[href="/vehicles/${vehicle.id}"]`) });
    await expect(card.getByTestId('held-until')).toContainText('Held for you until');

    await page.goto('/saved');
    await expect(page.getByRole('list', { name: 'Your saved vehicles' }).getByTestId('held-until').first()).toContainText('Held for you until');

    // A visitor: the hold, not whose it is.
    const visitor = waitingForHydration(await browser.newPage());
    await visitor.goto(`/vehicles/${vehicle.id}`);
    await expect(visitor.getByTestId('held-until')).toContainText(/^On hold until /);
    await expect(visitor.getByText('We are holding this vehicle for another shopper.')).toBeVisible();
    await visitor.close();
  } finally {
    // Leave the vehicle available for the run's other specs.
    expect((await request.post(`/api/admin/leads/${leadId}/hold/release`, { headers: admin })).ok()).toBe(true);
    await jordanContext.close();
  }
});
