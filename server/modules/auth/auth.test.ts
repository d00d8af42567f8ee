// Accounts and sessions through the real app (spec §3, §4, §7; foundation issue): register, login by username or
// email, the session cookie and bearer token, logout, expiry, and the login and sign-up rate limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, loginAs, type TestContext, type TestUser } from '../../test/helpers';
import { hashToken } from '../../lib/tokens';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP, REGISTRATIONS_PER_IP } from './routes';

let t: TestContext;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ username: 'Alice', email: 'alice@example.ca', password: 'alice-password-1' });
});
afterAll(() => t.close());

// Every test uses its own client address, so the per-IP limits of one never touch another.
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: opts.headers, remoteAddress: opts.ip ?? nextIp() });
const currentUser = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers });

/** The session cookie a response set, with its attributes. */
function sessionCookie(res: { cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean; expires?: Date; maxAge?: number }[] }) {
  // `session`, or `__Host-session` on https (issue 15 item 4).
  return res.cookies.find((c) => c.name === 'session' || c.name === '__Host-session');
}

let registered = 0;
const newAccount = () => {
  registered++;
  return { username: `shopper${registered}`, email: `shopper${registered}@example.ca`, password: 'a-long-enough-password' };
};

describe('POST /api/auth/register', () => {
  it('creates a customer, signs them in by cookie alone and answers 201 {user} without a token or the password hash', async () => {
    const account = { ...newAccount(), firstName: 'Jo', lastName: 'Smith' };
    const res = await post('/api/auth/register', account);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // issue 15 item 5: nothing for browser storage; the httpOnly cookie is the session.
    expect(body).not.toHaveProperty('token');
    expect(body.user).toMatchObject({ username: account.username, email: account.email, firstName: 'Jo', lastName: 'Smith', role: 'customer', isActive: true, profileImageUrl: null });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.secure).toBeFalsy();
    // Only the hash of the token is stored.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(cookie.value)));
    expect(row!.userId).toBe(body.user.id);
    expect((await currentUser({ cookie: `session=${cookie.value}` })).json().user.id).toBe(body.user.id);
  });

  it('lower-cases the email and trims the names', async () => {
    const account = newAccount();
    const res = await post('/api/auth/register', { ...account, email: `  ${account.email.toUpperCase()} `, firstName: '  Jo  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: account.email, firstName: 'Jo', lastName: null });
  });

  it.each([
    [{ username: 'ab', email: 'x@example.ca', password: 'long-enough-pw' }, 'username', 'username needs at least 3 characters'],
    [{ username: 'bad name!', email: 'x@example.ca', password: 'long-enough-pw' }, 'username', 'username may use letters, digits, dots, dashes and underscores'],
    [{ username: 'goodname', email: 'not-an-email', password: 'long-enough-pw' }, 'email', 'email is not a valid address'],
    [{ username: 'goodname', email: 'x@example.ca', password: 'short' }, 'password', 'password needs at least 10 characters'],
    [{ email: 'x@example.ca', password: 'long-enough-pw' }, 'username', 'username is required'],
    [{ username: 'goodname', email: 'x@example.ca', password: 'long-enough-pw', firstName: 'a\u0000b' }, 'firstName', 'firstName contains a NUL character'],
  ])('refuses %j with 400 naming the field', async (payload, field, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields[field]).toBe(message);
    expect(body.message).toBe(`Invalid body: ${message}`);
  });

  it('answers 409 for a username or email already taken, whatever its case', async () => {
    const byName = await post('/api/auth/register', { username: 'ALICE', email: 'other@example.ca', password: 'a-long-enough-password' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({ code: 'conflict', message: 'That username or email is already registered', fields: { username: 'username is already taken' } });
    const byEmail = await post('/api/auth/register', { username: 'alice2', email: 'Alice@Example.CA', password: 'a-long-enough-password' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().fields).toEqual({ email: 'email is already registered' });
    expect(await t.db.select().from(users).where(eq(users.username, 'alice2'))).toEqual([]);
  });

  it(`limits sign-ups to ${REGISTRATIONS_PER_IP.max} per address`, async () => {
    const ip = nextIp();
    for (let i = 0; i < REGISTRATIONS_PER_IP.max; i++) expect((await post('/api/auth/register', newAccount(), { ip })).statusCode).toBe(201);
    const res = await post('/api/auth/register', newAccount(), { ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Too many sign-ups/);
    expect((await post('/api/auth/register', newAccount())).statusCode).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username, any case: cookie httpOnly and SameSite=Lax, the cookie alone for a customer', async () => {
    const res = await post('/api/auth/login', { username: 'alice', password: alice.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: alice.id, username: 'Alice', email: 'alice@example.ca' });
    expect(body.user).not.toHaveProperty('passwordHash');
    // issue 15 item 5: a customer's answer carries no token for browser storage.
    expect(body).not.toHaveProperty('token');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    body.token = cookie.value;
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(res.headers['set-cookie']).toMatch(/SameSite=Lax/);

    const me = await currentUser({ authorization: `Bearer ${body.token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: body.user });
    expect(me.headers['cache-control']).toBe('private, no-store');
  });

  it('signs in by email too', async () => {
    const res = await post('/api/auth/login', { username: 'ALICE@example.ca', password: alice.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(alice.id);
  });

  it('answers the same 401 for an unknown user, a wrong password and a deactivated account', async () => {
    const inactive = await t.createUser({ isActive: false, password: 'inactive-password' });
    const answers = await Promise.all([
      post('/api/auth/login', { username: 'nobody-here', password: 'whatever-password' }),
      post('/api/auth/login', { username: 'alice', password: 'wrong-password' }),
      post('/api/auth/login', { username: inactive.username, password: 'inactive-password' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid username or password' });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it.each([
    [{}, 'username'],
    [{ username: 'alice' }, 'password'],
    [{ username: '   ', password: 'x' }, 'username'],
    [{ username: 'alice', password: 'x'.repeat(129) }, 'password'],
  ])('refuses %j with 400', async (payload, field) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(Object.keys(res.json().fields)).toContain(field);
  });

});

describe('behind an https proxy (PUBLIC_URL https, TRUST_PROXY=1)', () => {
  let proxied: TestContext;
  beforeAll(async () => { proxied = await createTestApp({ env: { PUBLIC_URL: 'https://cars.example.ca', TRUST_PROXY: '1' } }); });
  afterAll(() => proxied.close());
  const viaProxy = (client: string, payload: object) => proxied.app.inject({
    method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client },
  });

  it('sets a Secure cookie', async () => {
    // alice's password: its hash is already computed in this worker.
    const user = await proxied.createUser({ password: alice.password });
    const res = await viaProxy('203.0.113.1', { username: user.username, password: alice.password });
    expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });

  it('limits each client address, not the proxy address they all arrive from', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_IP.max; i++) {
      expect((await viaProxy('203.0.113.7', { username: `ghost${i}`, password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect((await viaProxy('203.0.113.7', { username: 'ghost', password: 'wrong-password' })).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.8', { username: 'ghost', password: 'wrong-password' })).statusCode).toBe(401);
  });
});

describe('login rate limits (429 with Retry-After)', () => {
  it(`stops an address after ${LOGIN_FAILURES_PER_IP.max} failed attempts, across accounts`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP.max; i++) {
      expect((await post('/api/auth/login', { username: `ghost${i}`, password: 'wrong-password' }, { ip })).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { username: 'alice', password: alice.password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'rate_limited', message: 'Too many failed sign-in attempts from this address. Try again later.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURES_PER_IP.windowMs / 1000);
    // Another address is not affected.
    expect((await post('/api/auth/login', { username: 'alice', password: alice.password })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against an address', async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP.max + 2; i++) {
      expect((await post('/api/auth/login', { username: 'alice', password: alice.password }, { ip })).statusCode).toBe(200);
    }
  });

  it(`locks an account after ${LOGIN_FAILURES_PER_ACCOUNT.max} failures from any addresses, even for the right password`, async () => {
    const victim = await t.createUser({ password: 'victim-password' });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max; i++) {
      expect((await post('/api/auth/login', { username: victim.username, password: `guess-${i}-password` })).statusCode).toBe(401);
    }
    // A fresh address, the right password, the name in another case: still locked.
    const res = await post('/api/auth/login', { username: victim.username.toUpperCase(), password: 'victim-password' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('rate_limited');
    expect(res.json().message).toMatch(/^Too many failed sign-in attempts for this account\. Try again in 1[45] minutes, or reset your password with the link we e-mail you\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts sign in as usual.
    expect((await post('/api/auth/login', { username: 'alice', password: alice.password })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 without a session or with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token-but-long-enough' }, { cookie: 'session=forged' }, { authorization: 'Basic YWxpY2U6cHc=' }] as Record<string, string>[]) {
      const res = await currentUser(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'unauthorized', message: 'Authentication required' });
    }
  });

  it('prefers a valid bearer token over the cookie', async () => {
    const bob = await t.createUser();
    const [a, b] = [await loginAs(t.app, alice), await loginAs(t.app, bob)];
    const res = await currentUser({ ...b.bearer, cookie: a.cookie });
    expect(res.json().user.id).toBe(bob.id);
  });

  it('logout deletes the session and clears the cookie', async () => {
    const session = await loginAs(t.app, alice);
    const res = await post('/api/auth/logout', undefined, { headers: session.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out' });
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(session.token)))).toEqual([]);
    expect((await currentUser(session.bearer)).statusCode).toBe(401);
  });

  it('logout with the cookie from our own page, and logout without any session, both succeed', async () => {
    const session = await loginAs(t.app, alice);
    const res = await post('/api/auth/logout', undefined, { headers: { cookie: session.cookie, origin: t.config.publicUrl } });
    expect(res.statusCode).toBe(200);
    expect((await currentUser({ cookie: session.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(200);
  });

  it('refuses a session past its absolute expiry, and deletes it', async () => {
    const session = await loginAs(t.app, alice);
    const tokenHash = hashToken(session.token);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, tokenHash));
    expect((await currentUser(session.bearer)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).toEqual([]);
  });

  it('refuses a session idle for longer than the idle window', async () => {
    const session = await loginAs(t.app, alice);
    const tokenHash = hashToken(session.token);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - t.config.session.idleMs - 1000) }).where(eq(sessions.tokenHash, tokenHash));
    expect((await currentUser({ cookie: session.cookie })).statusCode).toBe(401);
  });

  it('keeps an active session alive, writing lastSeenAt at most once a minute', async () => {
    const session = await loginAs(t.app, alice);
    const tokenHash = hashToken(session.token);
    const lastSeen = async () => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, tokenHash)))[0]!.at.getTime();

    const recent = new Date(Date.now() - 10_000);
    await t.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.tokenHash, tokenHash));
    expect((await currentUser(session.bearer)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(recent.getTime());

    const old = new Date(Date.now() - 5 * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.tokenHash, tokenHash));
    expect((await currentUser(session.bearer)).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 5_000);
  });

  it('a deactivated user keeps their identity but loses every right', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const session = await loginAs(t.app, admin);
    await t.db.update(users).set({ isActive: 0 }).where(eq(users.id, admin.id));
    const me = await currentUser(session.bearer);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: admin.id, isActive: false, role: 'admin' });
    const mutation = await t.app.inject({ method: 'POST', url: '/api/vehicles/1/mark-sold', headers: session.bearer });
    expect(mutation.statusCode).toBe(403);
  });
});
