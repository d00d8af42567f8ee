// The leads inbox API: admin only (401/403), the list with filters, pipeline counts and time to first response,
// updates and notes (audited), and the CSV and ADF 1.0 exports, escaped properly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, chatMessages } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { createLead } from './service';

let t: TestContext;
let admin: Session;
let adminId: number;
let customer: Session;
let vehicleId: number;
let chatLead: number;
let tradeLead: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createUser({ role: 'admin', username: 'sales1' });
  adminId = a.id;
  admin = await loginAs(t.app, a);
  customer = await loginAs(t.app, await t.createUser());
  ({ id: vehicleId } = await t.createVehicle({ year: 2021, make: 'Ford', model: 'F-150', trim: 'XLT', stockNumber: 'F2101', price: 41_500, mileage: 52_000 }));
  chatLead = (await createLead(t.db, { source: 'carbro_chat', leadType: 'chat', name: 'Priya Sharma', phone: '780-555-0199', additionalData: { chatInitiated: true } })).id;
  await t.db.insert(chatMessages).values([
    { sessionId: 'session-abc-123', leadId: chatLead, role: 'user', content: 'any trucks?' },
    { sessionId: 'session-abc-123', leadId: chatLead, role: 'assistant', content: 'Yes, 3 trucks.' },
  ]);
  tradeLead = (await createLead(t.db, {
    source: 'trade_appraiser', leadType: 'trade_in', name: 'Tom & "Jerry" <Smith>', email: 'tom@example.ca', phone: '403-555-0100',
    message: 'Trade <my> truck & save; =HYPERLINK("x")', vehicleId,
    tradeIn: { year: 2015, make: 'Dodge', model: 'Grand Caravan', trim: 'SE', mileage: 180_000, condition: 'fair' },
  })).id;
  await createLead(t.db, { source: 'contact', leadType: 'contact', name: 'Contact Only', email: 'c@example.ca' });
});
afterAll(() => t.close());

const get = (url: string, s: Session | null = admin) => t.app.inject({ method: 'GET', url, ...(s ? { headers: s.bearer } : {}) });

describe('admin only', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/leads'], ['GET', '/api/admin/leads/1'], ['GET', '/api/admin/leads/export.csv'], ['GET', '/api/admin/leads/export.adf'],
    ['GET', '/api/admin/leads/1/adf'], ['PATCH', '/api/admin/leads/1'], ['POST', '/api/admin/leads/1/notes'],
  ];
  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer', async (method, url) => {
    const payload = method === 'GET' ? undefined : method === 'PATCH' ? { status: 'contacted' } : { body: 'hi' };
    const visitor = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
    expect(visitor.statusCode).toBe(401);
    const cust = await t.app.inject({ method: method as 'GET', url, headers: customer.bearer, ...(payload ? { payload } : {}) });
    expect(cust.statusCode).toBe(403);
    expect(JSON.stringify(cust.json())).not.toContain('Priya');
  });
});

