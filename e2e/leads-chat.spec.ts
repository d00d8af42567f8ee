// Issue 6, chat and leads: a shopper chats from the contact form to an inventory answer to a booked test drive
// (spec §2/§4 chat widget, §5 Enter/Shift+Enter, §7 calls, §9 1.5 s booking delay); an admin reads the lead with
// its conversation in /admin/leads, works it, and exports it as ADF 1.0. The booking form the chat opens comes with
// the contact form's name and phone filled in, and both forms report their funnel.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { signInAdmin } from './support';

const edmontonDate = (page: Page, days: number) => page.evaluate((d) => {
  const now = new Date(Date.now() + d * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}, days);

test('chat: contact form, an inventory answer with real vehicles, then the booking form opens pre-filled and books', async ({ page, unique }) => {
  test.setTimeout(90_000);
  const name = unique.name('Priya');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  // issue 6: the funnel events (form, event, step) the two forms send to our own analytics endpoint. They go by
  // sendBeacon, whose body Playwright does not expose, so the page keeps a copy of each one it sends.
  await page.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, { sentBeacons: sent });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/form-analytics/track') && data instanceof Blob) void data.text().then((t) => sent.push(t));
      return send(url, data);
    };
  });
  const funnel = async (form: string) => (await page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons))
    .map((t) => JSON.parse(t) as { form: string; event: string; step?: string })
    .filter((e) => e.form === form).map((e) => [e.event, e.step].filter(Boolean).join(' '));
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Chat with our car assistant' }).click();
  const chat = page.getByRole('dialog', { name: /Car assistant/ });
  await expect(chat).toBeVisible();

  // spec §5: Start Chat stays disabled until name and phone are non-blank after trimming.
  const start = chat.getByRole('button', { name: 'Start Chat' });
  await expect(start).toBeDisabled();
  await chat.getByLabel('Name').fill('   ');
  await chat.getByLabel('Phone').fill('780 555 0142');
  await expect(start).toBeDisabled();
  await chat.getByLabel('Name').fill(name);
  const leadPosted = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
  await start.click();
  // spec §3: the chat lead with the e-mail synthesized from the phone's digits.
  const lead = (await leadPosted).postDataJSON();
  expect(lead).toMatchObject({ phone: '780 555 0142', email: '7805550142@chat.carbro.invalid', source: 'carbro_chat', leadType: 'chat', additionalData: { name, chatInitiated: true } });
  await expect(chat.getByText(`Hi ${name.split(' ')[0]}! Thanks for reaching out.`)).toBeVisible();
  await expect.poll(() => funnel('chat_contact')).toEqual(['start', 'step submit', 'complete']);

  // spec §5: Shift+Enter is a new line, Enter sends.
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('any AWD SUVs');
  await box.press('Shift+Enter');
  await box.pressSequentially('under $30k?');
  await expect(box).toHaveValue('any AWD SUVs\nunder $30k?');
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/car-assistant'));
  await box.press('Enter');
  const body = (await asked).postDataJSON();
  expect(body).toMatchObject({ question: 'any AWD SUVs\nunder $30k?', conversationHistory: [] });
  await expect(box).toHaveValue('');

  // A real answer from live inventory: vehicles with prices, stock numbers and links to their pages.
  const log = chat.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText(/we have \d+ AWD SUVs under \$30,000 in stock/);
  // issue 21: each link reads as the vehicle's title and leads to its page.
  const firstLink = log.getByRole('link', { name: /^(19|20)\d\d / }).first();
  await expect(firstLink).toHaveAttribute('href', /^\/vehicles\/\d+$/);
  expect(await page.evaluate(() => localStorage.getItem('carbro-session-id'))).toMatch(/^[A-Za-z0-9_-]{24}$/);

  // The follow-up carries the history (last 10 messages without the greeting) and the session id.
  const second = page.waitForRequest((r) => r.url().endsWith('/api/car-assistant'));
  await box.fill('Can I book a test drive?');
  await box.press('Enter');
  const followUp = (await second).postDataJSON();
  expect(followUp.conversationHistory).toHaveLength(2);
  expect(followUp.conversationHistory[0]).toEqual({ isUser: true, text: 'any AWD SUVs\nunder $30k?' });
  expect(followUp.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(log).toContainText("I'll open our booking form");
  const answeredAt = Date.now();

  // spec §4/§9: the booking form opens 1.5 s after a reply that mentions booking.
  const booking = page.getByRole('dialog', { name: /Book an Appointment|Book a Test Drive/ });
  await expect(booking).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(1_000);
  // spec §4: the chat's contact details (its contact key in browser storage) are not asked for twice.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('carbro-contact-info')))!)).toMatchObject({ name, phone: '780 555 0142' });
  await expect(booking.getByLabel('Name *')).toHaveValue(name);
  await expect(booking.getByLabel('Phone *')).toHaveValue('780 555 0142');
  // issue 21: a test drive was asked for, so the form starts on that type, at the first question left.
  await expect(booking.getByLabel('Appointment type *')).toHaveValue('test_drive');
  await expect(booking.getByLabel('Preferred date *')).toBeFocused();
  await booking.getByLabel('Preferred date *').fill(await edmontonDate(page, 2));
  await booking.getByLabel('Preferred time *').selectOption('11:00 AM');
  await booking.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Appointment Booked!').first()).toBeVisible();
  await expect(booking).toBeHidden();
  await expect.poll(() => funnel('booking')).toEqual(['start', 'step submit', 'complete']);

  // spec §4: open state, contact and messages persist across a reload; minimize and restore; clear.
  await page.reload();
  // The panel's chunk loads again after a reload; a busy CI machine can take a while.
  await expect(chat).toBeVisible({ timeout: 20_000 });
  await expect(log).toContainText("I'll open our booking form");
  await chat.getByRole('button', { name: 'Minimize chat' }).click();
  await expect(log).toBeHidden();
  expect(await page.evaluate(() => [localStorage.getItem('carbro-is-open'), localStorage.getItem('carbro-is-minimized')])).toEqual(['true', 'true']);
  await chat.getByRole('button', { name: 'Restore chat' }).click();
  await chat.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(log).not.toContainText('AWD SUVs');
  await expect(log).toContainText("Hi! I'm CarBro");
  expect(await page.evaluate(() => localStorage.getItem('carbro-session-id'))).toBeNull();
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with our car assistant' })).toBeVisible();
});

