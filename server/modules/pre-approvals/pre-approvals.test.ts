import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CREDIT_CHECK_CONSENT_TEXT } from '@domain/pre-approval';
import { auditLog, leads, preApprovalApplications, preApprovalNotes } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext, type TestUser } from '../../test/helpers';
import { PRE_APPROVALS_PER_IP } from './routes';
import { purgeExpiredPreApprovals } from './service';

let t: TestContext;
let admin: TestUser;
let adminSession: Session;
let customerSession: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'admin' });
  adminSession = await loginAs(t.app, admin);
  customerSession = await loginAs(t.app, await t.createUser());
});
afterAll(() => t.close());

const application = (over: Record<string, unknown> = {}) => ({
  vehicle: { vehicleId: null, vehicleInterest: 'Mid-size SUV, AWD' },
  employment: { employmentStatus: 'full_time', employer: 'Northern Pipe Fabricators', jobTitle: 'Welder', monthsAtJob: 38, monthlyIncome: 6125 },
  housing: { housingStatus: 'rent', monthlyHousingPayment: 1450, street: '9817 82 Ave NW', city: 'Edmonton', province: 'AB', postalCode: 't6e1z4', yearsAtAddress: 3 },
  downPayment: { downPayment: 3000, hasTradeIn: true, tradeIn: { year: 2012, make: 'Honda', model: 'Civic', mileage: 187000, amountOwing: 0 } },
  contact: { firstName: 'Dana', lastName: 'Kowalczyk', email: 'dana.k@example.ca', phone: '(780) 555-0123', dateOfBirth: '1988-07-19' },
  consent: { creditCheckConsent: true, marketingConsent: false },
  ...over,
});

let ipCounter = 0;
const submit = (payload: unknown, ip = `10.9.0.${++ipCounter}`) =>
  t.app.inject({ method: 'POST', url: '/api/pre-approvals', payload: payload as Record<string, unknown>, remoteAddress: ip });

