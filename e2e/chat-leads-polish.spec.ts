// Issue 21, chat and lead-detail polish. The chat: its links read as the vehicles' titles and navigate inside the
// app, its title fits on a 360 px phone and on a desktop, "book a test drive" opens the form on a test drive of the
// vehicle the shopper picked, and Escape hands focus back to the button that opened it. The lead detail: a chat
// lead in words (no `chatInitiated: true`, no synthesized address, no ISO times), the same person's other leads
// linked, and a trade-in lead naming the trade vehicle instead of "—".
import { expect, test, type Page } from './fixtures';
import { signInAdmin } from './support';

const CONTACT = { name: 'Avery Lopez', phone: '780 555 0166' };

async function openChatWithContact(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate((c) => localStorage.setItem('carbro-contact-info', JSON.stringify(c)), CONTACT);
  const launcher = page.getByRole('button', { name: 'Chat with our car assistant' });
  await launcher.focus();
  await page.keyboard.press('Enter');
  const chat = page.getByRole('dialog', { name: /Car assistant/ });
  await expect(chat).toBeVisible();
  return chat;
}

/**
 * The panel's title as the shopper sees it: every line of it inside the panel, "Car assistant" and the dealership's
 * name each whole on one line (not broken mid-name), nothing clipped or ellipsed.
 */
