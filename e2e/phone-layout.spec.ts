// Issue 21: the site on a phone. Nothing is wider than the screen (signed out, as a customer, as an admin), the
// floating controls at the bottom never cover each other, the back office's wide tables scroll inside their own box,
// the vehicle page keeps its main actions at hand, and the small things of the walk-through.
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, waitingForHydration, type APIRequestContext, type Locator, type Page, type Unique } from './fixtures';
import { seededVehicle, signInAdmin } from './support';

const CUSTOMER = { username: 'jordan', password: 'demo-customer-password' };
const PHONE_WIDTHS = [360, 390] as const;

/** A vehicle of the seeded demo inventory with photos on the listing's first page, which no test changes. */
async function seededVehicleId(request: APIRequestContext): Promise<number> {
  return (await seededVehicle(request, { photos: 2 })).id;
}

/**
 * Spec §2's public and account routes (client/app/router.tsx), in groups a test each (fullyParallel spreads them over
 * the workers); the vehicle, post and category come from the site (the seeded post: another test's is newer).
 */
async function publicAndAccountRoutes(request: APIRequestContext): Promise<Record<string, string[]>> {
  const id = await seededVehicleId(request);
  const posts = (await (await request.get('/api/content/posts')).json()) as { posts: { slug: string; publishedAt: string }[] };
  const post = posts.posts.find((p) => Date.parse(p.publishedAt) < Date.now() - 60 * 60_000) ?? posts.posts[0]!;
  const categories = (await (await request.get('/api/content/categories')).json()) as { categories: { slug: string }[] };
  return {
    'the shopping pages': [
      '/', '/vehicles', '/vehicles?make=Ford&bodyType=Truck&maxPrice=60000', `/vehicles/${id}`,
      '/deal-of-the-day', '/vehicle-finder', '/trade-appraiser', '/sell-my-vehicle', '/financing', '/pre-approval', '/saved', '/my-listings',
    ],
    'the contact, blog and referral pages': [
      '/contact', '/blog', `/blog/category/${categories.categories[0]!.slug}`, `/blog/${post.slug}`,
      '/referral-program', '/referral-program-info', '/referral-landing?code=NOSUCHCODE', '/affordable-vehicles',
    ],
    'the guides and the legal pages': [
      '/car-buying-tips', '/car-loans', '/credit-rebuilding', '/first-time-buyers', '/first-time-buyers-guide', '/bad-credit-loans',
      '/terms-and-conditions', '/privacy-policy', '/cookies-policy',
    ],
    'the sign-in and account pages': [
      '/login', '/customer-login', '/admin-login', '/register', '/forgot-password', '/reset-password?token=x', '/profile',
      '/unsubscribe?token=x', '/no-such-page',
    ],
  };
}
const CUSTOMER_GROUPS = ['the shopping pages', 'the contact, blog and referral pages', 'the guides and the legal pages', 'the sign-in and account pages'];