describe('the inbox', () => {
  it('lists every lead, newest first, with source, vehicle, status counts and staff to assign', async () => {
    const res = await get('/api/admin/leads');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.leads.map((l: { name: string }) => l.name)).toEqual(['Contact Only', 'Tom & "Jerry" <Smith>', 'Priya Sharma']);
    const trade = body.leads[1];
    expect(trade).toMatchObject({ source: 'trade_appraiser', vehicleId, vehicleInfo: '2021 Ford F-150 XLT (Stock # F2101)', status: 'new', responseMinutes: null });
    expect(body.leads[2]).toMatchObject({ messageCount: 2 });
    expect(body.statusCounts).toMatchObject({ new: 3, contacted: 0 });
    expect(body.assignees).toEqual([{ id: adminId, name: 'Test User 1' }].map((a) => ({ ...a, name: expect.any(String) })));
  });

  it('filters by source, status, search text and date', async () => {
    expect((await get('/api/admin/leads?source=carbro_chat')).json().leads.map((l: { id: number }) => l.id)).toEqual([chatLead]);
    expect((await get('/api/admin/leads?q=jerry')).json().total).toBe(1);
    expect((await get('/api/admin/leads?q=555-0199')).json().leads[0].id).toBe(chatLead);
    expect((await get('/api/admin/leads?status=sold')).json().total).toBe(0);
    expect((await get('/api/admin/leads?from=2000-01-01&to=2000-01-02')).json().total).toBe(0);
    expect((await get('/api/admin/leads?assigneeId=none')).json().total).toBe(3);
  });

  it.each([
    ['status=maybe', 'status'], ['source=fax', 'source'], ['from=yesterday', 'from'], ['limit=500', 'limit'], ['page=0', 'page'], ['assigneeId=abc', 'assigneeId'],
  ])('answers 400 for ?%s', async (qs, field) => {
    const res = await get(`/api/admin/leads?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('shows one lead with its conversation; 404 for an unknown one, 400 for a bad id', async () => {
    const res = await get(`/api/admin/leads/${chatLead}`);
    expect(res.json()).toMatchObject({ name: 'Priya Sharma', additionalData: { chatInitiated: true }, notes: [] });
    expect(res.json().messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect((await get('/api/admin/leads/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/leads/abc')).statusCode).toBe(400);
  });
});

describe('working a lead', () => {
  const patch = (id: number, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/admin/leads/${id}`, headers: admin.bearer, payload: payload as Record<string, unknown> });

  it('moving a lead out of new records the first response once, and the change is audited', async () => {
    const res = await patch(chatLead, { status: 'contacted', assigneeId: adminId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'contacted', assigneeId: adminId, assigneeName: expect.any(String) });
    const first = res.json().firstResponseAt;
    expect(first).not.toBeNull();
    expect(res.json().responseMinutes).toBe(0);
    const again = await patch(chatLead, { status: 'qualified' });
    expect(again.json().firstResponseAt).toBe(first);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'lead'), eq(auditLog.entityId, String(chatLead))));
    expect(audit.map((a) => a.action)).toEqual(['lead.update', 'lead.update']);
    expect(audit[0]!.summary).toBe(`status new → contacted; assignee none → ${adminId}`);
    const list = (await get('/api/admin/leads')).json();
    expect(list.statusCounts).toMatchObject({ new: 2, qualified: 1 });
    expect(list.medianResponseMinutes).toBe(0);
  });

  it('a note is the first response too, and is audited', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${tradeLead}/notes`, headers: admin.bearer, payload: { body: 'Called, left a voicemail.' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ authorName: 'sales1', body: 'Called, left a voicemail.' });
    const lead = (await get(`/api/admin/leads/${tradeLead}`)).json();
    expect(lead.firstResponseAt).not.toBeNull();
    expect(lead.notes).toHaveLength(1);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.note'), eq(auditLog.entityId, String(tradeLead))));
    expect(audit?.actorId).toBe(adminId);
  });

  it.each([
    ['an unknown status', { status: 'won' }, 'status'],
    ['nothing to change', {}, 'status'],
    ['an assignee who is not staff', { assigneeId: 999_999 }, 'assigneeId'],
  ])('answers 400 for %s', async (_n, payload, field) => {
    const res = await patch(chatLead, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('answers 400 for a blank note and 404 for a note on an unknown lead', async () => {
    const blank = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${tradeLead}/notes`, headers: admin.bearer, payload: { body: '  ' } });
    expect(blank.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/leads/999999/notes', headers: admin.bearer, payload: { body: 'x' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('CSV: every filtered lead, cells quoted, formulas defused', async () => {
    const res = await get('/api/admin/leads/export.csv?source=trade_appraiser');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^id,created_at,source,lead_type,status,name,phone,email,vehicle/);
    expect(lines[1]).toContain('"Tom & ""Jerry"" <Smith>"');
    expect(lines[1]).toContain('Trade appraiser');
    expect(lines[1]).toContain('2015 Dodge Grand Caravan SE');
    expect(lines[1]).toContain('F2101');
  });

  it('ADF per lead: the vehicle of interest, the trade-in as a second vehicle, everything escaped', async () => {
    const res = await get(`/api/admin/leads/${tradeLead}/adf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    expect(xml.match(/<prospect /g)).toHaveLength(1);
    expect(xml).toContain('<vehicle interest="buy" status="used">');
    expect(xml).toContain('<year>2021</year>');
    expect(xml).toContain('<make>Ford</make>');
    expect(xml).toContain('<stock>F2101</stock>');
    expect(xml).toContain('<odometer status="unknown" units="km">52000</odometer>');
    expect(xml).toContain('<price type="asking" currency="CAD">41500</price>');
    expect(xml).toMatch(/<vehicle interest="trade-in" status="used">\s*<year>2015<\/year>\s*<make>Dodge<\/make>\s*<model>Grand Caravan<\/model>/);
    expect(xml).toContain('<odometer status="unknown" units="km">180000</odometer>');
    expect(xml).toContain('<name part="full">Tom &amp; &quot;Jerry&quot; &lt;Smith&gt;</name>');
    expect(xml).toContain('<comments>Trade &lt;my&gt; truck &amp; save; =HYPERLINK(&quot;x&quot;)</comments>');
    expect(xml).toContain('<email>tom@example.ca</email>');
    expect(xml).toContain('<phone type="voice">403-555-0100</phone>');
    expect(xml).toContain('<service>Trade appraiser</service>');
    expect(xml).not.toMatch(/<Smith>|<my>/);
    expect((await get('/api/admin/leads/999999/adf')).statusCode).toBe(404);
  });

  it('ADF batch: one document, one prospect per lead, filtered or by ids', async () => {
    const all = await get('/api/admin/leads/export.adf');
    expect(all.body.match(/<prospect /g)).toHaveLength(3);
    expect(all.body.trim().endsWith('</adf>')).toBe(true);
    const some = await get(`/api/admin/leads/export.adf?ids=${chatLead},${tradeLead}`);
    expect(some.body.match(/<prospect /g)).toHaveLength(2);
    // A lead without a vehicle keeps the required elements, empty, and says why.
    expect(some.body).toContain('<comments>General enquiry: no vehicle chosen</comments>');
    expect((await get('/api/admin/leads/export.adf?ids=a,b')).statusCode).toBe(400);
  });
});

describe('the same person\'s other leads', () => {
  it('links leads with the same phone or e-mail however written, newest first, and says what they share', async () => {
    // Leads with no contact in common with tradeLead (403-555-0100, tom@example.ca), nor with each other's owner.
    const booking = (await createLead(t.db, { source: 'booking', leadType: 'appointment', name: 'Tom Smith', phone: '+1 (403) 555 0100' })).id;
    const contact = (await createLead(t.db, { source: 'contact', leadType: 'contact', name: 'T. Smith', email: '  TOM@Example.CA ' })).id;
    const chat = (await createLead(t.db, { source: 'carbro_chat', leadType: 'chat', phone: '403.555.0100', email: '4035550100@chat.carbro.invalid' })).id;
    const stranger = (await createLead(t.db, { source: 'contact', leadType: 'contact', name: 'Someone Else', phone: '403-555-0101', email: 'tom@example.com' })).id;

    const res = await get(`/api/admin/leads/${tradeLead}`);
    expect(res.statusCode).toBe(200);
    const related = res.json().relatedLeads as { id: number; sameEmail: boolean; samePhone: boolean; source: string }[];
    expect(related.map((r) => r.id)).toEqual([chat, contact, booking]);
    expect(related.find((r) => r.id === booking)).toMatchObject({ samePhone: true, sameEmail: false, source: 'booking' });
    expect(related.find((r) => r.id === contact)).toMatchObject({ samePhone: false, sameEmail: true });
    expect(related.find((r) => r.id === chat)).toMatchObject({ samePhone: true, sameEmail: false });
    expect(related.map((r) => r.id)).not.toContain(stranger);

    // Both ways: the chat lead (phone only, its synthesized e-mail matches nothing) finds the trade-in lead and the booking.
    const back = (await get(`/api/admin/leads/${chat}`)).json().relatedLeads as { id: number }[];
    expect(back.map((r) => r.id)).toEqual([booking, tradeLead]);
    // A lead with no one else's phone or e-mail has none.
    expect((await get(`/api/admin/leads/${stranger}`)).json().relatedLeads).toEqual([]);
  });
});
