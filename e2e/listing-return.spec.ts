// Issue 21, the shopper's walk through the listing: back to the list where they were (spec §4, browser Back and the
// page's own links), a shared or reloaded URL showing the same results, the price slider's handles, the comparison's
// notice and keyboard paths, focus after navigation, the payment calculator link, the empty search and the wording.
import { expect, test, type Locator, type Page } from './fixtures';
import { seededVehicle } from './support';

const grid = (page: Page) => page.getByRole('list', { name: 'Vehicles' });
const cards = (page: Page) => page.getByTestId('vehicle-card');
const caption = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ vehicles$/);
const toastRegion = (page: Page) => page.getByRole('region', { name: /Messages/ });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The grid shows settled results (not the previous page kept on screen while the next loads). */
async function settled(page: Page) {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(cards(page).first()).toBeVisible();
}

/** The filter form: the sidebar on a desktop, the sheet (opened here) on a phone. */
async function filterForm(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole('complementary', { name: 'Filters' }).getByRole('form', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  return sheet.getByRole('form', { name: 'Filters' });
}

const titleLink = (card: Locator) => card.getByRole('heading').getByRole('link');

/** The listing's parameters, in a fixed order: a restored URL may list them in another order. */
const listingParams = (url: string) => {
  const u = new URL(url);
  return u.pathname + '?' + [...u.searchParams].map(([k, v]) => `${k}=${v}`).sort().join('&');
};

test.describe('back to the list', () => {
  test('@mobile filters, sort, page and the scroll position come back, by the browser\'s Back and by the breadcrumb', async ({ page, isMobile }) => {
    await page.goto('/vehicles');
    await settled(page);
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sortBy=price-asc/);
    const form = await filterForm(page, isMobile);
    await form.getByLabel('Min price').fill('5000');
    await form.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/minPrice=5000/);
    await settled(page);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await settled(page);
    // spec §4: a page change scrolls to the top after 100 ms; scroll down only once it has.
    await expect.poll(() => scrollY(page)).toBe(0);

    const card = cards(page).nth(9);
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeInViewport();
    const y = await scrollY(page);
    expect(y).toBeGreaterThan(500);
    const title = (await titleLink(card).innerText()).trim();
    const listUrl = page.url();

    // 1. The browser's Back.
    await titleLink(card).click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await settled(page);
    await expect(caption(page)).toHaveText(/^Showing 21 to 40 of \d+ vehicles$/);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(y - 40);
    expect(await scrollY(page)).toBeLessThan(y + 40);
    await expect(titleLink(cards(page).nth(9))).toHaveText(title);
    await expect(cards(page).nth(9)).toBeInViewport();

    // 2. The vehicle page's own link back to the list (a plain /vehicles).
    await titleLink(cards(page).nth(9)).click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Vehicles' }).click();
    await expect.poll(() => listingParams(page.url())).toBe(listingParams(listUrl));
    await settled(page);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(y - 40);
    await expect(cards(page).nth(9)).toBeInViewport();
  });

  test('a shared or reloaded filtered URL keeps every filter, the sort and the page', async ({ page, request }) => {
    const facets = await (await request.get('/api/vehicles/facets')).json() as { features: { value: string; count: number }[] };
    const feature = facets.features.find((f) => f.count >= 3)!.value;

    const url = '/vehicles?minPrice=5000&maxPrice=120000&minYear=2015&sortBy=price-asc&page=2';
    await page.goto(url);
    await settled(page);
    await expect(page).toHaveURL(url);
    await expect(caption(page)).toHaveText(/^Showing 21 to 40 of \d+ vehicles$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    const form = page.getByRole('complementary', { name: 'Filters' }).getByRole('form', { name: 'Filters' });
    await expect(form.getByLabel('Min price')).toHaveValue('5000');
    await expect(form.getByLabel('Min year')).toHaveValue('2015');
    const first = await titleLink(cards(page).first()).innerText();
    await page.reload();
    await settled(page);
    await expect(page).toHaveURL(url);
    await expect(titleLink(cards(page).first())).toHaveText(first);

    const withFeature = `/vehicles?feature=${encodeURIComponent(feature).replace(/%20/g, '+')}&kmMax=160000`;
    await page.goto(withFeature);
    await settled(page);
    await expect(page).toHaveURL(withFeature);
    await expect(form.getByRole('checkbox', { name: new RegExp(`^${feature}`) })).toBeChecked();
  });
});