/** A pre-approval application from an address of its own (the per-address limit), so the back office lists one. */
async function submitPreApproval(request: APIRequestContext, unique: Unique): Promise<string> {
  const res = await request.post('/api/pre-approvals', {
    headers: { 'X-Forwarded-For': unique.address() },
    data: {
      vehicle: { vehicleId: null, vehicleInterest: 'AWD SUV under $30,000' },
      employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: '', monthsAtJob: 24, monthlyIncome: 6125 },
      housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 'T6E 1Z4', yearsAtAddress: 2 },
      downPayment: { downPayment: 3000, hasTradeIn: false, tradeIn: null },
      contact: { firstName: unique.name('Dana'), lastName: 'Kowalczyk', email: `${unique.token('dana.phone')}@example.ca`, phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
      consent: { creditCheckConsent: true, marketingConsent: false },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/**
 * Every back-office page of spec §2 and the tools beyond it (router.tsx), plus the public pages an admin sees
 * differently, in groups a test each.
 */
async function adminRoutes(page: Page): Promise<Record<string, string[]>> {
  const id = await seededVehicleId(page.request);
  const content = (await (await page.request.get('/api/admin/content')).json()) as { entries: { id: number }[] };
  return {
    'the dashboard and the inventory tools': [
      '/admin', '/admin/dashboard', '/admin/inventory', '/admin/add-vehicle', `/admin/edit-vehicle/${id}`, '/admin/bulk-import',
      '/admin/fast-import', '/admin/vin-import',
    ],
    'photos, applications, leads and the logs': [
      '/admin/image-manager', `/admin/image-manager?vehicle=${id}`, '/admin/photos',
      '/admin/pre-approvals', '/admin/form-analytics', '/admin/leads', '/admin/audit-log', '/admin/security', '/admin/outbox',
    ],
    'listings, content, settings and the public pages as the admin sees them': [
      '/admin/listings', '/admin/content', '/admin/content/new', '/admin/dealer-settings', `/admin/content/${content.entries[0]!.id}`, '/admin/deal-settings',
      '/', '/vehicles', `/vehicles/${id}`, '/profile',
    ],
  };
}
const ADMIN_GROUPS = ['the dashboard and the inventory tools', 'photos, applications, leads and the logs', 'listings, content, settings and the public pages as the admin sees them'];

/** A phone: touch, mobile viewport rules (an overflowing page makes the layout viewport grow, as it did for jordan). */
async function phone(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: PHONE_WIDTHS[0], height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  return { context, page: waitingForHydration(await context.newPage()) };
}

/**
 * Loads each route at 360 px, then widens to 390 px, and lists every page where the document is wider than the
 * screen, with the elements that stick out (the outermost ones), so a failure says what to fix.
 */
async function overflowingPages(page: Page, routes: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 780 });
    await page.goto(route);
    // Lazy parts (the signed-in header's controls, charts, dialogs' code) render once their code is in.
    await page.waitForLoadState('networkidle');
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 780 });
      // A resize lays the page out again before the next frame; measure after it.
      const found = await page.evaluate(async (w) => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const doc = document.documentElement;
        const widest = Math.max(doc.scrollWidth, window.innerWidth);
        if (widest <= w) return null;
        const out: string[] = [];
        for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.right <= w + 0.5) continue;
          const parent = el.parentElement?.getBoundingClientRect();
          if (parent && parent.right > w + 0.5) continue; // its container already sticks out: name the container
          out.push(`<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}"> right ${Math.round(r.right)}`);
          if (out.length >= 4) break;
        }
        return `scrollWidth ${doc.scrollWidth}, innerWidth ${window.innerWidth}: ${out.join('; ')}`;
      }, width);
      if (found) problems.push(`${route} at ${width} px: ${found}`);
    }
  }
  return problems;
}

