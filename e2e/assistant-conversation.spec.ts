// Issue 20: the car assistant follows a conversation in the browser. "Show me trucks under $40,000" lists real
// trucks; "Which of those has the lowest mileage?" names one of them, and it is the lowest mileage of the ones
// listed. Neither reply talks about booking, so the booking form stays shut (spec §4).
import { expect, test } from './fixtures';

const kmOf = (line: string) => Number(/— \$[\d,]+, ([\d,]+) km,/.exec(line)![1]!.replace(/,/g, ''));

test('a two-turn conversation: trucks under $40,000, then the lowest mileage of those', async ({ page, unique }) => {
  // An address of its own: the chat's contact form posts a lead, and leads are limited per address. Never a constant:
  // --repeat-each runs the test again on the same server.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': unique.address() });
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Chat with our car assistant' }).click();
  const chat = page.getByRole('dialog', { name: /Car assistant/ });
  await expect(chat).toBeVisible();
  await chat.getByLabel('Name').fill(unique.name('Sam Tester'));
  await chat.getByLabel('Phone').fill('780 555 0177');
  await chat.getByRole('button', { name: 'Start Chat' }).click();
  await expect(chat.getByText('Hi Sam! Thanks for reaching out.')).toBeVisible();

  const box = chat.getByRole('textbox', { name: 'Message' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  await box.fill('Show me trucks under $40,000');
  await box.press('Enter');
  await expect(log).toContainText(/we have \d+ trucks under \$40,000 in stock/);
  const first = await log.innerText();
  const listed = first.split('\n').filter((l) => /^• .* km, .*Stock #/.test(l));
  expect(listed.length).toBeGreaterThan(1);
  const lowest = Math.min(...listed.map(kmOf));

  const asked = page.waitForRequest((r) => r.url().endsWith('/api/car-assistant'));
  await box.fill('Which of those has the lowest mileage?');
  await box.press('Enter');
  expect((await asked).postDataJSON().sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(log).toContainText(/the one with the lowest mileage is/);
  const all = (await log.innerText()).split('\n');
  const at = all.findIndex((l) => /the one with the lowest mileage is/.test(l));
  const answerLine = all.slice(at + 1).find((l) => /^• .* km, /.test(l))!;
  expect(kmOf(answerLine)).toBe(lowest);
  expect(listed).toContain(answerLine);
  // The linked title leads to that vehicle's page.
  const title = /^• (.*?) — /.exec(answerLine)![1]!;
  await expect(log.getByRole('link', { name: title }).last()).toHaveAttribute('href', /^\/vehicles\/\d+$/);
  // The replies (not the greeting, which offers booking) never use the words that open the booking form.
  const replies = (await log.innerText()).split('Show me trucks under $40,000').slice(1).join('');
  expect(replies).not.toMatch(/\b(appointment|book|booking|schedule)\b/i);
});