describe('POST /api/pre-approvals', () => {
  it('stores the personal fields encrypted, records the consent wording and time, and creates a lead', async () => {
    const before = Date.now();
    const res = await submit(application());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ reference: expect.stringMatching(/^PA-\d{6}$/), status: 'new' });
    // The result screen never claims an approval.
    expect(body.nextSteps.join(' ')).not.toMatch(/you are approved|you're approved|approved for/i);

    // Read the raw row straight from SQL: no income, birth date, address, employer or name in any column.
    const raw = await t.db.execute(sql`select * from pre_approval_applications where id = ${body.id}`);
    const rowText = JSON.stringify(raw.rows ?? raw);
    expect(rowText).toContain('v1.');
    for (const plain of ['6125', '1988-07-19', '9817 82 Ave', 'Northern Pipe', 'Kowalczyk', 'dana.k@example.ca', '1450', 'T6E 1Z4']) {
      expect(rowText).not.toContain(plain);
    }
    const [row] = await t.db.select().from(preApprovalApplications).where(eq(preApprovalApplications.id, body.id));
    expect(row!.pii).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row!.consentText).toBe(CREDIT_CHECK_CONSENT_TEXT);
    expect(row!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.vehicleInterest).toBe('Mid-size SUV, AWD');

    const [lead] = await t.db.select().from(leads).where(eq(leads.id, row!.leadId!));
    expect(lead).toMatchObject({ source: 'pre_approval', leadType: 'pre_approval', name: 'Dana Kowalczyk', phone: '(780) 555-0123', refType: 'pre_approval', refId: String(body.id) });
    expect(lead!.tradeIn).toMatchObject({ year: 2012, make: 'Honda', model: 'Civic' });
    // The lead names the application but never copies the encrypted fields into plain text.
    expect(JSON.stringify(lead)).not.toContain('6125');
    expect(JSON.stringify(lead)).not.toContain('1988-07-19');
  });

  it.each([
    ['consent not given', { consent: { creditCheckConsent: false } }, /creditCheckConsent/],
    ['a minor', { contact: { ...application().contact, dateOfBirth: `${new Date().getFullYear() - 16}-01-01` } }, /18 or older/],
    ['a US zip code', { housing: { ...application().housing, postalCode: '90210' } }, /postal code/],
    ['negative income', { employment: { ...application().employment, monthlyIncome: -5 } }, /Gross monthly income cannot be negative/],
    ['no employer while employed', { employment: { ...application().employment, employer: '' } }, /Enter your employer or business name/],
    ['a trade-in announced but not described', { downPayment: { downPayment: 0, hasTradeIn: true } }, /tradeIn/],
    ['an unknown vehicle', { vehicle: { vehicleId: 999999, vehicleInterest: '' } }, /vehicleId does not match/],
  ])('answers 400 for %s, saying what is wrong', async (_label, over, message) => {
    const res = await submit(application(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('never asks for a SIN: an extra sin field is not stored', async () => {
    const res = await submit({ ...application(), contact: { ...application().contact, sin: '046 454 286' } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(preApprovalApplications).where(eq(preApprovalApplications.id, res.json().id));
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/pre-approvals/${row!.id}`, headers: adminSession.bearer });
    expect(JSON.stringify(detail.json())).not.toContain('046 454 286');
  });

  // Issue 33 §3: the back office once showed blank answers as "0 months" and "0 years".
  it('keeps optional answers left blank as not given, apart from a real 0', async () => {
    const app = application();
    const { monthsAtJob: _m, ...employment } = app.employment;
    const blank = await submit({ ...app, employment, housing: { ...app.housing, yearsAtAddress: null } });
    expect(blank.statusCode, blank.body).toBe(201);
    const zero = await submit({ ...app, employment: { ...employment, monthsAtJob: 0 } });
    const read = async (res: typeof blank) => (await t.app.inject({ method: 'GET', url: `/api/admin/pre-approvals/${res.json().id}`, headers: adminSession.bearer })).json().applicant;
    expect(await read(blank)).toMatchObject({ employment: { monthsAtJob: null }, housing: { yearsAtAddress: null } });
    expect(await read(zero)).toMatchObject({ employment: { monthsAtJob: 0 }, housing: { yearsAtAddress: 3 } });
  });

  it(`is rate limited to ${PRE_APPROVALS_PER_IP.max} applications per address`, async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < PRE_APPROVALS_PER_IP.max; i++) expect((await submit(application(), ip)).statusCode).toBe(201);
    const res = await submit(application(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('admin pre-approvals', () => {
  let id: number;
  beforeAll(async () => { id = (await submit(application())).json().id; });

  it('keeps every admin route from visitors (401) and customers (403)', async () => {
    const routes = [
      ['GET', '/api/admin/pre-approvals'], ['GET', `/api/admin/pre-approvals/${id}`],
      ['PATCH', `/api/admin/pre-approvals/${id}`], ['POST', `/api/admin/pre-approvals/${id}/notes`],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'PATCH' ? { status: 'approved' } : method === 'POST' ? { body: 'x' } : undefined;
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
      const res = await t.app.inject({ method, url, headers: customerSession.bearer, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Kowalczyk');
    }
  });

  it('lists applications without personal data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/pre-approvals', headers: adminSession.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('Kowalczyk');
    expect(res.body).not.toContain('6125');
    expect(res.json().assignees).toContainEqual({ id: admin.id, name: expect.any(String) });
  });

  it('decrypts the detail for an admin and writes each view to the audit log', async () => {
    const countViews = async () => (await t.db.select().from(auditLog).where(eq(auditLog.action, 'pre_approval.view'))).filter((r) => r.entityId === String(id)).length;
    const views = await countViews();
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/pre-approvals/${id}`, headers: adminSession.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json().applicant).toMatchObject({
      contact: { lastName: 'Kowalczyk', dateOfBirth: '1988-07-19' },
      employment: { monthlyIncome: 6125, employer: 'Northern Pipe Fabricators' },
      housing: { postalCode: 'T6E 1Z4', city: 'Edmonton' },
    });
    expect(res.json().consentText).toBe(CREDIT_CHECK_CONSENT_TEXT);
    await t.app.inject({ method: 'GET', url: `/api/admin/pre-approvals/${id}`, headers: adminSession.bearer });
    expect(await countViews()).toBe(views + 2);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'pre_approval.view')).limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'pre_approval' });
  });

  it('changes status and assignee, adds notes (audited), and filters by them', async () => {
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/pre-approvals/${id}`, headers: adminSession.bearer, payload: { status: 'contacted', assigneeId: admin.id } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ status: 'contacted', assignee: { id: admin.id } });
    const note = await t.app.inject({ method: 'POST', url: `/api/admin/pre-approvals/${id}/notes`, headers: adminSession.bearer, payload: { body: 'Called, asked for two pay stubs.' } });
    expect(note.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/pre-approvals?status=contacted&assignee=${admin.id}`, headers: adminSession.bearer });
    expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([id]);
    expect(list.json().items[0].noteCount).toBe(1);
    const byRef = await t.app.inject({ method: 'GET', url: `/api/admin/pre-approvals?q=PA-${String(id).padStart(6, '0')}`, headers: adminSession.bearer });
    expect(byRef.json().total).toBe(1);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['pre_approval.update', 'pre_approval.note']));
  });

  it.each([
    ['a bad status', 'PATCH', { status: 'maybe' }, /status must be one of/],
    ['an empty change', 'PATCH', {}, /Send status, assigneeId/],
    ['a customer as assignee', 'PATCH', 'customer', /active staff account/],
    ['an empty note', 'POST', { body: '  ' }, /body is required/],
  ])('answers 400 for %s', async (_label, method, payload, message) => {
    const body = payload === 'customer' ? { assigneeId: (await t.createUser()).id } : payload;
    const url = method === 'PATCH' ? `/api/admin/pre-approvals/${id}` : `/api/admin/pre-approvals/${id}/notes`;
    const res = await t.app.inject({ method: method as 'PATCH' | 'POST', url, headers: adminSession.bearer, payload: body as Record<string, unknown> });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 404 for a missing application and 400 for a bad reference filter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pre-approvals/999999', headers: adminSession.bearer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pre-approvals?q=Smith', headers: adminSession.bearer })).statusCode).toBe(400);
  });
});

describe('retention purge', () => {
  it('deletes applications (and their notes) older than the retention period and keeps newer ones', async () => {
    const old = (await submit(application())).json().id as number;
    const recent = (await submit(application())).json().id as number;
    await t.db.insert(preApprovalNotes).values({ applicationId: old, authorName: 'admin', body: 'note' });
    await t.db.update(preApprovalApplications).set({ createdAt: new Date(Date.now() - 731 * 24 * 3600_000) }).where(eq(preApprovalApplications.id, old));
    await t.db.update(preApprovalApplications).set({ createdAt: new Date(Date.now() - 729 * 24 * 3600_000) }).where(eq(preApprovalApplications.id, recent));

    const purged = await purgeExpiredPreApprovals(t.db, 730);
    expect(purged).toBe(1);
    expect(await t.db.select().from(preApprovalApplications).where(eq(preApprovalApplications.id, old))).toHaveLength(0);
    expect(await t.db.select().from(preApprovalNotes).where(eq(preApprovalNotes.applicationId, old))).toHaveLength(0);
    expect(await t.db.select().from(preApprovalApplications).where(eq(preApprovalApplications.id, recent))).toHaveLength(1);
    expect(await purgeExpiredPreApprovals(t.db, 730)).toBe(0);
  });
});