test('the openCarBroChat event opens the chat, and a failing assistant shows the spec §8 text', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('carbro-contact-info', JSON.stringify({ name: 'Test Shopper', phone: '7805550100' }));
    window.dispatchEvent(new CustomEvent('openCarBroChat'));
  });
  const chat = page.getByRole('dialog', { name: /Car assistant/ });
  await expect(chat).toBeVisible();
  await page.route('**/api/car-assistant', (route) => route.fulfill({ status: 503, body: 'down' }));
  await chat.getByRole('textbox', { name: 'Message' }).fill('hello?');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chat.getByText("I'm sorry, I'm having trouble responding right now. Please try again in a moment.")).toBeVisible();
});

test('an admin reads a chat lead with its conversation, works it, and exports it as ADF', async ({ page, request, unique }) => {
  test.setTimeout(60_000);
  const name = unique.name('Jordan');
  // A shopper's chat lead and two messages, through the public API as the widget sends them.
  const headers = { 'x-forwarded-for': unique.address() };
  const leadRes = await request.post('/api/leads', { headers, data: { email: '4035550177@chat.carbro.invalid', phone: '403-555-0177', source: 'carbro_chat', leadType: 'chat', additionalData: { name, chatInitiated: true } } });
  expect(leadRes.status()).toBe(201);
  const { chatToken } = await leadRes.json();
  const ask = await request.post('/api/car-assistant', { headers, data: { question: 'Do you have any minivans?', conversationHistory: [], leadToken: chatToken } });
  expect(ask.ok()).toBe(true);

  await signInAdmin(page);
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Chat');
  await expect(row).toContainText('New');
  await expect(row).toContainText(/Waiting/);

  await row.getByRole('button', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Do you have any minivans?')).toBeVisible();
  await expect(panel.getByRole('link', { name: '403-555-0177' })).toHaveAttribute('href', 'tel:4035550177');
  await panel.getByLabel('Status').selectOption('contacted');
  await expect(page.getByText('Lead updated').first()).toBeVisible();
  await panel.getByLabel('New note').fill('Called back; wants a Sienna.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  // Saved: the box empties once the save has answered, and the note is in the lead's list. Until the box empties,
  // the text is in both (the list may refresh first).
  await expect(panel.getByLabel('New note')).toHaveValue('');
  await expect(panel.getByRole('listitem').getByText('Called back; wants a Sienna.')).toBeVisible();
  await expect(panel).toContainText('first response after');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download ADF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lead-\d+\.adf\.xml$/);
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toContain('<?adf version="1.0"?>');
  expect(xml).toContain(`<name part="full">${name}</name>`);
  expect(xml).toContain('<phone type="voice">403-555-0177</phone>');
  // Issue 54 §4: ADF's status says whether the CRM saw the prospect before, not the pipeline's "contacted".
  expect(xml).toContain('<prospect status="new">');
  await panel.getByRole('button', { name: 'Close lead' }).click();
  await expect(panel).toBeHidden();
  await expect(row).toContainText('Contacted');

  // A lead opened while the search box's 300 ms pause runs stays open when the search is then written to the URL.
  // Typed, rendered (two frames), then clicked from inside the page: the click lands inside the pause however slow
  // the test runner's round trips are on a busy machine.
  const shorter = name.slice(0, -1);
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(shorter);
  await row.getByRole('button', { name }).evaluate(async (button: HTMLButtonElement) => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    button.click();
  });
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(shorter).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  await expect(page).toHaveURL(/lead=\d+/);
  await expect(panel).toBeVisible();
});
