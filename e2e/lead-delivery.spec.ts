// Issue 32 part 2, in the browser: an admin connects a CRM webhook on the Lead delivery page, sends a test lead, and
// sees a shopper's new lead delivered in the log. The CRM is a node:http server in this test process; the retries,
// signatures and outages are proven by the API suite (server/modules/lead-delivery/lead-delivery.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { adminHeaders, signInAdmin } from './support';

test('an admin connects the CRM, tests it, and sees a new lead delivered in the log', async ({ page, request, unique }) => {
  const shopper = unique.name('Wren Webhook');
  const received: { id: string; body: { test?: boolean; lead: { name: string } } }[] = [];
  const crm = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ id: String(req.headers['x-delivery-id']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hooks/adf`;
  // A site setting: read what it is, and put it back afterwards (the next test on this server sees it).
  const found = (await (await request.get('/api/admin/lead-delivery', { headers: await adminHeaders() })).json()) as { adfEmail: string | null; webhookUrl: string | null };
  try {
    await signInAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Lead delivery' }).first().click();
    await expect(page.getByRole('heading', { name: 'Lead delivery', level: 1 })).toBeVisible();

    await page.getByLabel('Webhook URL').fill(url);
    await page.getByRole('button', { name: 'Generate' }).click();
    // Standard Webhooks: whsec_ and the base64 of 32 random bytes.
    await expect(page.getByLabel('Signing secret')).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Signing secret')).toHaveAttribute('placeholder', /A secret is set/);

    await page.getByRole('button', { name: 'Send test lead' }).click();
    await expect(page.getByRole('list', { name: 'Test lead results' })).toContainText('HTTP 202');
    expect(received.at(-1)?.body.test).toBe(true);

    // A shopper's contact form, from an address of its own (the per-address lead limit).
    const lead = await request.post('/api/leads', {
      headers: { 'x-forwarded-for': unique.address() },
      data: { source: 'contact', leadType: 'contact', name: shopper, email: `${unique.token('wren')}@example.ca`, message: 'Still for sale?' },
    });
    expect(lead.status()).toBe(201);
    await expect.poll(() => received.some((r) => r.body.lead.name === shopper)).toBe(true);

    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(shopper) });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 202');
  } finally {
    // Leave the next tests the delivery settings as found (on a fresh server: delivering nowhere).
    const restored = await request.put('/api/admin/lead-delivery', { data: { adfEmail: found.adfEmail, webhookUrl: found.webhookUrl }, headers: await adminHeaders() });
    expect(restored.status(), await restored.text()).toBe(200);
    await new Promise<void>((resolve) => crm.close(() => resolve()));
  }
});