// One test per group of pages, so fullyParallel spreads them over the workers.
test.describe('nothing is wider than a phone screen (360 and 390 px)', () => {
  // A group walks up to a dozen pages, each loaded until the network is idle and measured at two widths.
  test.describe.configure({ timeout: 90_000 });
  // The signed-in walk below covers every page; a visitor sees another header (sign-in link, no account menu) and
  // other bodies only on the account and sign-in pages, so those, and a page of each kind for the header.
  const visitorGroups: [string, RegExp][] = [
    ['the visitor\'s header on the shopping pages, signed out', /^\/(vehicles\/\d+|vehicles|saved|my-listings|referral-program|pre-approval)?(\?|$)/],
    ['the sign-in and account pages, signed out', /^\/(login|customer-login|admin-login|register|forgot-password|reset-password|profile|unsubscribe)(\?|$)/],
  ];
  for (const [title, visitorRoute] of visitorGroups) {
    test(title, async ({ browser, baseURL, request }) => {
      const { context, page } = await phone(browser, baseURL!);
      const visitorRoutes = Object.values(await publicAndAccountRoutes(request)).flat().filter((r) => visitorRoute.test(r));
      expect(visitorRoutes.length, 'the visitor routes are found in the list').toBeGreaterThanOrEqual(7);
      const problems = await overflowingPages(page, visitorRoutes);
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  for (const group of CUSTOMER_GROUPS) {
    test(`every public and account page, signed in as a customer: ${group}`, async ({ browser, baseURL, request }) => {
      const { context, page } = await phone(browser, baseURL!);
      expect((await context.request.post('/api/auth/login', { data: CUSTOMER })).ok(), 'jordan signs in').toBe(true);
      const routes = (await publicAndAccountRoutes(request))[group];
      expect(routes, group).toBeDefined();
      const problems = await overflowingPages(page, routes!);
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  for (const group of ADMIN_GROUPS) {
    test(`every back-office page, signed in as an admin, with rows in every list: ${group}`, async ({ browser, baseURL, request, unique }) => {
      // The pre-approval list is empty on a fresh site: with no row, its table could not widen anything.
      if (group === 'photos, applications, leads and the logs') await submitPreApproval(request, unique);
      const { context, page } = await phone(browser, baseURL!);
      await signInAdmin(page);
      const routes = (await adminRoutes(page))[group];
      expect(routes, group).toBeDefined();
      const problems = await overflowingPages(page, routes!);
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});

/** Whether a tap at the middle of the element reaches it (nothing fixed is on top), and it is wholly on screen. */
async function tappable(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const onScreen = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    return onScreen && hit !== null && (hit === el || el.contains(hit));
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the chat button sits above the compare bar: Clear and Compare Now can be tapped', async ({ page }) => {
    await page.goto('/vehicles');
    await page.getByTestId('vehicle-card').first().getByRole('button', { name: /^Compare / }).click();
    const bar = page.getByRole('region', { name: 'Vehicle comparison' });
    await expect(bar).toBeVisible();
    const chat = page.getByRole('button', { name: 'Chat with our car assistant' });
    // The chat button moves up once the bar is measured: a state to wait for, not a delay.
    await expect.poll(async () => overlap((await chat.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
    expect(await tappable(bar.getByRole('button', { name: 'Clear comparison list' }))).toBe(true);
    expect(await tappable(bar.getByRole('button', { name: 'Compare Now' }))).toBe(true);
    expect(await tappable(chat)).toBe(true);
    // Clearing the list lets the chat button come back down to its corner.
    await bar.getByRole('button', { name: 'Clear comparison list' }).click();
    await expect(bar).toHaveCount(0);
    await expect.poll(async () => Math.round(844 - (await chat.boundingBox())!.y - 56)).toBe(16);
  });

  test('the listing shows the first vehicle\'s photo and title on the first screen', async ({ page }) => {
    // Issue 33 §6 and issue 35 §4: the banner, heading, search and sort stay, made compact, and the header's own
    // search row gives way to the listing's search box.
    await page.goto('/vehicles');
    const card = page.getByTestId('vehicle-card').first();
    await expect(card.getByRole('heading')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const part of [card.locator('img').first(), card.getByRole('heading').first()]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height, 'within the first screen').toBeLessThanOrEqual(844);
    }
    await expect(page.getByRole('search', { name: 'Inventory search' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Pre-Approved' }).first()).toBeVisible();
    await expect(page.getByRole('search', { name: 'Vehicles' })).toBeHidden();
  });

  test('the vehicle page keeps Book a Test Drive and Get Pre-Approved in a bar at the bottom', async ({ page, request }) => {
    const id = await seededVehicleId(request);
    await page.goto(`/vehicles/${id}`);
    const bar = page.getByRole('region', { name: 'Next steps' });
    await expect(bar).toBeVisible();
    const book = bar.getByRole('button', { name: 'Book a Test Drive' });
    expect(await tappable(book)).toBe(true);
    await expect(bar.getByRole('link', { name: 'Get Pre-Approved' })).toHaveAttribute('href', '/pre-approval');
    const barBox = (await bar.boundingBox())!;
    expect(Math.round(barBox.y + barBox.height)).toBe(844);

    // The chat is in the bar, not floating over the page's right-aligned values (issue 33 §6), and both labels fit.
    await expect(page.getByRole('button', { name: 'Chat with our car assistant' })).toBeHidden();
    const chat = bar.getByRole('button', { name: 'Ask the assistant about this vehicle' });
    expect(await tappable(chat)).toBe(true);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      for (const action of [book, bar.getByRole('link', { name: 'Get Pre-Approved' })]) {
        expect(await action.evaluate((el) => el.scrollWidth <= el.clientWidth), `its label fits at ${width} px`).toBe(true);
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing else fixed at the bottom hides it or is hidden by it: the toasts stack above.
    await page.getByRole('button', { name: 'Share' }).click();
    const note = page.getByRole('region', { name: /Messages/ }).getByRole('listitem').first();
    await expect(note).toBeVisible();
    await expect.poll(async () => overlap((await note.boundingBox())!, barBox)).toBe(false);
    expect(await tappable(book)).toBe(true);
    await note.getByRole('button', { name: 'Dismiss' }).click();

    // It opens the same booking form as the page's own button, and focus comes back to it.
    await book.click();
    const dialog = page.getByRole('dialog', { name: /Book/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(book).toBeFocused();

    // The end of the page is not hidden under the bar: scrolled to the bottom, the footer's last line is above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerEnd = await page.getByRole('contentinfo').evaluate((f) => f.getBoundingClientRect().bottom);
    expect(footerEnd).toBeLessThanOrEqual(barBox.y + 2);

    // A right-aligned value just above the bar, where the floating chat button sat, can be read and tapped.
    const specs = page.getByTestId('specs');
    for (const label of ['VIN', 'Engine']) {
      const value = specs.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
      await value.evaluate((el, y) => window.scrollBy(0, el.getBoundingClientRect().bottom - y), barBox.y - 24);
      const uncovered = await value.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.right - 4, r.top + r.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      });
      expect(uncovered, `${label} is not covered`).toBe(true);
    }

    // The bar's chat button opens the chat about this vehicle.
    await chat.click();
    await expect(page.getByRole('dialog', { name: /Car assistant/ })).toBeVisible();
  });

  // The back office's tables are wider than a phone: each scrolls sideways inside its own box and the page keeps the
  // screen's width. Their visually hidden labels (position: absolute) once escaped the box and widened the page to
  // the table's far edge (components/ui/table-scroll.tsx). A test per group of tables, so the workers share them.
  async function expectTablesScrollInTheirBox(page: Page, routes: string[]) {
    for (const route of routes) {
      await page.goto(route);
      const table = page.getByRole('table').first();
      await expect(table.getByRole('row').nth(1), `${route} lists rows`).toBeVisible();
      await page.waitForLoadState('networkidle');
      const box = await table.evaluate((t) => {
        const scroller = t.parentElement!;
        const before = scroller.scrollLeft;
        scroller.scrollLeft = 10_000;
        const moved = scroller.scrollLeft > before;
        scroller.scrollLeft = before;
        return { inner: scroller.scrollWidth, outer: scroller.clientWidth, overflowX: getComputedStyle(scroller).overflowX, moved };
      });
      expect(['auto', 'scroll'], `${route}: the table's box scrolls`).toContain(box.overflowX);
      if (box.inner > box.outer) expect(box.moved, `${route}: the wide table can be scrolled sideways in its box`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route}: the page stays 390 px wide`).toBeLessThanOrEqual(390);
    }
  }

  test('the back office\'s wide tables scroll inside their own box, the page does not: inventory, photos and content', async ({ page }) => {
    await signInAdmin(page);
    await expectTablesScrollInTheirBox(page, ['/admin/inventory', '/admin/photos', '/admin/content']);
    // At least the inventory's table (56rem) really is wider than the phone: the check above is not vacuous there.
    await page.goto('/admin/inventory');
    const inventory = page.getByRole('table').first();
    await expect(inventory.getByRole('row').nth(2)).toBeVisible();
    expect(await inventory.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeGreaterThan(200);
  });

  test('the back office\'s wide tables scroll inside their own box, the page does not: pre-approvals and leads', async ({ page, request, unique }) => {
    await submitPreApproval(request, unique);
    await signInAdmin(page);
    await expectTablesScrollInTheirBox(page, ['/admin/pre-approvals', '/admin/leads']);
  });

  test('the back office\'s image manager keeps the phone\'s width with a vehicle open', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/image-manager');
    await page.getByRole('list', { name: 'Vehicles' }).getByRole('button').first().click();
    await expect(page.getByTestId('photo-count')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('on a desktop the compare bar never covers the filters\' Reset All, and Reset All stays inside its card', async ({ page }) => {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto('/vehicles');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const reset = filters.getByRole('button', { name: 'Reset All' });
    await expect(reset).toBeVisible();
    const card = (await filters.locator('> div').boundingBox())!;
    const box = (await reset.boundingBox())!;
    expect(box.x, `Reset All inside its card at ${width} px`).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width, `Reset All inside its card at ${width} px`).toBeLessThanOrEqual(card.x + card.width);

    await page.getByTestId('vehicle-card').first().getByRole('button', { name: /^Compare / }).click();
    const bar = page.getByRole('region', { name: 'Vehicle comparison' });
    await expect(bar).toBeVisible();
    // The panel's buttons stick to the bottom of the screen while the long panel scrolls: they stick above the bar.
    await expect.poll(() => tappable(reset), { message: `Reset All can be clicked at ${width} px` }).toBe(true);
    expect(await tappable(filters.getByRole('button', { name: /Apply Filters|Applying/ }))).toBe(true);
    await bar.getByRole('button', { name: 'Clear comparison list' }).click();
  }
});

/**
 * On a phone, the visible placeholders that do not fit their box (cut off mid-word) and the rows of fields whose
 * inputs do not line up (a label that wraps to two lines pushed its own input down).
 */
async function formProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const out: string[] = [];
    const context = document.createElement('canvas').getContext('2d')!;
    const shown = (el: Element) => {
      const b = el.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (!shown(input) || input.value !== '') continue;
      const css = getComputedStyle(input);
      context.font = `${css.fontStyle} ${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
      const text = context.measureText(input.placeholder).width;
      const room = input.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
      if (text > room + 0.5) out.push(`placeholder "${input.placeholder}" needs ${Math.round(text)} px, has ${Math.round(room)}`);
    }
    const rows = new Map<number, { name: string; top: number }[]>();
    for (const label of Array.from(document.querySelectorAll<HTMLLabelElement>('label[for]'))) {
      const control = document.getElementById(label.htmlFor) as HTMLInputElement | null;
      if (!control || !shown(control) || !shown(label) || !/^(INPUT|SELECT|TEXTAREA)$/.test(control.tagName)) continue;
      if (['checkbox', 'radio', 'range', 'hidden'].includes(control.type)) continue;
      const key = Math.round(label.getBoundingClientRect().top);
      rows.set(key, [...(rows.get(key) ?? []), { name: label.innerText.trim(), top: Math.round(control.getBoundingClientRect().top) }]);
    }
    for (const row of rows.values()) {
      if (new Set(row.map((f) => f.top)).size > 1) out.push(`inputs not lined up: ${row.map((f) => `"${f.name}" at ${f.top}`).join(', ')}`);
    }
    return out;
  });
}

test.describe('forms on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  /** The form problems of the page as it is, at each phone width, each named with where and at what width. */
  async function problemsAtPhoneWidths(page: Page, where: string): Promise<string[]> {
    const problems: string[] = [];
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 780 });
      for (const p of await formProblems(page)) problems.push(`${where} at ${width} px: ${p}`);
    }
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 780 });
    return problems;
  }

  // A test per group of forms, so the workers share them.
  for (const [group, routes] of [
    ['the listing and the finance forms', ['/vehicles', '/pre-approval', '/financing', '/vehicle-finder']],
    ['the trade-in, selling, contact and sign-up forms', ['/trade-appraiser', '/sell-my-vehicle', '/contact', '/register']],
  ] as const) {
    test(`placeholders fit their boxes and the inputs of a row line up, at 360 and 390 px: ${group}`, async ({ page }) => {
      const problems: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        problems.push(...await problemsAtPhoneWidths(page, route));
      }
      expect(problems).toEqual([]);
    });
  }

  test('placeholders fit their boxes and the inputs of a row line up, at 360 and 390 px: the vehicle page and its booking form', async ({ page, request }) => {
    const id = await seededVehicleId(request);
    await page.goto(`/vehicles/${id}`);
    // The payment calculator renders after the first paint (components/deferred.tsx).
    await expect(page.getByLabel('Interest rate (APR %)')).toBeVisible();
    const problems = await problemsAtPhoneWidths(page, 'the vehicle page');
    await page.getByRole('button', { name: 'Book a Test Drive' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    problems.push(...await problemsAtPhoneWidths(page, 'the booking form'));
    expect(problems).toEqual([]);
  });
});

test('an empty notification list is a short note, not a tall blank panel', async ({ page, unique }) => {
  // A new shopper has no notices yet (jordan's seeded ones would hide the empty state), signing up from an address
  // of their own (the per-address sign-up limit counts the suite's other sign-ups on this server).
  const username = unique.token('phone');
  const res = await page.request.post('/api/auth/register', {
    headers: { 'X-Forwarded-For': unique.address() },
    data: { username, email: `${username}@example.ca`, password: 'Phone-layout-pass-2026' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('No notifications yet');
  const box = (await panel.boundingBox())!;
  expect(box.height).toBeLessThan(200);
  // The note itself is centred in the panel, with no empty space under it.
  const note = (await panel.getByText('No notifications yet').boundingBox())!;
  expect(box.y + box.height - (note.y + note.height)).toBeLessThan(40);
});

test.describe('theme on a first visit (no choice stored)', () => {
  const DARK_BACKGROUND = 'rgb(11, 18, 32)';
  const LIGHT_BACKGROUND = 'rgb(246, 248, 251)';

  test('a device that prefers dark gets the dark theme from the first HTML, without script', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/vehicles');
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    await context.close();
  });

  test('dark device: dark at once, the switch says so, and a light choice then wins over the device', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark' });
    const page = waitingForHydration(await context.newPage());
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    const toggle = page.getByRole('switch', { name: 'Dark theme' }).first();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BACKGROUND);
    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BACKGROUND);
    await expect(page.locator('html')).not.toHaveClass(/dark|theme-system/);
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a device that prefers light gets the light theme', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'light' });
    const page = waitingForHydration(await context.newPage());
    await page.goto('/');
    await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BACKGROUND);
    await expect(page.getByRole('switch', { name: 'Dark theme' }).first()).toHaveAttribute('aria-checked', 'false');
    await context.close();
  });
});
