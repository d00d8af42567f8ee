// Admin two-factor sign-in (issue 4, "Access") through the real app: set-up with an otpauth QR code, confirmation,
// login answering a challenge instead of a session, codes (no replay), single-use recovery codes, turning it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { TwoFactorSetup } from '@domain/admin';
import { adminTwoFactor, auditLog, sessions } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext, type TestUser } from '../../test/helpers';

let t: TestContext;
let admin: TestUser;
let adminS: Session;
let customer: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', password: 'admin password 2fa' });
  adminS = await loginAs(t.app, admin);
  customer = await loginAs(t.app, await t.createUser());
});
afterAll(() => t.close());

const codeAt = (secret: string, offsetSteps = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
const post = (url: string, payload?: object, who: Session | null = adminS, remoteAddress = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: who ? who.bearer : {}, remoteAddress });
const login = (password = admin.password, remoteAddress = '10.9.0.2') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: admin.username, password }, remoteAddress });

describe('admin two-factor sign-in', () => {
  let secret: string;
  let recovery: string[];

  it('is admin-only: 401 for a visitor, 403 for a customer', async () => {
    for (const url of ['/api/auth/two-factor/setup', '/api/auth/two-factor/confirm', '/api/auth/two-factor/disable', '/api/auth/two-factor/recovery-codes']) {
      expect((await post(url, {}, null)).statusCode, url).toBe(401);
      expect((await post(url, {}, customer)).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: customer.bearer })).statusCode).toBe(403);
  });

  it('set-up gives an otpauth QR code and the secret, stored sealed; it is not on until confirmed', async () => {
    const res = await post('/api/auth/two-factor/setup');
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json() as TwoFactorSetup;
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    secret = setup.secret;
    const [row] = await t.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.userId, admin.id));
    expect(row!.secretSealed).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();
    // Not on yet: the password alone still signs in.
    expect((await login()).statusCode).toBe(200);
  });

  it('confirm refuses a wrong or malformed code, then turns it on and shows ten recovery codes once', async () => {
    const wrong = await post('/api/auth/two-factor/confirm', { code: codeAt(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('code');
    expect((await post('/api/auth/two-factor/confirm', { code: '12ab' })).json().message).toMatch(/6 digits/);
    const ok = await post('/api/auth/two-factor/confirm', { code: codeAt(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    recovery = ok.json().recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const status = (await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: adminS.bearer })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post('/api/auth/two-factor/setup')).statusCode).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'security.two_factor_on'));
    expect(entry!.actorId).toBe(admin.id);
  });

  it('login then answers a challenge and opens no session; the code step does', async () => {
    const sessionsBefore = await t.db.$count(sessions, eq(sessions.userId, admin.id));
    const first = await login();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: 'two_factor_required' });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(await t.db.$count(sessions, eq(sessions.userId, admin.id))).toBe(sessionsBefore);
    // A wrong password is still the plain failure, without a challenge.
    const badPassword = await login('not the password');
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().challenge).toBeUndefined();
    // Both are 401s: the code tells the client which screen comes next.
    expect(badPassword.json().code).toBe('invalid_credentials');

    const { challenge } = first.json();
    // The code used to confirm set-up cannot be replayed; the next one works.
    const replay = await post('/api/auth/login/two-factor', { challenge, code: codeAt(secret) }, null);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_two_factor_code');
    const ok = await post('/api/auth/login/two-factor', { challenge, code: codeAt(secret, 1) }, null);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.username).toBe(admin.username);
    expect(ok.headers['set-cookie']).toBeDefined();
    // The challenge is spent.
    expect((await post('/api/auth/login/two-factor', { challenge, code: codeAt(secret, 1) }, null)).statusCode).toBe(401);
  });

  it('a recovery code works once, with or without its dash', async () => {
    const c1 = (await login()).json().challenge;
    expect((await post('/api/auth/login/two-factor', { challenge: c1, code: recovery[0]!.replace('-', '').toUpperCase() }, null)).statusCode).toBe(200);
    const c2 = (await login()).json().challenge;
    expect((await post('/api/auth/login/two-factor', { challenge: c2, code: recovery[0] }, null)).statusCode).toBe(401);
    expect((await post('/api/auth/login/two-factor', { challenge: c2, code: recovery[1] }, null)).statusCode).toBe(200);
    const status = (await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: adminS.bearer })).json();
    expect(status.recoveryCodesLeft).toBe(8);
  });

  it('a challenge dies after five wrong codes; bad bodies are 400', async () => {
    const { challenge } = (await login()).json();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login/two-factor', { challenge, code: 'zzzzzzzzzz' }, null, '10.9.0.3')).statusCode).toBe(401);
    }
    const dead = await post('/api/auth/login/two-factor', { challenge, code: codeAt(secret, 2) }, null, '10.9.0.3');
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toMatch(/expired or had too many wrong codes/);
    expect(dead.json().code).toBe('challenge_expired');
    expect((await post('/api/auth/login/two-factor', { challenge: 'short', code: '123456' }, null)).statusCode).toBe(400);
    expect((await post('/api/auth/login/two-factor', { challenge, code: '12' }, null)).statusCode).toBe(400);
  });

  it('new recovery codes and turning off both need the password', async () => {
    expect((await post('/api/auth/two-factor/recovery-codes', { password: 'wrong' })).statusCode).toBe(400);
    const fresh = await post('/api/auth/two-factor/recovery-codes', { password: admin.password });
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect((await post('/api/auth/two-factor/disable', { password: 'wrong' })).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/disable', {})).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/disable', { password: admin.password })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });
});