test.describe('price slider', () => {
  test('@mobile the thumbs show however the listing was reached: a reload, a link from another page, Back', async ({ page, isMobile }) => {
    const thumbsShown = async () => {
      await settled(page);
      const form = await filterForm(page, isMobile);
      for (const name of ['Minimum price', 'Maximum price']) {
        const thumb = form.getByRole('slider', { name });
        await expect(thumb).toBeVisible();
        await expect(thumb).toHaveValue(/^\d+$/);
      }
      if (isMobile) await page.keyboard.press('Escape');
    };
    await page.goto('/vehicles');
    await thumbsShown();
    await page.reload();
    await thumbsShown();
    await page.goto('/');
    await page.getByRole('link', { name: 'Or browse vehicles without pre-approval' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await thumbsShown();
    await titleLink(cards(page).first()).click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    await page.goBack();
    await thumbsShown();
  });

  test('@mobile two visible, labelled thumbs: arrow keys move them, and a finger drags them', async ({ page, isMobile }) => {
    await page.goto('/vehicles');
    await settled(page);
    const form = await filterForm(page, isMobile);
    const low = form.getByRole('slider', { name: 'Minimum price' });
    const high = form.getByRole('slider', { name: 'Maximum price' });
    await expect(low).toBeVisible();
    await expect(high).toBeVisible();
    const box = await high.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);

    // Keyboard: each arrow is one 1000 step (spec §5).
    const start = Number(await high.inputValue());
    await high.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(high).toHaveValue(String(start - 5000));
    await expect(form.getByLabel('Max price')).toHaveValue(String(start - 5000));
    await low.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(form.getByLabel('Min price')).toHaveValue('2000');

    // Touch (phone) or mouse (desktop): drag the minimum thumb a third of the way along, once the page has stopped
    // moving (focusing a thumb may have scrolled it into view).
    // In the middle of the screen: at an edge, the filter form's sticky Apply bar (or the header) could be on top of it.
    await low.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    let last = '';
    await expect.poll(async () => {
      const now = JSON.stringify(await low.boundingBox());
      const still = now === last;
      last = now;
      return still;
    }).toBe(true);
    // The thumbs are native range inputs the width of the track: the low thumb's centre is where its value puts it
    // (a 24 px thumb's centre travels from 12 px to the width less 12 px).
    const track = (await low.boundingBox())!;
    const at = await low.evaluate((el) => {
      const input = el as HTMLInputElement;
      return (Number(input.value) - Number(input.min)) / (Number(input.max) - Number(input.min));
    });
    const x0 = track.x + 12 + at * (track.width - 24);
    const yMid = track.y + track.height / 2;
    const x1 = track.x + track.width / 3;
    if (isMobile) {
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: yMid }] });
      await touch('touchStart', x0);
      for (let i = 1; i <= 5; i++) await touch('touchMove', x0 + ((x1 - x0) * i) / 5);
      await touch('touchEnd', x1);
    } else {
      await page.mouse.move(x0, yMid);
      await page.mouse.down();
      await page.mouse.move(x1, yMid, { steps: 5 });
      await page.mouse.up();
    }
    await expect.poll(async () => Number(await form.getByLabel('Min price').inputValue())).toBeGreaterThan(20_000);
    await form.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/minPrice=\d{5,}/);
  });
});

