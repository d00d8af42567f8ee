// Admin issue, "Image manager and photos": an admin uploads several photos at once (one refused by content, with
// its reason shown), reorders them with the keyboard and by dragging, sets the cover, edits alt text and deletes one;
// the public vehicle API follows. /admin/photos links vehicles that lack photos to the manager.
import { expect, test, type Page } from './fixtures';
import sharp from 'sharp';
import { adminHeaders, createVehicle, signInAdmin } from './support';

/** A real JPEG with a colour band, so each test photo differs. */
const makePhoto = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 1200, height: 200, channels: 3, background: '#ffffff' } }, top: 700, left: 0 }])
    .jpeg({ quality: 80 }).toBuffer();

const cardIds = (page: Page) => page.getByTestId('photo-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-photo-id'))));

test('an admin uploads, reorders (keyboard and drag), sets the cover, edits alt text and deletes photos', async ({ page, request, unique }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const auth = await adminHeaders();
  // An in-stock vehicle of the test's own, without photos yet: the kind this page exists for.
  const { id } = await createVehicle(request, unique);
  const vehicle = (await (await request.get(`/api/admin/photos/vehicles/${id}`, { headers: auth })).json()).vehicle as { id: number; title: string; stockNumber: string; photoCount: number };

  await page.goto('/admin/image-manager');
  await expect(page.getByRole('heading', { name: 'Image manager', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose a vehicle to manage its photos.')).toBeVisible();

  await page.getByLabel('Find a vehicle').fill(vehicle.stockNumber);
  await page.getByRole('button', { name: new RegExp(`Stock #${vehicle.stockNumber}`) }).click();
  await expect(page).toHaveURL(new RegExp(`vehicle=${vehicle.id}`));
  await expect(page.getByRole('heading', { name: vehicle.title, level: 2 })).toBeVisible();
  const before = vehicle.photoCount;
  await expect(page.getByTestId('photo-card')).toHaveCount(before);

  // Three photos and a text file named .jpg, all at once: the photos go in, the fake is refused with its reason.
  await page.getByTestId('photo-file-input').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await makePhoto('#b22222') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await makePhoto('#228b22') },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') },
    { name: 'rear.jpg', mimeType: 'image/jpeg', buffer: await makePhoto('#1e3a8a') },
  ]);
  await expect(page.getByTestId('upload-item')).toHaveCount(4);
  await expect(page.locator('[data-testid="upload-item"][data-status="done"]')).toHaveCount(3, { timeout: 30_000 });
  const refused = page.locator('[data-testid="upload-item"][data-status="error"]');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('notes.jpg');
  await expect(refused).toContainText('not a JPEG, PNG, WebP or AVIF image');
  await expect(page.getByTestId('photo-card')).toHaveCount(before + 3);
  await expect(page.getByTestId('photo-count')).toHaveText(`${before + 3} of 60 photos`);
  const afterUpload = await cardIds(page);
  const newIds = afterUpload.slice(before);

  // Keyboard: move the last photo one place earlier; focus follows it, so Enter moves it again.
  const last = before + 3;
  await page.getByRole('button', { name: `Move photo ${last} earlier` }).click();
  await expect.poll(() => cardIds(page)).toEqual([...afterUpload.slice(0, before), newIds[0], newIds[2], newIds[1]]);
  await expect(page.getByRole('button', { name: `Move photo ${last - 1} earlier` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => cardIds(page)).toEqual([...afterUpload.slice(0, before), newIds[2], newIds[0], newIds[1]]);
  // Saved on the server before the drag starts (on a busy machine the answer can lag the screen).
  const serverOrder = async () => ((await (await request.get(`/api/admin/photos/vehicles/${vehicle.id}`, { headers: auth })).json()).photos as { id: number }[]).map((p) => p.id);
  await expect.poll(serverOrder).toEqual([...afterUpload.slice(0, before), newIds[2], newIds[0], newIds[1]]);

  // Drag: the last card onto the one before it swaps them back. The drag events are sent to the cards themselves
  // (the page's own dragstart/dragover/drop handlers run): a pointer drag lands wherever the grid's layout puts the
  // pointer mid-gesture, which made this step depend on the window size.
  const cards = page.getByTestId('photo-card');
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await cards.nth(last - 1).dispatchEvent('dragstart', { dataTransfer });
  await cards.nth(last - 2).dispatchEvent('dragover', { dataTransfer });
  await cards.nth(last - 2).dispatchEvent('drop', { dataTransfer });
  await cards.nth(last - 1).dispatchEvent('dragend', { dataTransfer });
  await expect.poll(() => cardIds(page)).toEqual([...afterUpload.slice(0, before), newIds[2], newIds[1], newIds[0]]);

  // The order survives a reload (it was saved, not just shown).
  await page.reload();
  await expect.poll(() => cardIds(page)).toEqual([...afterUpload.slice(0, before), newIds[2], newIds[1], newIds[0]]);

  // Cover: the red "front" photo becomes the first, and the public listing shows it first.
  const frontPosition = (await cardIds(page)).indexOf(newIds[0]!) + 1;
  await page.getByRole('button', { name: `Make photo ${frontPosition} the cover` }).click();
  await expect.poll(async () => (await cardIds(page))[0]).toBe(newIds[0]);
  await expect(page.getByRole('button', { name: 'Photo 1 is the cover' })).toBeDisabled();
  const publicVehicle = await (await request.get(`/api/vehicles/${vehicle.id}`)).json();
  expect(publicVehicle.photos[0].id).toBe(newIds[0]);
  expect(publicVehicle.photos[0].variants.map((v: { format: string }) => v.format)).toEqual(expect.arrayContaining(['avif', 'webp']));

  // Alt text.
  await page.getByLabel('Alt text for photo 1').fill('Front three-quarter view in red');
  await cards.first().getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alt text saved').first()).toBeVisible();
  await expect(cards.first().locator('img')).toHaveAttribute('alt', 'Front three-quarter view in red');

  // Delete with confirmation.
  await page.getByRole('button', { name: `Delete photo ${last}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this photo?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(page.getByTestId('photo-card')).toHaveCount(before + 2);
  await expect(page.getByTestId('photo-count')).toHaveText(`${before + 2} of 60 photos`);
});

test('photo coverage lists vehicles with too few photos and links to the image manager', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/photos');
  // Generous: eight helpers share two cores, and the first visit loads the page's code.
  await expect(page.getByRole('heading', { name: 'Photo coverage', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('count-without')).toHaveText(/^\d+$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'All in stock' }).click();
  await expect(page.getByTestId('coverage-row').first()).toBeVisible();
  const row = page.getByTestId('coverage-row').first();
  const title = (await row.locator('td').first().innerText()).trim();
  await row.getByRole('link', { name: /^Manage photos/ }).click();
  await expect(page).toHaveURL(/\/admin\/image-manager\?vehicle=\d+/);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
});
