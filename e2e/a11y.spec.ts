// Accessibility (issue 55, "right test, right layer"; the bar is WCAG 2.2 AA in DESIGN.md): axe finds no serious or
// critical violation on every page type of the shop and the back office, in the states a person meets there (a dialog
// or panel open, a form showing its errors, a table full of rows), once per device (a 1280 px desktop and a Pixel 7)
// and per theme (light and dark: until a visitor chooses, the page follows the device's `prefers-color-scheme`,
// client/lib/theme.ts, so each scan switches the browser's colour scheme in place, support.ts scanInBothThemes).
// Functional specs no longer run axe; what their scans covered is listed in the note of issue 55 with the test here
// that covers it now.
//
// One test per page type (or small group of pages reached the same way) and device, so fullyParallel spreads them
// over both workers. Each test makes the data it shows (a vehicle, a customer, a lead) with unique names; the
// seeded lot is only read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { devices } from '@playwright/test';
import { withCheckDigit } from '../domain/vin';
import { expect, test, type APIRequestContext, type Page, type Unique } from './fixtures';
import { workerAppURL } from './servers';
import { adminHeaders, createVehicle, expectNoSeriousAxe, isSeeded, readyPart, scanInBothThemes, signInAdmin } from './support';

type Device = 'desktop' | 'phone';
interface Scan { page: Page; request: APIRequestContext; unique: Unique; device: Device }

// The two devices of playwright.config.ts. A device's defaultBrowserType cannot be set inside a describe (it would
// need a worker of its own), and every project runs Chromium anyway.
const { defaultBrowserType: _desktopBrowser, ...desktopDevice } = devices['Desktop Chrome'];
const { defaultBrowserType: _phoneBrowser, ...phoneDevice } = devices['Pixel 7'];
const DEVICES: Record<Device, typeof desktopDevice> = { desktop: desktopDevice, phone: phoneDevice };

/** The Origin header the CSRF check wants on a signed-in customer's API call. */
const origin = { origin: new URL(workerAppURL).origin };

/**
 * A customer of the test's own, registered through the API (from an address of its own: sign-ups are limited per
 * address) and signed in in that API context: pass page.request to sign the page's browser in (the cookie).
 */
