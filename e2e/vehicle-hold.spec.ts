// Issue 19, "Hold this vehicle", end to end: a shopper asks to hold a dealer vehicle (the form refuses missing
// fields and says no payment is taken); an admin confirms it in the leads inbox; the vehicle's page and its card in
// the listing show "On hold until …" and no second hold is possible; the admin releases it and it is available again.
// The expiry by the scheduled job is covered with an injected clock in server/modules/holds/holds.test.ts (no test
// hook runs jobs here, and waiting 48 hours is not a test).
import { expect, test, waitingForHydration } from './fixtures';
import { createVehicle, signInAdmin } from './support';

test('a shopper asks to hold a vehicle, an admin confirms it, the card and page show the hold, the admin releases it', async ({ page, browser, request, unique }) => {
  test.setTimeout(90_000);
  // An address of its own: the run's other leads must not use up this visitor's lead allowance (playwright.config.ts).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  // A dealer vehicle of its own: a hold makes it unavailable, which no other test may meet. Its trim is its own, so
  // a search for it brings its card to the first page.
  const trim = unique.token('Holdtrim');
  const vehicle = await createVehicle(request, unique, { trim });
  const shopper = unique.name('Robin Holdsworth');

  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('button', { name: 'Hold this vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hold this vehicle' });
  await expect(dialog).toContainText('No payment is taken. We hold the vehicle for 48 hours after we confirm by phone or e-mail.');
  // Nothing filled in: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Send hold request' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText(/Phone must have 10 to 15 digits/)).toBeVisible();
  const consent = dialog.getByRole('checkbox', { name: /send me offers and news/ });
  await expect(consent).not.toBeChecked(); // CASL: never pre-checked
  await dialog.getByLabel('Your name').fill(shopper);
  await dialog.getByLabel('Phone').fill('(780) 555-0161');
  await dialog.getByLabel('Email').fill(`${unique.token('robin.holdsworth')}@example.ca`);
  await consent.check();
  await dialog.getByRole('button', { name: 'Send hold request' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Thanks, ${shopper}: we will confirm your hold by phone or e-mail.`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  // Asked, not held: the requester is told the request is with us (issue 57), and is not offered the hold again, also
  // after a reload; the vehicle stays for sale to others until staff confirm.
  await expect(page.getByTestId('hold-requested')).toContainText('Your hold request is with us.');
  await expect(page.getByRole('button', { name: 'Hold this vehicle' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('hold-requested')).toContainText('Your hold request is with us.');

  // The admin confirms it from the leads inbox.
  const adminContext = await browser.newContext();
  const admin = waitingForHydration(await adminContext.newPage());
  await signInAdmin(admin);
  await admin.goto(`/admin/leads?q=${encodeURIComponent(shopper)}`);
  await admin.getByRole('row').filter({ hasText: shopper }).getByRole('button', { name: shopper }).click();
  const lead = admin.getByRole('dialog', { name: shopper });
  await expect(lead.getByTestId('hold-state')).toHaveText('Waiting for confirmation');
  await expect(lead).toContainText('Marketing e-mails: Agreed');
  await lead.getByRole('button', { name: 'Confirm hold' }).click();
  await expect(lead.getByTestId('hold-state')).toHaveText('On hold');
  await expect(lead).toContainText(/On hold until .+ at .+ (a|p)\.m\./);

  // The shopper's page and the listing's card say until when; the page offers no second hold.
  await page.reload();
  await expect(page.getByTestId('held-until')).toContainText(/On hold until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (a|p)\.m\./);
  await expect(page.getByText('We are holding this vehicle for another shopper.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hold this vehicle' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book a Test Drive' }).first()).toBeVisible();
  await page.goto(`/vehicles?search=${trim}`);
  const card = page.getByTestId('vehicle-card').filter({ has: page.locator(`a[href="/vehicles/${vehicle.id}"]`) });
  await expect(card.getByTestId('held-until')).toContainText('On hold until');
  // Asked again (another tab, a script): refused with the reason.
  const again = await request.post(`/api/vehicles/${vehicle.id}/hold-requests`, {
    headers: { 'x-forwarded-for': unique.address() }, data: { name: unique.name('Second Shopper'), phone: '780 555 0162', email: 'second@example.ca' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This vehicle is already on hold for another shopper.');

  // The admin releases it: available again, and holdable again.
  await lead.getByRole('button', { name: 'Release hold' }).click();
  await admin.getByRole('alertdialog', { name: 'Release this hold?' }).getByRole('button', { name: 'Release hold' }).click();
  await expect(lead.getByTestId('hold-state')).toHaveText('Released');
  await page.goto(`/vehicles/${vehicle.id}`);
  await expect(page.getByRole('button', { name: 'Hold this vehicle' })).toBeVisible();
  await expect(page.getByTestId('held-until')).toHaveCount(0);
  await adminContext.close();
});