test.describe('comparison', () => {
  test('@mobile a 4th vehicle says which one left the comparison; the bar counts in words', async ({ page }) => {
    await page.goto('/vehicles');
    await settled(page);
    const titles: string[] = [];
    for (let i = 0; i < 4; i++) {
      const card = cards(page).nth(i);
      titles.push((await titleLink(card).innerText()).trim());
      await card.getByRole('button', { name: /^Compare / }).click();
      const bar = page.getByRole('region', { name: 'Vehicle comparison' });
      if (i === 0) await expect(bar.getByText('1 vehicle selected for comparison', { exact: true })).toBeVisible();
      if (i === 1) await expect(bar.getByText('2 vehicles selected for comparison', { exact: true })).toBeVisible();
    }
    // spec §9: at most 3; spec §4: the oldest pick goes.
    await expect(toastRegion(page)).toContainText(`${titles[0]} was taken out of the comparison`);
    await expect(toastRegion(page)).toContainText('up to 3');
  });

  test('Compare Now is two key presses from the card that was picked', async ({ page }) => {
    await page.goto('/vehicles');
    await settled(page);
    const toggle = cards(page).nth(4).getByRole('button', { name: /^Compare / });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(cards(page).nth(4).getByRole('button', { name: /^Comparing / })).toBeFocused();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: /^Go to the comparison/ });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Compare Now' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Vehicle Comparison' })).toBeVisible();
  });

  test('@mobile a one-vehicle comparison opens with focus on screen, at its title', async ({ page }) => {
    await page.goto('/vehicles');
    await settled(page);
    await cards(page).first().getByRole('button', { name: /^Compare / }).click();
    await page.getByRole('button', { name: 'Compare Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Comparison' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Vehicle Comparison' })).toBeFocused();
    await expect(page.locator(':focus')).toBeInViewport();
  });
});

test.describe('focus after navigation', () => {
  test('@mobile a link to another page moves focus to its heading', async ({ page }) => {
    await page.goto('/vehicles');
    await settled(page);
    const title = (await titleLink(cards(page).first()).innerText()).trim();
    await titleLink(cards(page).first()).click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toContainText(title.replace(/^\d{4} /, ''));
    await expect(h1).toBeFocused();
    await page.goBack();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: /Used Cars for Sale/ })).toBeFocused();
  });
});

test.describe('vehicle page', () => {
  test('@mobile the payment calculator link scrolls there without a history entry: one Back leaves the page', async ({ page }) => {
    // A vehicle of the seeded inventory, which no test changes (one another test added may be held or sold).
    const seeded = await seededVehicle(page.request);
    await page.goto('/vehicles');
    await settled(page);
    await titleLink(cards(page).filter({ has: page.locator(`a[href="/vehicles/${seeded!.id}"]`) })).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${seeded!.id}$`));
    const link = page.getByRole('link', { name: 'Use the payment calculator' });
    await link.click();
    await expect(page.locator('#payment-calculator')).toBeInViewport();
    await page.goBack();
    await expect(page).toHaveURL(/\/vehicles$/);
  });
});

test.describe('empty results', () => {
  test('@mobile a search that finds nothing offers to clear the search, and then the filters', async ({ page }) => {
    await page.goto('/vehicles?make=Honda');
    await settled(page);
    const box = page.getByRole('searchbox', { name: 'Search the inventory' });
    await box.fill('zzqqxxnonsense');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: 'No Matching Vehicles Found' })).toBeVisible();
    await expect(page.getByText(/Showing 0 to 0/)).toHaveCount(0);
    const panel = page.getByRole('status').filter({ hasText: 'No Matching Vehicles Found' });
    await panel.getByRole('button', { name: 'Clear the search' }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(page).toHaveURL(/make=Honda/);
    await settled(page);
    await expect(box).toHaveValue('');

    await page.goto('/vehicles?make=Honda&maxPrice=1000');
    await expect(page.getByRole('heading', { name: 'No Matching Vehicles Found' })).toBeVisible();
    await panel.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page).not.toHaveURL(/make=|maxPrice=/);
    await settled(page);
  });
});

test.describe('saved vehicles, signed out', () => {
  test('@mobile /saved tells a visitor how to save, since hearts are for signed-in shoppers (spec §6)', async ({ page }, testInfo) => {
    await page.goto('/vehicles');
    await settled(page);
    await expect(cards(page).first().getByRole('button', { name: /^Save / })).toHaveCount(0);
    await page.goto('/saved');
    await expect(page.getByText('Tap the heart on any vehicle to keep it here.', { exact: true })).toHaveCount(0);
    // Issue 57: "tap" on a touch screen, "select" with a mouse (the project's device, whatever the project is called).
    const verb = testInfo.project.use.hasTouch ? 'tap' : 'select';
    await expect(page.getByText(`Log in, then ${verb} the heart on any vehicle to keep it here.`, { exact: true })).toBeVisible();
  });
});
