import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formEvents, pageViews } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
let vehicleId: number;
beforeAll(async () => {
  t = await createTestApp();
  vehicleId = (await t.createVehicle()).id;
});
afterAll(() => t.close());

let ip = 0;
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.7.0.${++ip}` });

describe('POST /api/form-analytics/track', () => {
  it('stores the spec §7 exit-intent beacon as a page-leave with time on site', async () => {
    const res = await post('/api/form-analytics/track', { formType: 'exit_intent_trigger', action: 'page_leave', fieldData: { timeOnSite: 45_210 } });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.select().from(formEvents).where(eq(formEvents.event, 'page_leave'));
    expect(rows.at(-1)).toMatchObject({ form: 'exit_intent', durationMs: 45_210 });
  });

  it('stores funnel events with form, step and session only', async () => {
    const res = await post('/api/form-analytics/track', { form: 'pre_approval', event: 'step', step: 'employment', sessionId: 'sess_abcdefgh' });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(formEvents).where(eq(formEvents.sessionId, 'sess_abcdefgh'));
    expect(row).toMatchObject({ form: 'pre_approval', event: 'step', step: 'employment' });
    expect(Object.keys(row!).sort()).toEqual(['durationMs', 'event', 'form', 'id', 'sessionId', 'step', 'ts']);
  });

  it('stores nothing when the browser sends Global Privacy Control', async () => {
    const res = await post('/api/form-analytics/track', { form: 'contact', event: 'start', sessionId: 'gpc_session_1' }, { 'sec-gpc': '1' });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(formEvents).where(eq(formEvents.sessionId, 'gpc_session_1'))).toHaveLength(0);
  });

  it('accepts the booking modal and the chat contact form, and the admin report lists them by name', async () => {
    for (const form of ['booking', 'chat_contact']) {
      for (const event of ['start', 'abandon']) {
        const res = await post('/api/form-analytics/track', { form, event, sessionId: `modal_${form}`, ...(event === 'abandon' ? { step: 'submit', durationMs: 4_000 } : {}) });
        expect(res.statusCode, res.body).toBe(204);
      }
    }
    const admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    const forms = (await t.app.inject({ method: 'GET', url: '/api/admin/form-analytics?days=7', headers: admin.bearer })).json().forms as { form: string }[];
    expect(forms.find((f) => f.form === 'booking')).toMatchObject({ label: 'Appointment booking', starts: 1, abandons: 1, abandonedAt: [{ step: 'submit', sessions: 1 }] });
    expect(forms.find((f) => f.form === 'chat_contact')).toMatchObject({ label: 'Chat contact form', starts: 1, abandons: 1 });
  });

  it.each([
    [{ form: 'survey', event: 'start', sessionId: 'abcdefgh' }],
    [{ form: 'contact', event: 'clicked', sessionId: 'abcdefgh' }],
    [{ form: 'contact', event: 'start', sessionId: 'x' }],
    [{ formType: 'something_else', action: 'page_leave' }],
  ])('answers 400 for %j', async (payload) => {
    const res = await post('/api/form-analytics/track', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Invalid body/);
  });
});

describe('page views', () => {
  it('stores path without query and links vehicle pages; counts views of the week', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/analytics/page-view', { path: `/vehicles/${vehicleId}?ref=abc` })).statusCode).toBe(204);
    await post('/api/analytics/page-view', { path: '/financing' });
    // An old view does not count toward "this week".
    await t.db.insert(pageViews).values({ path: `/vehicles/${vehicleId}`, vehicleId, ts: new Date(Date.now() - 8 * 24 * 3600_000) });
    const rows = await t.db.select().from(pageViews).where(eq(pageViews.vehicleId, vehicleId));
    expect(rows.filter((r) => r.path === `/vehicles/${vehicleId}`)).toHaveLength(4);
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}/views` });
    expect(res.json()).toEqual({ vehicleId, views: 3, days: 7 });
  });

  it('respects Global Privacy Control and rejects a path that is not a site path', async () => {
    await post('/api/analytics/page-view', { path: '/contact' }, { 'sec-gpc': '1' });
    expect(await t.db.select().from(pageViews).where(eq(pageViews.path, '/contact'))).toHaveLength(0);
    expect((await post('/api/analytics/page-view', { path: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/abc/views' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/form-analytics', () => {
  it('is admin only and aggregates starts, completions, abandonment by step and leave times', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/form-analytics' })).statusCode).toBe(401);
    const customer = await loginAs(t.app, await t.createUser());
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/form-analytics', headers: customer.bearer })).statusCode).toBe(403);

    for (const [s, events] of [['funnel_a_000', ['start', 'complete']], ['funnel_b_000', ['start', 'abandon']]] as const) {
      for (const event of events) await post('/api/form-analytics/track', { form: 'trade_appraiser', event, sessionId: s, ...(event === 'abandon' ? { step: 'details' } : {}) });
    }
    const admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/form-analytics?days=7', headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.forms.find((f: { form: string }) => f.form === 'trade_appraiser')).toMatchObject({ starts: 2, completions: 1, abandons: 1, abandonedAt: [{ step: 'details', sessions: 1 }] });
    expect(body.exitIntent.pageLeaves).toBeGreaterThanOrEqual(1);
    expect(body.leaveTimes.find((b: { bucket: string }) => b.bucket === '30 s – 1 min').count).toBeGreaterThanOrEqual(1);
    expect(body.topPages.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/form-analytics?days=0', headers: admin.bearer })).statusCode).toBe(400);
  });
});
