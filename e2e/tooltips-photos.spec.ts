// Issue 20: icon-only buttons say what they do in a Radix tooltip after spec §9's 700 ms (theme switch, bell,
// heart, compare toggle, gallery arrows), and a vehicle card whose photo fails to load shows the default stock
// image (spec §2, vehicle card) instead of an icon.
import { expect, test, type Locator, type Page } from './fixtures';
import { seededVehicle } from './support';

const CUSTOMER = { username: 'jordan', password: 'demo-customer-password' };
const PLACEHOLDER = '/images/stock/vehicle-placeholder.webp';

/** Lets React finish rendering (its scheduler posts messages, which the paused clock does not hold back). */
const settleReact = (page: Page) => page.evaluate(async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  }
});

/** The pointer leaves for the page's corner in steps, as a hand does (Radix closes a tip on the moves after leaving). */
async function moveAway(page: Page) {
  await page.mouse.move(2, 400, { steps: 4 });
  await page.mouse.move(1, 450, { steps: 2 });
}

/** Hovers the control and returns the tooltip it opens (Radix: role tooltip, named by its text). */
async function tooltipOf(page: Page, control: Locator, text: string | RegExp) {
  // From clear of every other tip (Radix ignores moves still in transit from the last one), then a hand's small moves.
  await moveAway(page);
  await control.scrollIntoViewIfNeeded();
  await control.hover();
  const box = (await control.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2 + 1, { steps: 2 });
  const tip = page.getByRole('tooltip', { name: text });
  await expect(tip).toBeVisible();
  return tip;
}

test('the icon-only buttons show their tooltip after 700 ms of hover, not at once', async ({ page }) => {
  expect((await page.request.post('/api/auth/login', { data: CUSTOMER })).ok()).toBe(true);
  // The page's own clock, from a fixed instant: pausing at a fixed date once failed when the day's wall clock had
  // passed it ("cannot fast-forward to the past").
  const start = new Date('2026-01-15T17:00:00Z');
  await page.clock.install({ time: start });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/vehicles');

  // The delay, on the page's own clock (no waiting on the wall clock): nothing at 699 ms of hover, the tip at 700.
  await page.clock.pauseAt(new Date(start.getTime() + 60 * 60_000));
  const theme = page.getByRole('switch', { name: 'Dark theme' }).first();
  await theme.hover();
  await page.clock.runFor(699);
  await settleReact(page);
  await expect(theme).toHaveAttribute('data-state', 'closed');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.getByRole('tooltip', { name: /Switch to the (dark|light) theme/ })).toBeVisible();
  await page.clock.resume();
  await moveAway(page);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await tooltipOf(page, page.getByRole('button', { name: /^Notifications/ }), /^Notifications/);
  const card = page.getByTestId('vehicle-card').first();
  await tooltipOf(page, card.getByRole('button', { name: /^Save |from saved vehicles$/ }), /Save this vehicle|Remove from saved vehicles/);
  await tooltipOf(page, card.getByRole('button', { name: /^Compare / }), 'Compare side by side (up to 3)');

  // Keyboard users get it on focus; Escape hides it and the button keeps focus.
  await moveAway(page);
  await card.getByRole('button', { name: /^Compare / }).focus();
  await expect(page.getByRole('tooltip', { name: 'Compare side by side (up to 3)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Compare / })).toBeFocused();

  // The gallery's arrows on a vehicle of the seeded inventory, which no test changes and which has photos (one another
  // test added may have none).
  const seeded = await seededVehicle(page.request, { photos: 2 });
  await page.goto(`/vehicles/${seeded!.id}`);
  await tooltipOf(page, page.getByRole('button', { name: 'Next photo' }).first(), 'Next photo');
  await moveAway(page);
  await tooltipOf(page, page.getByRole('button', { name: 'Previous photo' }).first(), 'Previous photo');
});

test('a card whose photo fails to load shows the default stock image', async ({ page }) => {
  // Every vehicle photo fails (the stock images and the site's own assets still load).
  await page.route(/\/uploads\//, (route) => route.abort());
  await page.goto('/vehicles');
  const card = page.getByTestId('vehicle-card').first();
  const photo = card.locator('img').first();
  await expect(photo).toHaveAttribute('src', PLACEHOLDER);
  await expect(photo).toHaveAttribute('alt', '');
  // It really shows: the placeholder itself loaded.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Every card on the page fell back, none shows a broken image.
  const broken = await page.getByTestId('vehicle-card').locator('img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0 && img.loading !== 'lazy').length);
  expect(broken).toBe(0);
});