async function titleFits(page: Page) {
  return page.getByRole('dialog', { name: /Car assistant/ }).evaluate((dialog) => {
    const h2 = dialog.querySelector('h2')!;
    const box = dialog.getBoundingClientRect();
    const lineCount = (phrase: string) => {
      const walker = document.createTreeWalker(h2, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.textContent!.indexOf(phrase);
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + phrase.length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        const rects = [...range.getClientRects()];
        return { lines: tops.size, inside: rects.every((r) => r.left >= box.left && r.right <= box.right) };
      }
      return { lines: 0, inside: false };
    };
    return {
      heading: lineCount('Car assistant'),
      dealer: lineCount('Prairie Motor'),
      clipped: h2.scrollWidth > h2.clientWidth + 1 || h2.scrollHeight > h2.clientHeight + 1,
      ellipsis: [h2, ...h2.querySelectorAll('span')].some((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth),
    };
  });
}

const FITS = { heading: { lines: 1, inside: true }, dealer: { lines: 1, inside: true }, clipped: false, ellipsis: false };

test('chat title fits on a 360 px phone and on a desktop @mobile', async ({ page }) => {
  const chat = await openChatWithContact(page, '/vehicles');
  expect(await titleFits(page)).toEqual(FITS);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(chat).toBeVisible();
  expect(await titleFits(page)).toEqual(FITS);
  await expect(chat.getByRole('button', { name: 'Close chat' })).toBeInViewport({ ratio: 1 });
});

test('chat links read as vehicle titles and navigate in the app; a test drive of "the second one" opens on that type and vehicle @mobile', async ({ page, unique }) => {
  test.setTimeout(60_000);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  const chat = await openChatWithContact(page, '/vehicles');
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('any AWD SUVs under $30k?');
  await box.press('Enter');
  const log = chat.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText(/we have \d+ AWD SUVs under \$30,000 in stock/);

  // Links name the vehicle (year make model …), never a raw path; the text has no path left in it.
  const vehicleLinks = log.getByRole('link', { name: /^(19|20)\d\d \S+ \S+/ });
  await expect(vehicleLinks.nth(1)).toBeVisible();
  expect(await log.getByRole('link', { name: /^\// }).count()).toBe(0);
  await expect(log).not.toContainText('/vehicles/');
  await expect(vehicleLinks.first()).toHaveAttribute('href', /^\/vehicles\/\d+$/);
  const second = { title: (await vehicleLinks.nth(1).textContent())!, href: (await vehicleLinks.nth(1).getAttribute('href'))! };
  // "See all of them" names the page, not its address.
  await expect(log.getByRole('link', { name: 'the full list' })).toHaveAttribute('href', /^\/vehicles\?/);

  await box.fill('Can I book a test drive of the second one?');
  await box.press('Enter');
  await expect(log).toContainText(`book a test drive of the ${second.title}`);
  const booking = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await expect(booking).toBeVisible({ timeout: 5_000 });
  await expect(booking.getByLabel('Appointment type *')).toHaveValue('test_drive');
  await expect(booking).toContainText(`For the ${second.title}.`);
  await expect(booking.getByLabel('Name *')).toHaveValue(CONTACT.name);
  await page.keyboard.press('Escape');
  await expect(booking).toBeHidden();

  // A click navigates inside the app (no page load: the marker survives) to the vehicle's page.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await log.getByRole('link', { name: second.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`${second.href}$`));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // After a reload the stored conversation still shows titles, not paths.
  await page.reload();
  await expect(log.getByRole('link', { name: second.title }).first()).toBeVisible({ timeout: 20_000 });
  await expect(log).not.toContainText('/vehicles/');
});

test('a reply that is text only shows as text: nothing in it is read as HTML', async ({ page }) => {
  const chat = await openChatWithContact(page, '/');
  await page.route('**/api/car-assistant', (route) => route.fulfill({
    status: 200, contentType: 'application/json',
    body: JSON.stringify({ message: 'See <a href="https://evil.example">this</a> <img src=x onerror="window.hacked=1"> or /pre-approval', sessionId: 'abcdefgh12345678', vehicles: [] }),
  }));
  await chat.getByRole('textbox', { name: 'Message' }).fill('hi');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const log = chat.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('<a href="https://evil.example">this</a>');
  await expect(log.getByRole('link', { name: 'Get Pre-Approved' })).toHaveAttribute('href', '/pre-approval');
  expect(await log.locator('a[href^="https://evil"], img').count()).toBe(0);
});

test('Escape closes the chat and gives focus back to the button that opened it @mobile', async ({ page }) => {
  // From the floating chat button: focus returns to the chat button.
  const chat = await openChatWithContact(page, '/vehicles');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with our car assistant' })).toBeFocused();

  // From a vehicle page's own "Ask the Assistant" button: focus returns to that button.
  await page.goto('/vehicles');
  const href = await page.locator('a[href^="/vehicles/"]').first().getAttribute('href');
  await page.goto(href!);
  const ask = page.getByRole('button', { name: 'Ask the Assistant', exact: true });
  await ask.focus();
  await page.keyboard.press('Enter');
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(ask).toBeFocused();
});

test('lead detail in words, the same person\'s other leads linked, and the trade vehicle named @mobile', async ({ page, request, unique }) => {
  test.setTimeout(60_000);
  // Each run its own shopper and phone number: leads of an earlier run with the same phone would be linked too.
  const name = unique.name('Morgan Ellery');
  const digits = `5875${unique.serial()}`;
  // The same shopper two ways: a chat (phone only, synthesized e-mail) and a trade-in appraisal with the phone
  // written differently. (Leads that share nothing are not linked: the API test covers that.)
  // An address of its own: the run's other leads and appraisals must not use up this visitor's limits (playwright.config.ts).
  const headers = { 'x-forwarded-for': unique.address() };
  const chatLead = await request.post('/api/leads', {
    headers,
    data: { email: `${digits}@chat.carbro.invalid`, phone: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, source: 'carbro_chat', leadType: 'chat', additionalData: { name, chatInitiated: true, timestamp: '2026-07-20T15:04:00.000Z' } },
  });
  expect(chatLead.status()).toBe(201);
  const appraisal = await request.post('/api/appraisals', {
    headers,
    data: {
      purpose: 'trade-in',
      vehicle: { year: 2015, make: 'Dodge', model: 'Grand Caravan', trim: 'SE', mileage: 180000, condition: 'fair' },
      contact: { name, phone: `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, email: `morgan.${digits}@example.ca` },
    },
  });
  expect(appraisal.ok()).toBe(true);

  await signInAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  // The trade-in lead's vehicle column names the trade vehicle, not "—".
  const tradeRow = rows.filter({ hasText: 'Trade appraiser' });
  await expect(tradeRow).toContainText('2015 Dodge Grand Caravan SE, 180,000 km');
  await expect(tradeRow).not.toContainText('—');

  const chatRow = rows.filter({ hasText: 'Chat' }).filter({ hasNotText: 'Trade appraiser' });
  await chatRow.getByRole('button', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Started in chat');
  await expect(panel).toContainText('No e-mail given (chat)');
  // 15:04 UTC on July 20 is 9:04 a.m. in Alberta (UTC-6).
  await expect(panel).toContainText('Jul 20, 2026, 9:04 a.m. Alberta time');
  const text = await panel.textContent();
  expect(text).not.toMatch(/chatInitiated|synthesizedEmail|chat\.carbro\.invalid|\d{4}-\d\d-\d\dT\d\d:\d\d|: true\b/);

  // The same person's other lead, linked; it opens in the panel and links back.
  const related = panel.getByRole('region', { name: /Other leads from this person/ });
  await expect(related).toContainText('same phone');
  await expect(related.getByRole('link')).toHaveCount(1);
  await related.getByRole('link', { name: /Trade appraiser lead/ }).click();
  const tradePanel = page.getByRole('dialog', { name });
  await expect(tradePanel).toContainText('Trade the vehicle in');
  await expect(tradePanel).toContainText('2015 Dodge Grand Caravan SE, 180,000 km');
  await expect(tradePanel.getByRole('region', { name: /Other leads from this person/ }).getByRole('link', { name: /Chat lead/ })).toBeVisible();
  await expect(page).toHaveURL(/q=Morgan/);
  await expect(page).toHaveURL(/lead=\d+/);
});