async function registerCustomer(api: APIRequestContext, unique: Unique, firstName = 'Casey') {
  const token = unique.token('a11y');
  const account = { username: token, email: `${token}@example.ca`, password: `northern lights over the river ${unique.serial()}`, firstName };
  const res = await api.post('/api/auth/register', { data: account, headers: { ...origin, 'x-forwarded-for': unique.address() } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** A private listing submitted by the customer signed in on `api` (registerCustomer): it waits for review. */
async function submitListing(api: APIRequestContext, unique: Unique): Promise<{ id: number; vehicleId: number; trim: string }> {
  const trim = unique.name('Zq');
  const created = await api.post('/api/my-listings', {
    headers: origin,
    data: {
      vin: withCheckDigit(`JF2SJAAC0JH${unique.serial()}`), year: 2018, make: 'Subaru', model: 'Forester', trim, price: 21_500, mileage: 96_000,
      bodyType: 'SUV', transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', exteriorColor: 'Jasmine Green', location: 'Edmonton',
      description: 'Well kept, winter tires on rims, no accidents, full service history.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { listing } = (await created.json()) as { listing: { id: number; vehicleId: number } };
  return { id: listing.id, vehicleId: listing.vehicleId, trim };
}

/** The seeded lot's first used dealer vehicle that is not on hold (read only: one another test added may change). */
async function seededDealerVehicle(request: APIRequestContext): Promise<{ id: number; make: string; model: string; year: number }> {
  const list = await request.get('/api/vehicles?format=paginated&condition=used&sellerType=dealer&sortBy=year-desc&limit=20');
  const vehicle = ((await list.json()).vehicles as { id: number; make: string; model: string; year: number; heldUntil: string | null }[]).find((v) => v.heldUntil === null && isSeeded(v));
  expect(vehicle, 'the seeded lot has a used dealer vehicle for sale').toBeTruthy();
  return vehicle!;
}

const jpeg = (background: string) => sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg({ quality: 70 }).toBuffer();

// ---- The DMS feed the inventory-feeds page reads (a local server, as e2e/inventory-feeds.spec.ts has it).
let dms: http.Server | undefined;
let dmsBase = '';
test.beforeAll(async () => {
  dms = http.createServer((req, res) => {
    if (req.url === '/inventory.csv') {
      res.writeHead(200, { 'content-type': 'text/csv' }).end([
        'Stock No,VIN,Year,Make,Model,Trim,Selling Price,Mileage,Body Style,Transmission,Fuel Type,Exterior Color,Location,New/Used',
        `A11Y1,${withCheckDigit('3FA6P0HD0LR900001')},2020,Ford,Fusion,SE,17500,52001,Sedan,Automatic,Gasoline,Magnetic,Calgary,Used`,
        `A11Y2,${withCheckDigit('3FA6P0HD0LR900002')},2020,Ford,Fusion,SE,18000,52002,Sedan,Automatic,Gasoline,Magnetic,Calgary,Used`,
      ].join('\n'));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => dms!.listen(0, '127.0.0.1', resolve));
  dmsBase = `http://127.0.0.1:${(dms.address() as AddressInfo).port}`;
});
test.afterAll(() => {
  dms?.closeAllConnections();
  dms?.close();
});

// ---- The page types, each with the states the functional specs used to scan.
const scans: Record<string, (s: Scan) => Promise<void>> = {
  // shop-a11y.spec.ts: home page
  'home page': async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // shop-a11y.spec.ts: the listing with its filters (desktop), the filter sheet open (phone)
  'listing with its filters': async ({ page, device }) => {
    await page.goto('/vehicles');
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
    if (device === 'phone') {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    } else {
      const more = page.getByRole('form', { name: 'Filters' }).getByRole('button', { name: /More|Show more/ }).first();
      if (await more.isVisible()) await more.click();
    }
    await expectNoSeriousAxe(page);
  },

  // shop-a11y.spec.ts: the comparison dialog
  'comparison dialog': async ({ page }) => {
    await page.goto('/vehicles');
    const cards = page.getByTestId('vehicle-card');
    for (const i of [0, 1]) {
      await cards.nth(i).getByRole('button', { name: /^Compare / }).click();
      await expect(cards.nth(i).getByRole('button', { name: /^Comparing / })).toBeVisible();
    }
    await page.getByRole('region', { name: 'Vehicle comparison' }).getByRole('button', { name: 'Compare Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Vehicle Comparison' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // leads-chat.spec.ts: the car assistant open, a chat started
  'car assistant chat': async ({ page, unique }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
    await page.goto('/vehicles');
    await page.getByRole('button', { name: 'Chat with our car assistant' }).click();
    const chat = page.getByRole('dialog', { name: /Car assistant/ });
    const name = unique.name('Priya');
    await chat.getByLabel('Name').fill(name);
    await chat.getByLabel('Phone').fill('780 555 0142');
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    await expect(chat.getByText(`Hi ${name.split(' ')[0]}! Thanks for reaching out.`)).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // referral-listings.spec.ts: a friend's ?ref= invitation
  'referral invitation': async ({ page, request, unique }) => {
    // The referrer is a customer of the test's own, signed in through a context of its own (not the visitor's page).
    await registerCustomer(request, unique, 'Jordan');
    const code = (await (await request.get('/api/referrals/me')).json()).code as string;
    await page.goto(`/vehicles?ref=${code}`);
    await expect(page.getByRole('dialog', { name: 'Jordan invited you to Prairie Motor Hub' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // shop-a11y.spec.ts, deal-rating.spec.ts, deal-worksheet.spec.ts, feeds.spec.ts: a dealer vehicle's page with the
  // deal rating's comparables open, the worksheet with a trade-in and the recalls and history section
  'vehicle page': async ({ page, request }) => {
    const vehicle = await seededDealerVehicle(request);
    await page.goto(`/vehicles/${vehicle.id}`);
    const rating = page.getByTestId('deal-rating');
    if (await rating.getByText(/comparable vehicles$/).isVisible()) {
      await rating.getByText(/comparable vehicles$/).click();
      await expect(rating.getByTestId('deal-rating-comparables')).toBeVisible();
    }
    await readyPart(page, 'features/vehicles/components/vehicle-deal-worksheet');
    const ws = page.getByTestId('deal-worksheet');
    await ws.getByRole('checkbox', { name: 'I have a vehicle to trade in' }).check();
    await ws.getByLabel('Your vehicle (year, make, model)').fill('2015 Honda Civic');
    await ws.getByLabel(/Trade-in value/).fill('9,500');
    await ws.getByLabel('Credit band').selectOption('excellent');
    await expect(ws.getByTestId('deal-figures')).toContainText('Total cost of borrowing');
    await page.getByTestId('recalls-history').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('recalls-history').getByRole('button', { name: /Copy the VIN/ })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // shop-a11y.spec.ts: the booking modal open, then showing its errors
  'booking modal': async ({ page, request }) => {
    const vehicle = await seededDealerVehicle(request);
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByRole('button', { name: 'Book a Test Drive' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxe(page);
    await dialog.getByLabel('Name *').fill('Sam Okafor');
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(dialog.getByText(/required|Please/i).first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // vehicle-hold.spec.ts: the hold form showing its errors
  'hold request form': async ({ page, request }) => {
    const vehicle = await seededDealerVehicle(request);
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByRole('button', { name: 'Hold this vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hold this vehicle' });
    await dialog.getByRole('button', { name: 'Send hold request' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // referral-listings.spec.ts: a private seller's vehicle with the message form filled in
  'private seller\'s vehicle': async ({ page, request, unique }) => {
    // A listing of the test's own, approved: the seeded private listings have no seller account to message.
    await registerCustomer(request, unique, 'Marc');
    const { id, vehicleId } = await submitListing(request, unique);
    // As the admin (the bearer), from the page's own context, which holds no customer's cookie.
    const approved = await page.request.post(`/api/admin/listings/${id}/approve`, { headers: await adminHeaders() });
    expect(approved.status(), await approved.text()).toBe(200);
    await page.goto(`/vehicles/${vehicleId}`);
    await page.getByRole('button', { name: /^Message / }).click();
    const dialog = page.getByRole('dialog', { name: /^Message / });
    await dialog.getByLabel('Your name').fill('Sam Buyer');
    await dialog.getByLabel('Your email').fill('sam.buyer@example.ca');
    await expectNoSeriousAxe(page);
  },

  // content.spec.ts: a blog post (and the blog index, not scanned before)
  'blog index': async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'blog post': async ({ page }) => {
    await page.goto('/blog/winter-ready-vehicle-checklist-for-alberta');
    await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // content.spec.ts: an info page and a legal page
  'info page': async ({ page }) => {
    await page.goto('/bad-credit-loans');
    await expect(page.getByRole('heading', { name: 'Bad Credit Car Loans in Alberta', level: 1 })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'legal page': async ({ page }) => {
    await page.goto('/cookies-policy');
    await expect(page.getByRole('cell', { name: 'vehicle-comparison-list' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // finance-leads.spec.ts: the financing page
  'financing page': async ({ page }) => {
    await page.goto('/financing');
    await expect(page.getByRole('heading', { name: 'Loan terms by vehicle year' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // finance-leads.spec.ts: the application's first step, its consent step (here showing its error) and the result
  'pre-approval application: first step': async ({ page }) => {
    await page.goto('/pre-approval');
    await expect(page.getByRole('heading', { name: 'Get pre-approved', level: 1 })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'pre-approval application: consent and result': async ({ page, unique }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
    await page.goto('/pre-approval');
    // The last step, from a draft as a reload restores it (the steps themselves are the functional spec's).
    const draft = {
      vehicleInterest: 'AWD SUV under $30,000', employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: '', monthsAtJob: '',
      monthlyIncome: '6125', housingStatus: 'rent', monthlyHousingPayment: '1450', street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB',
      postalCode: 'T6E 1Z4', yearsAtAddress: '', downPayment: '3000', hasTradeIn: 'no', tradeYear: '', tradeMake: '', tradeModel: '',
      tradeMileage: '', tradeOwing: '', firstName: 'Dana', lastName: unique.name('Kowalczyk').replace(' ', '-'), email: 'dana.k@example.ca',
      phone: '(780) 555-0123', dateOfBirth: '1988-07-19',
    };
    await page.evaluate((saved) => sessionStorage.setItem('pre-approval-draft', JSON.stringify(saved)), { step: 5, draft });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Consent' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText(/agree to the credit check/)).toBeVisible();
    await expectNoSeriousAxe(page);
    await page.getByRole('checkbox', { name: /I authorize Prairie Motor Hub/ }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // finance-leads.spec.ts: the trade appraiser empty and with its estimate (and its errors, not scanned before)
  'trade appraiser': async ({ page }) => {
    await page.goto('/trade-appraiser');
    await expect(page.getByRole('heading', { name: 'What is my trade-in worth?' })).toBeVisible();
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: 'Get my estimate' }).click();
    await expect(page.getByText(/required/i).first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'trade appraiser: estimate': async ({ page, unique }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
    await page.goto('/trade-appraiser');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Make').fill('Ford');
    await page.getByLabel('Model').fill('F-150');
    await page.getByLabel('Kilometres').fill('95000');
    await page.getByLabel('Condition').selectOption('good');
    await page.getByLabel('Name').fill(unique.name('Sam'));
    await page.getByLabel('Phone').fill('403-555-0177');
    await page.getByRole('button', { name: 'Get my estimate' }).click();
    await expect(page.getByRole('heading', { name: 'How we calculate it' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // appraisal-photos.spec.ts: the sell form with photos chosen and a refused file; then the lead with the seller's
  // photos open in the back office
  'sell my vehicle, and the seller\'s photos on the lead': async ({ page, unique }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
    const name = unique.name('Sam');
    await page.goto('/sell-my-vehicle');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Make').fill('Ford');
    await page.getByLabel('Model').fill('F-150');
    await page.getByLabel('Kilometres').fill('95000');
    await page.getByLabel('Condition').selectOption('good');
    const picker = page.getByTestId('appraisal-photo-input');
    await picker.setInputFiles([{ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#8b0000') }, { name: 'odometer.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#004080') }]);
    await picker.setInputFiles([{ name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) }]);
    await expect(page.getByText('empty.jpg: the file is empty.')).toBeVisible();
    await expect(page.getByText('2 of 8 chosen')).toBeVisible();
    await expectNoSeriousAxe(page);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Phone').fill('403-555-0177');
    await page.getByRole('button', { name: 'Get my estimate' }).click();
    await expect(page.getByText('Your 2 photos reached our specialist with this estimate.')).toBeVisible();

    await signInAdmin(page);
    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name }).click();
    const panel = page.getByRole('dialog', { name });
    await expect(panel.getByRole('heading', { name: "Seller's photos (2)" })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // accounts.spec.ts: registration showing an error
  'registration form': async ({ page, unique }) => {
    const token = unique.token('casey');
    await page.goto('/register');
    await page.getByLabel(/^First name/).fill('Casey');
    await page.getByLabel(/^Username/).fill(token);
    await page.getByLabel(/^E-mail/).fill(`${token}@example.ca`);
    await page.getByLabel('Password', { exact: true }).fill('password1234');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This password is one of the most common passwords')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // accounts.spec.ts: forgot password, the e-mail read in the back office's outbox, the reset page
  'forgot password': async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'outbox with a reset e-mail open, and the reset page': async ({ page, request, unique }) => {
    const account = await registerCustomer(request, unique, 'Riley');
    const asked = await request.post('/api/auth/forgot-password', { data: { email: account.email }, headers: { ...origin, 'x-forwarded-for': unique.address() } });
    expect(asked.ok(), await asked.text()).toBe(true);
    await signInAdmin(page);
    const headers = await adminHeaders();
    await expect.poll(async () => ((await (await request.get(`/api/admin/outbox?to=${encodeURIComponent(account.email)}`, { headers })).json()) as { total: number }).total).toBe(1);
    await page.goto('/admin/outbox');
    await page.getByLabel('Recipient').fill(account.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const mail = page.getByRole('list', { name: 'Emails' }).getByRole('listitem').filter({ hasText: 'Reset your password' });
    await mail.getByText('Reset your password').click();
    const link = await mail.getByRole('link', { name: /reset-password\?token=/ }).getAttribute('href');
    await expectNoSeriousAxe(page);

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // accounts.spec.ts: a customer's saved vehicles (one whose price dropped) and the bell's panel open on that drop
  'saved vehicles and notifications': async ({ page, request, unique }) => {
    const vehicle = await createVehicle(request, unique, { trim: unique.name('EX') });
    await registerCustomer(page.request, unique);
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByRole('button', { name: /^Save \d{4} / }).first().click();
    await expect.poll(async () => (await (await page.request.get('/api/saved-vehicles')).json()).savedVehicles).toEqual([vehicle.id]);
    const dropped = await request.patch(`/api/admin/vehicles/${vehicle.id}`, { headers: await adminHeaders(), data: { price: 27_900 - 1_500 } });
    expect(dropped.ok(), await dropped.text()).toBe(true);

    await page.goto('/saved');
    await expect(page.getByText('$1,500 less than when you saved it')).toBeVisible();
    await expectNoSeriousAxe(page);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/unread/);
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Price drop' }).first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // accounts.spec.ts: the profile
  'profile': async ({ page, unique }) => {
    await registerCustomer(page.request, unique);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // referral-listings.spec.ts: a member's referral program page
  'referral program': async ({ page, unique }) => {
    await registerCustomer(page.request, unique);
    await page.goto('/referral-program');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // referral-listings.spec.ts: the referral program's info page
  'referral program info': async ({ page }) => {
    await page.goto('/referral-program-info');
    await expect(page.getByRole('heading', { name: 'Program terms' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // referral-listings.spec.ts: my listings with one waiting for review, and the listing form (here showing its errors)
  'my listings': async ({ page, unique }) => {
    await registerCustomer(page.request, unique, 'Marc');
    const { trim } = await submitListing(page.request, unique);
    await page.goto('/my-listings');
    await expect(page.getByRole('list', { name: 'Your listings' }).getByRole('listitem').filter({ hasText: trim }).getByText('Waiting for review')).toBeVisible();
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: 'List a vehicle' }).first().click();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText(/Enter the model year|Choose a body type|is required/).first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // Not scanned before: the sign-in pages, the contact page and the page for an address that does not exist
  ...Object.fromEntries(Object.entries({ 'sign-in page': '/login', 'staff sign-in page': '/admin-login', 'contact page': '/contact', 'not-found page': '/no-such-page' })
    .map(([title, path]) => [title, async ({ page }: Scan) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxe(page);
    }])),

  // ---- The back office
  // admin-inventory.spec.ts, admin-engagement.spec.ts: the dashboard with its figures, charts and most viewed vehicles
  'back office dashboard': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Most viewed vehicles this week' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // admin-inventory.spec.ts, deal-rating.spec.ts: the add form (here showing a validation error)
  'vehicle form: add': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/add-vehicle');
    await expect(page.getByRole('heading', { name: 'Add vehicle', level: 1 })).toBeVisible();
    await page.locator('#v-price').fill('31999');
    await page.locator('#v-originalPrice').fill('30000');
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(page.getByText('OriginalPrice (the was-price) must be above the price, or empty when not on sale')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // admin-inventory.spec.ts, amvic-disclosures.spec.ts: the edit form with its price history and AMVIC disclosures
  // answered in part; then the question before saving a VIN that fails its check
  'vehicle form: edit': async ({ page, request, unique }) => {
    const vehicle = await createVehicle(request, unique);
    expect((await request.patch(`/api/admin/vehicles/${vehicle.id}`, { headers: await adminHeaders(), data: { price: 26_900 } })).ok()).toBe(true);
    await signInAdmin(page);
    await page.goto(`/admin/edit-vehicle/${vehicle.id}`);
    await expect(page.getByRole('list', { name: 'Price changes, newest first' }).getByRole('listitem')).toHaveCount(2);
    const form = page.getByTestId('amvic-form');
    await form.getByRole('group', { name: 'Has it been damaged by flood?' }).getByLabel('Yes', { exact: true }).check();
    await expect(form).toContainText('14 of 15 not answered yet');
    await expectNoSeriousAxe(page);
    const wrong = vehicle.vin.slice(0, 8) + (vehicle.vin[8] === '0' ? '1' : '0') + vehicle.vin.slice(9);
    await page.locator('#v-vin').fill(wrong);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Save with this VIN?' })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // admin-inventory.spec.ts: the inventory table, a full page of it
  'inventory table': async ({ page, request, unique }) => {
    await createVehicle(request, unique);
    await signInAdmin(page);
    await page.goto('/admin/inventory');
    await expect(page.getByRole('checkbox', { name: /^Select .+, stock / }).first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // admin-inventory.spec.ts: the audit log of a vehicle
  'audit log': async ({ page, request, unique }) => {
    const vehicle = await createVehicle(request, unique);
    await signInAdmin(page);
    await page.goto(`/admin/audit-log?entityType=vehicle&entityId=${vehicle.id}`);
    await expect(page.getByRole('list', { name: 'Audit entries, newest first' }).getByText('vehicle.create', { exact: true })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // admin-import.spec.ts: the bulk import's preview with a row in error, fast import with a decoded VIN, VIN import's
  // report of invalid and repeated VINs
  'bulk import': async ({ page, unique }) => {
    await signInAdmin(page);
    const vin = () => withCheckDigit(`2T3P1RFV0LW${unique.serial()}`);
    await page.goto('/admin/bulk-import');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'lot-export.csv', mimeType: 'text/csv', buffer: Buffer.from([
        'Stock #,VIN,Year,Make,Model,Trim,Internet Price,Odometer,Body Style,Trans,Fuel,Ext Color,Location',
        `,${vin()},2020,Toyota,RAV4,XLE,"$31,995",54000 km,SUV,Automatic,Gasoline,Blueprint,Calgary`,
        `,${vin()},2020,Toyota,RAV4,LE,call for price,61000,SUV,Automatic,Gasoline,Silver,Edmonton`,
      ].join('\n')),
    });
    await expect(page.getByRole('cell', { name: /price must be a number/ })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'fast import': async ({ page, unique }) => {
    await signInAdmin(page);
    await page.goto('/admin/fast-import');
    await page.getByLabel('Vehicle lines').fill(`${withCheckDigit(`1FTFW1E50MF${unique.serial()}`)}, 41995, 48200`);
    await page.getByRole('button', { name: 'Decode' }).click();
    // Decoding takes the server a while on a busy machine (as in admin-import.spec.ts).
    await expect(page.getByRole('listitem', { name: /2021 Ford F-150/ }).first()).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousAxe(page);
    await discardDrafts(page);
  },

  'VIN import': async ({ page, unique }) => {
    await signInAdmin(page);
    await page.goto('/admin/vin-import');
    const repeated = withCheckDigit(`2T3P1RFV0LW${unique.serial()}`);
    await page.getByLabel('VINs').fill(`NOT-A-VIN\n${repeated}\n${repeated}`);
    await page.getByRole('button', { name: 'Decode VINs' }).click();
    await expect(page.getByRole('region', { name: /Not added/ })).toContainText('Repeated', { timeout: 20_000 });
    await expectNoSeriousAxe(page);
    await discardDrafts(page);
  },

  // admin-photos.spec.ts: the image manager before a vehicle is chosen, and a vehicle's photos
  'image manager': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/image-manager');
    await expect(page.getByText('Choose a vehicle to manage its photos.')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  'image manager: a vehicle\'s photos': async ({ page, request, unique }) => {
    const vehicle = await createVehicle(request, unique);
    await signInAdmin(page);
    await page.goto(`/admin/image-manager?vehicle=${vehicle.id}`);
    await page.getByTestId('photo-file-input').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#b22222') },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') },
    ]);
    // Each photo is checked and re-encoded by the server (as in admin-photos.spec.ts).
    await expect(page.getByTestId('photo-card')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('[data-testid="upload-item"][data-status="error"]')).toContainText('notes.jpg');
    await expectNoSeriousAxe(page);
  },

  // admin-photos.spec.ts: photo coverage with every vehicle in stock (a hundred rows and more)
  'photo coverage': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/photos');
    await expect(page.getByTestId('count-without')).toHaveText(/^\d+$/);
    await page.getByRole('button', { name: 'All in stock' }).click();
    await expect(page.getByTestId('coverage-row').first()).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // content.spec.ts: the content list with the category form showing an error, and the post editor
  'content list': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/content');
    const section = page.getByRole('region', { name: 'Blog categories' });
    // A title whose address a seeded category already has: refused, with the reason (nothing is added).
    const address = await section.getByText(/^\/blog\/category\/[\w-]+ · /).first().innerText();
    const slug = /\/blog\/category\/([\w-]+)/.exec(address)![1]!;
    const add = section.getByRole('form', { name: 'Add a category' });
    await add.getByLabel('Title').fill(slug.replace(/-/g, ' '));
    await expect(add.getByText(`/blog/category/${slug}`)).toBeVisible();
    await add.getByRole('button', { name: 'Add category' }).click();
    await expect(add.getByRole('alert')).toContainText('already uses the address');
    await expectNoSeriousAxe(page);
  },

  'post editor': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/content/new');
    await expect(page.getByRole('heading', { name: 'New post', level: 1 })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // finance-leads.spec.ts: the pre-approvals list and an application open
  'pre-approvals': async ({ page, request, unique }) => {
    const submitted = await request.post('/api/pre-approvals', {
      headers: { 'x-forwarded-for': unique.address() },
      data: {
        vehicle: { vehicleId: null, vehicleInterest: 'AWD SUV under $30,000' },
        employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: '', monthsAtJob: 24, monthlyIncome: 6125 },
        housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 'T6E 1Z4', yearsAtAddress: 2 },
        downPayment: { downPayment: 3000, hasTradeIn: false, tradeIn: null },
        contact: { firstName: 'Dana', lastName: 'Kowalczyk', email: 'dana.k@example.ca', phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
        consent: { creditCheckConsent: true, marketingConsent: false },
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const reference = (await submitted.json()).reference as string;
    await signInAdmin(page);
    await page.goto(`/admin/pre-approvals?q=${reference}`);
    await expect(page.getByRole('cell', { name: reference, exact: true })).toBeVisible();
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: `Open ${reference}` }).click();
    await expect(page.getByRole('heading', { name: /Dana Kowalczyk/ })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // leads-chat.spec.ts: the leads inbox and a chat lead open with its conversation
  'leads inbox': async ({ page, request, unique }) => {
    const name = unique.name('Jordan');
    const lead = await request.post('/api/leads', {
      headers: { 'x-forwarded-for': unique.address() },
      data: { email: '4035550177@chat.carbro.invalid', phone: '403-555-0177', source: 'carbro_chat', leadType: 'chat', additionalData: { name, chatInitiated: true } },
    });
    expect(lead.status(), await lead.text()).toBe(201);
    const { chatToken } = await lead.json();
    expect((await request.post('/api/car-assistant', { data: { question: 'Do you have any minivans?', conversationHistory: [], leadToken: chatToken } })).ok()).toBe(true);
    await signInAdmin(page);
    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expectNoSeriousAxe(page);
    await row.getByRole('button', { name }).click();
    await expect(page.getByRole('dialog', { name }).getByText('Do you have any minivans?')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // inventory-feeds.spec.ts: a new feed's columns mapped from its preview
  'inventory feeds': async ({ page, unique }) => {
    await signInAdmin(page);
    await page.goto('/admin/inventory-feeds');
    await page.getByRole('button', { name: 'Add a feed' }).click();
    const form = page.getByRole('form', { name: 'Add an inventory feed' });
    await form.getByLabel('Name', { exact: true }).fill(unique.name('DMS'));
    await form.getByLabel('Feed address (CSV)').fill(`${dmsBase}/inventory.csv`);
    await form.getByRole('button', { name: 'Read the feed and map its columns' }).click();
    await expect(form.getByRole('status')).toHaveText('2 rows, 14 columns.');
    await expect(form.getByRole('cell', { name: 'A11Y1', exact: true })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // feeds.spec.ts: the vehicle feeds with a vehicle left out (no photo)
  'vehicle feeds': async ({ page, request, unique }) => {
    const trim = unique.name('Long Range');
    await createVehicle(request, unique, { trim });
    await signInAdmin(page);
    await page.goto('/admin/feeds');
    await expect(page.getByTestId('excluded-vehicle').filter({ hasText: trim })).toContainText('no photo');
    await expectNoSeriousAxe(page);
  },

  // lead-delivery.spec.ts: the lead delivery page, its settings and a test lead's result
  'lead delivery': async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/lead-delivery');
    await expect(page.getByRole('heading', { name: 'Lead delivery', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Webhook URL')).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // referral-listings.spec.ts: the private listings waiting for review
  'private listings moderation': async ({ page, request, unique }) => {
    await registerCustomer(request, unique, 'Marc');
    const { trim } = await submitListing(request, unique);
    await signInAdmin(page);
    await page.goto('/admin/listings');
    await expect(page.getByRole('listitem').filter({ hasText: trim })).toBeVisible();
    await expectNoSeriousAxe(page);
  },

  // Not scanned before: the back office's settings and analytics pages
  ...Object.fromEntries(Object.entries({
    'sign-in security': '/admin/security', 'dealer settings': '/admin/dealer-settings', 'deal worksheet settings': '/admin/deal-settings', 'form analytics': '/admin/form-analytics',
  }).map(([title, path]) => [title, async ({ page }: Scan) => {
    await signInAdmin(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxe(page);
  }])),
};

/** Fast and VIN import keep decoded vehicles as drafts on the server: the test leaves none behind. */
async function discardDrafts(page: Page) {
  const discard = page.getByRole('button', { name: 'Discard all drafts' });
  if (await discard.isVisible()) {
    await discard.click();
    const confirm = page.getByRole('alertdialog');
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: /Discard/ }).click();
  }
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(device, () => {
    test.use(DEVICES[device]);
    for (const [title, scan] of Object.entries(scans)) {
      test(`${title} (${device})`, async ({ page, request, unique }) => {
        // Each scan checks the light theme with every rule, then the dark one (support.ts).
        scanInBothThemes(page);
        await scan({ page, request, unique, device });
      });
    }
  });
}
