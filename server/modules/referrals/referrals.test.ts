import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REFERRAL_PROGRAM } from '@domain/settings';
import { notifications, referrals, users } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { CODE_MISSES_PER_IP, REDEEMS_PER_USER } from './routes';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.5.0.${++ip}`;

async function codeFor(user: { id: number; role: 'customer' | 'admin' }) {
  const s = await loginAs(t.app, user);
  const res = await t.app.inject({ method: 'GET', url: '/api/referrals/me', headers: { cookie: s.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().code as string;
}

let n = 0;
const register = (extra: Record<string, unknown> = {}) => {
  n++;
  return t.app.inject({
    method: 'POST', url: '/api/auth/register', remoteAddress: nextIp(),
    payload: { username: `friend${n}`, email: `friend${n}@example.ca`, password: 'a long enough phrase', firstName: `Friend${n}`, ...extra },
  });
};

describe('GET /api/referrals/me', () => {
  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals/me' });
    expect(res.statusCode).toBe(401);
  });

  it('gives every user one stable code and a share path to the landing page', async () => {
    const u = await t.createUser();
    const first = await codeFor(u);
    expect(first).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await codeFor(u)).toBe(first);
    const s = await loginAs(t.app, u);
    const body = (await t.app.inject({ method: 'GET', url: '/api/referrals/me', headers: { cookie: s.cookie } })).json();
    expect(body).toEqual({ code: first, sharePath: `/referral-landing?code=${first}`, friends: [], totals: { referred: 0, rewardsEarned: 0 } });
    const other = await t.createUser();
    expect(await codeFor(other)).not.toBe(first);
  });
});

describe('registration with a referral code', () => {
  it('credits the referrer, with the configured reward and a referral.converted notification', async () => {
    const referrer = await t.createUser();
    const code = await codeFor(referrer);
    // Codes are typed in any case: the lower-cased code still counts.
    const res = await register({ referralCode: code.toLowerCase(), firstName: 'Casey', lastName: 'Private' });
    expect(res.statusCode).toBe(201);
    const friendId = res.json().user.id;

    const [row] = await t.db.select().from(referrals).where(eq(referrals.referredUserId, friendId));
    expect(row).toMatchObject({ referrerId: referrer.id, code, status: 'credited', rewardAmount: REFERRAL_PROGRAM.rewardAmount });
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, referrer.id), eq(notifications.event, 'referral.converted')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'success', link: '/referral-program' });
    expect(notes[0]!.message).toContain('Casey');

    const s = await loginAs(t.app, referrer);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/referrals/me', headers: { cookie: s.cookie } })).json();
    // First name only: no last name, email or username of the friend.
    expect(mine.friends).toEqual([{ firstName: 'Casey', joinedAt: expect.any(String), status: 'credited', rewardAmount: REFERRAL_PROGRAM.rewardAmount }]);
    expect(JSON.stringify(mine)).not.toContain('Private');
    expect(mine.totals).toEqual({ referred: 1, rewardsEarned: REFERRAL_PROGRAM.rewardAmount });
  });

  it('an unknown or malformed code never blocks the sign-up and credits nobody', async () => {
    for (const referralCode of ['ZZZZZZZZ', '<script>', '']) {
      const res = await register({ referralCode });
      expect(res.statusCode).toBe(201);
      const rows = await t.db.select().from(referrals).where(eq(referrals.referredUserId, res.json().user.id));
      expect(rows).toHaveLength(0);
    }
  });

  it('a code of a deactivated account is not credited', async () => {
    const gone = await t.createUser({ isActive: false });
    const code = await (async () => {
      await t.db.update(users).set({ isActive: 1 }).where(eq(users.id, gone.id));
      const c = await codeFor(gone);
      await t.db.update(users).set({ isActive: 0 }).where(eq(users.id, gone.id));
      return c;
    })();
    const res = await register({ referralCode: code });
    expect(res.statusCode).toBe(201);
    expect(await t.db.select().from(referrals).where(eq(referrals.referrerId, gone.id))).toHaveLength(0);
  });

  it('400 for an over-long code (validation names the field)', async () => {
    const res = await register({ referralCode: 'x'.repeat(65) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('referralCode');
  });
});

describe('POST /api/referrals/redeem', () => {
  // Same-origin, as the site's own pages send it (the Origin check guards cookie-carrying POSTs).
  const redeem = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/referrals/redeem', payload: payload as Record<string, unknown>, headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) } });

  it('401 without a session', async () => {
    expect((await redeem(undefined, { code: 'ABCDEFGH' })).statusCode).toBe(401);
  });

  it('400 for a missing or malformed code', async () => {
    const u = await t.createUser();
    const s = await loginAs(t.app, u);
    const missing = await redeem(s.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('code');
    expect((await redeem(s.cookie, { code: 'no spaces!' })).statusCode).toBe(400);
  });

  it('refuses self-referral (400) and an unknown code (404)', async () => {
    const u = await t.createUser();
    const s = await loginAs(t.app, u);
    const own = await codeFor(u);
    const self = await redeem(s.cookie, { code: own });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot use your own referral code');
    expect((await redeem(s.cookie, { code: 'ZZZZZZZZ' })).statusCode).toBe(404);
    expect(await t.db.select().from(referrals).where(eq(referrals.referredUserId, u.id))).toHaveLength(0);
  });

  it('credits once; a second code, or the same one again, is refused with 409', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const newcomer = await t.createUser();
    const s = await loginAs(t.app, newcomer);
    const ok = await redeem(s.cookie, { code: await codeFor(a) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Referral code applied', referrerFirstName: 'Test' });
    expect((await redeem(s.cookie, { code: await codeFor(a) })).statusCode).toBe(409);
    expect((await redeem(s.cookie, { code: await codeFor(b) })).statusCode).toBe(409);
    const rows = await t.db.select().from(referrals).where(eq(referrals.referredUserId, newcomer.id));
    expect(rows).toHaveLength(1);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(notes).toHaveLength(0);
  });

  it('refuses a code after registration also credited one (duplicate credit)', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const res = await register({ referralCode: await codeFor(a) });
    const friend = res.json().user;
    const s = await loginAs(t.app, friend);
    expect((await redeem(s.cookie, { code: await codeFor(b) })).statusCode).toBe(409);
  });

  it('refuses an account older than the redeem window', async () => {
    const a = await t.createUser();
    const old = await t.createUser();
    await t.db.update(users).set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) }).where(eq(users.id, old.id));
    const s = await loginAs(t.app, old);
    const res = await redeem(s.cookie, { code: await codeFor(a) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/within 7 days/);
  });

  it(`429 after ${REDEEMS_PER_USER.max} attempts per account`, async () => {
    const u = await t.createUser();
    const s = await loginAs(t.app, u);
    for (let i = 0; i < REDEEMS_PER_USER.max; i++) expect((await redeem(s.cookie, { code: 'ZZZZZZZZ' })).statusCode).toBe(404);
    expect((await redeem(s.cookie, { code: 'ZZZZZZZZ' })).statusCode).toBe(429);
  });
});

describe('GET /api/referrals/codes/:code', () => {
  it('names the referrer by first name only; 404 for an unknown code; 400 for a malformed one', async () => {
    const u = await t.createUser();
    const code = await codeFor(u);
    const ok = await t.app.inject({ method: 'GET', url: `/api/referrals/codes/${code.toLowerCase()}`, remoteAddress: nextIp() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code, referrerFirstName: 'Test' });
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals/codes/ZZZZZZZZ', remoteAddress: nextIp() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/referrals/codes/${'x'.repeat(65)}`, remoteAddress: nextIp() })).statusCode).toBe(400);
  });

  it(`a real code can be looked up on every page a referred visitor loads; ${CODE_MISSES_PER_IP.max} misses from one address stop all look-ups`, async () => {
    const code = await codeFor(await t.createUser());
    const address = nextIp();
    const lookUp = (c: string) => t.app.inject({ method: 'GET', url: `/api/referrals/codes/${c}`, remoteAddress: address });
    for (let i = 0; i < CODE_MISSES_PER_IP.max + 10; i++) expect((await lookUp(code)).statusCode).toBe(200);
    for (let i = 0; i < CODE_MISSES_PER_IP.max; i++) expect((await lookUp(`ZZZZZZ${String(i).padStart(2, '0')}`)).statusCode).toBe(404);
    const blocked = await lookUp('ZZZZZZZZ');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // A guesser cannot tell a hit from a miss once blocked.
    expect((await lookUp(code)).statusCode).toBe(429);
  });
});
