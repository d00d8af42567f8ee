// POST /api/approval-criteria (spec §7) through the real app: the §9 estimate, storage per user, the §5 bounds, the limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CRITERIA } from '@domain/finance';
import { approvalCriteria } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { CRITERIA_SAVES_PER_IP } from './routes';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const defaults = {
  creditScoreMin: DEFAULT_CRITERIA.creditScore,
  creditScoreMax: DEFAULT_CRITERIA.creditScore,
  monthlyIncome: DEFAULT_CRITERIA.monthlyIncome,
  downPayment: DEFAULT_CRITERIA.downPayment,
  monthlyBudget: DEFAULT_CRITERIA.monthlyBudget,
  loanTerm: DEFAULT_CRITERIA.loanTerm,
  interestRate: DEFAULT_CRITERIA.interestRate,
};

// Each test its own address, so the per-IP limit of one never touches another.
let ip = 0;
const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/approval-criteria', payload: payload as object, headers, remoteAddress });

const rowOf = async (id: number) => (await t.db.select().from(approvalCriteria).where(eq(approvalCriteria.id, id)))[0];

describe('POST /api/approval-criteria', () => {
  it('answers 201 with the §9 estimate for the default criteria and stores them without a user', async () => {
    const res = await post(defaults);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // 350 × annuity factor (8.99 %, 84 months) + 2000, rounded.
    expect(body).toMatchObject({ approvedAmount: 23761, monthlyPayment: 350, savedForUser: false });
    expect(Number.isInteger(body.id)).toBe(true);
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    const row = await rowOf(body.id);
    expect(row).toMatchObject({
      userId: null, creditScoreMin: 700, creditScoreMax: 700, monthlyIncome: 5000, downPayment: 2000,
      monthlyBudget: 350, loanTerm: 84, interestRateBp: 899, approvedAmount: 23761,
    });
  });

  it('stores the criteria for the signed-in user (cookie or bearer)', async () => {
    const user = await t.createUser();
    const session = await loginAs(t.app, user);
    const byCookie = await post(defaults, { cookie: session.cookie, origin: 'http://localhost', host: 'localhost' });
    expect(byCookie.statusCode).toBe(201);
    expect(byCookie.json().savedForUser).toBe(true);
    expect((await rowOf(byCookie.json().id))?.userId).toBe(user.id);

    const byBearer = await post({ ...defaults, monthlyBudget: 500 }, session.bearer);
    expect(byBearer.statusCode).toBe(201);
    expect((await rowOf(byBearer.json().id))?.userId).toBe(user.id);
  });

  it('answers 0 when the budget is 0 and handles a 0 % rate', async () => {
    const none = await post({ ...defaults, monthlyBudget: 0 });
    expect(none.statusCode).toBe(201);
    expect(none.json()).toMatchObject({ approvedAmount: 0, monthlyPayment: 0 });
    const free = await post({ ...defaults, interestRate: 0, loanTerm: 36, monthlyBudget: 100, downPayment: 0 });
    expect(free.json()).toMatchObject({ approvedAmount: 3600, monthlyPayment: 100 });
  });

  it('keeps cents out of whole-dollar columns without changing the estimate', async () => {
    const res = await post({ ...defaults, monthlyBudget: 349.6, downPayment: 1999.5, interestRate: 8.995 });
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json().id);
    expect(row).toMatchObject({ monthlyBudget: 350, downPayment: 2000, interestRateBp: 900 });
  });

  it.each([
    ['a negative income', { monthlyIncome: -1 }, 'monthlyIncome', /cannot be negative/],
    ['a negative down payment', { downPayment: -500 }, 'downPayment', /cannot be negative/],
    ['a term outside the options', { loanTerm: 90 }, 'loanTerm', /one of 36, 48, 60, 72, 84, 96/],
    ['a score below 300', { creditScoreMin: 299, creditScoreMax: 299 }, 'creditScoreMin', /at least 300/],
    ['a score above 850', { creditScoreMin: 851, creditScoreMax: 851 }, 'creditScoreMin', /at most 850/],
    ['min above max', { creditScoreMin: 720, creditScoreMax: 700 }, 'creditScoreMin', /must not exceed/],
    ['a rate above 30', { interestRate: 30.01 }, 'interestRate', /at most 30/],
    ['a negative rate', { interestRate: -1 }, 'interestRate', /cannot be negative/],
    ['a string for a number', { monthlyBudget: '350' }, 'monthlyBudget', /must be a number/],
    ['a fractional score', { creditScoreMin: 700.5, creditScoreMax: 700.5 }, 'creditScoreMin', /./],
  ])('answers 400 naming the field for %s', async (_name, patch, field, message) => {
    const res = await post({ ...defaults, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Invalid body/);
    expect(body.fields[field]).toMatch(message);
  });

  it('answers 400 for a missing field, a missing body and a non-JSON body', async () => {
    const { loanTerm: _omit, ...noTerm } = defaults;
    const missing = await post(noTerm);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toContain('loanTerm');

    const empty = await t.app.inject({ method: 'POST', url: '/api/approval-criteria', remoteAddress: '10.0.1.1' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(expect.any(String));

    const notJson = await t.app.inject({
      method: 'POST', url: '/api/approval-criteria', remoteAddress: '10.0.1.2',
      headers: { 'content-type': 'application/json' }, payload: '{"creditScoreMin":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('Request body is not valid JSON');
  });

  it(`answers 429 with Retry-After after ${CRITERIA_SAVES_PER_IP.max} saves a minute from one address`, async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < CRITERIA_SAVES_PER_IP.max; i++) {
      expect((await post(defaults, {}, address)).statusCode).toBe(201);
    }
    const over = await post(defaults, {}, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Too many/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await post(defaults, {}, '10.9.9.10')).statusCode).toBe(201);
  });
});
