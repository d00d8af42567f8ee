// Issue 33 §1, "the holder sees their hold": a signed-in customer (Jordan, an account of the test's own) asks to hold
// a vehicle, staff confirm it, and Jordan reads "Held for you until …" on its page, its card and the saved list (never
// "held for another shopper"), while a visitor reads "On hold until …". Staff act through the API here; the inbox
// buttons are e2e/vehicle-hold.spec.ts's.
import { expect, test, waitingForHydration } from './fixtures';
import { adminHeaders, createVehicle } from './support';

test('the holder reads "Held for you until …"; everyone else reads "On hold until …"', async ({ browser, request, baseURL, unique }) => {
  test.setTimeout(90_000);
  // A dealer vehicle of its own: a hold makes it unavailable, which no other test may meet. Its trim is its own, so a
  // search for it brings its card to the first page.
  const trim = unique.token('Heldtrim');
  const vehicle = await createVehicle(request, unique, { trim });

  // Jordan signs up (and so is signed in) from an address of its own: sign-ups and leads are limited per address.
  const jordanContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': unique.address() } });
  const username = unique.token('jordan');
  const signedUp = await jordanContext.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.ca`, password: 'prairie sunrise over the canola fields', firstName: 'Jordan' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const asked = await jordanContext.request.post(`/api/vehicles/${vehicle.id}/hold-requests`, {
    headers: { origin: baseURL! }, // a signed-in write comes from the site's own pages
    data: { name: unique.name('Jordan Tremblay'), phone: '(780) 555-0171', email: `${username}@example.ca` },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const admin = await adminHeaders();
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

    await page.goto(`/vehicles?search=${trim}`);
    const card = page.getByTestId('vehicle-card').filter({ has: page.locator(`a[href="/vehicles/${vehicle.id}"]`) });
    await expect(card.getByTestId('held-until')).toContainText('Held for you until');

    await page.goto('/saved');
    const saved = page.getByRole('list', { name: 'Your saved vehicles' }).getByRole('listitem').filter({ has: page.locator(`a[href="/vehicles/${vehicle.id}"]`) });
    await expect(saved.getByTestId('held-until')).toContainText('Held for you until');

    // A visitor: the hold, not whose it is.
    const visitor = waitingForHydration(await browser.newPage());
    await visitor.goto(`/vehicles/${vehicle.id}`);
    await expect(visitor.getByTestId('held-until')).toContainText(/^On hold until /);
    await expect(visitor.getByText('We are holding this vehicle for another shopper.')).toBeVisible();
    await visitor.close();
  } finally {
    // Released, as staff would: the hold is the test's own to end.
    expect((await request.post(`/api/admin/leads/${leadId}/hold/release`, { headers: admin })).ok()).toBe(true);
    await jordanContext.close();
  }
});
