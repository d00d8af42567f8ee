// POST /api/car-assistant: the contract's 400s, the rate limit, the conversation stored against session and
// lead, and the model adapter against a real local HTTP server speaking the OpenAI chat-completions protocol:
// tool calls run our own search and payment code, and a failing or slow model falls back to the built-in assistant.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { formatDollarsAndCents } from '@domain/number-format';
import { paymentOffer } from '@domain/payment-offer';
import { BOOKING_CONFIRMATION_NOTE } from '@domain/booking';
import { chatMessages } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { ASSISTANT_PER_IP } from './routes';

let ip = 0;
const ask = (t: TestContext, payload: unknown, remoteAddress = `10.50.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/car-assistant', payload: payload as Record<string, unknown>, remoteAddress });
/** The session's stored messages once the exchanges answered so far are written (they are written behind the answer). */
async function storedMessages(t: TestContext, sessionId: string) {
  await t.app.services.assistant.chatLog.flush();
  return t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(asc(chatMessages.id));
}

describe('POST /api/car-assistant (built-in)', () => {
  let t: TestContext;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  it('answers {message, sessionId} from live inventory and stores both sides of the exchange', async () => {
    const { id } = await t.createVehicle({ year: 2022, make: 'Subaru', model: 'Forester', trim: 'Touring', bodyType: 'SUV', drivetrain: 'AWD', price: 28_500, stockNumber: 'S2201' });
    const res = await ask(t, { question: 'any AWD SUVs under $30k?', conversationHistory: [] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.message).toContain(`2022 Subaru Forester Touring — $28,500`);
    expect(body.message).toContain(`/vehicles/${id}`);
    expect(body.vehicles).toEqual([{ id, title: '2022 Subaru Forester Touring', price: 28_500, url: `/vehicles/${id}` }]);
    // Written on the log's own tick, without a flush.
    const rows = await vi.waitFor(async () => {
      const found = await t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, body.sessionId)).orderBy(asc(chatMessages.id));
      expect(found).toHaveLength(2);
      return found;
    }, { timeout: 10_000, interval: 20 });
    expect(rows.map((r) => [r.role, r.engine])).toEqual([['user', null], ['assistant', 'builtin']]);
    expect(rows[0]!.content).toBe('any AWD SUVs under $30k?');
  });

  it('counts dealer stock only when it says "we have … in stock": a private seller\'s listing is not ours (issue 33 §2)', async () => {
    const dealer = await t.createVehicle({ year: 2020, make: 'Volvo', model: 'XC60', bodyType: 'SUV', price: 33_000, stockNumber: 'V2001' });
    const privately = await t.createVehicle({ year: 2019, make: 'Volvo', model: 'XC90', bodyType: 'SUV', price: 31_000, stockNumber: 'V1901', sellerType: 'private seller' });
    const body = (await ask(t, { question: 'Do you have any Volvo?', conversationHistory: [] })).json();
    expect(body.message).toContain('we have 1 ');
    expect(body.message).toContain(`/vehicles/${dealer.id}`);
    expect(body.message).not.toContain(`/vehicles/${privately.id}`);
  });

  it('stores the conversation against the lead once the widget sends its lead token, earlier messages included', async () => {
    const first = await ask(t, { question: 'What are your hours?' });
    const sessionId = first.json().sessionId;
    expect(await storedMessages(t, sessionId)).toHaveLength(2); // stored before the lead exists
    const lead = await t.app.inject({
      method: 'POST', url: '/api/leads', remoteAddress: '10.51.0.1',
      payload: { email: '7805550199@chat.carbro.invalid', phone: '780-555-0199', source: 'carbro_chat', leadType: 'chat', additionalData: { name: 'Priya' } },
    });
    const { id: leadId, chatToken } = lead.json();
    await ask(t, { question: 'Where are you located?', sessionId, leadToken: chatToken });
    const rows = await storedMessages(t, sessionId);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.leadId === leadId)).toBe(true);
  });

  it('ignores an unknown lead token (the chat still works, unlinked)', async () => {
    const res = await ask(t, { question: 'hello', leadToken: 'not-a-real-token' });
    expect(res.statusCode).toBe(200);
    const rows = await storedMessages(t, res.json().sessionId);
    expect(rows.every((r) => r.leadId === null)).toBe(true);
  });

  it('talks about the vehicle the chat was opened from', async () => {
    const { id } = await t.createVehicle({ year: 2019, make: 'Honda', model: 'CR-V', trim: 'EX', price: 24_000, stockNumber: 'H1901' });
    const res = await ask(t, { question: 'What would the monthly payment be on this one?', vehicleId: id });
    const body = res.json();
    // issue 57 §1: the vehicle page's own figure (GST financed, the advertised assumptions), to the cent.
    const page = paymentOffer({ price: 24_000, year: 2019 });
    expect(page.termMonths).toBe(84);
    expect(body.message).toContain(`${formatDollarsAndCents(page.monthly)}/month`);
    expect(body.message).toContain('5% GST financed');
    expect(body.message).toContain('Stock # H1901');
    expect(body.bookingVehicle).toEqual({ id, title: '2019 Honda CR-V EX' });
  });

  it('offers the booking form without promising a text when no SMS is configured (issue 57 §3)', async () => {
    const body = (await ask(t, { question: 'Can I book a test drive?' })).json();
    expect(body.message).toContain(BOOKING_CONFIRMATION_NOTE);
    expect(body.message).not.toMatch(/\btext\b/i);
  });

  it('a test drive asked for in chat books that type, of the vehicle the last answer listed and the shopper picks', async () => {
    await t.createVehicle({ year: 2018, make: 'Kia', model: 'Soul', price: 14_900, stockNumber: 'K1801' });
    await t.createVehicle({ year: 2020, make: 'Kia', model: 'Sorento', price: 27_900, stockNumber: 'K2001' });
    const list = (await ask(t, { question: 'Do you have any Kia?' })).json();
    expect(list.vehicles).toHaveLength(2);
    const history = [{ isUser: true, text: 'Do you have any Kia?' }, { isUser: false, text: list.message }];
    const second = list.vehicles[1];
    const res = (await ask(t, { question: 'Can I book a test drive of the second one?', conversationHistory: history })).json();
    expect(res.bookingVehicle).toEqual({ id: second.id, title: second.title });
    expect(res.bookingType).toBe('test_drive');
    expect(res.message).toContain(`book a test drive of the ${second.title}`);
    // Of several, none named: the form still opens on a test drive, and the shopper picks the vehicle.
    const none = (await ask(t, { question: 'Can I book a test drive?', conversationHistory: history })).json();
    expect(none.bookingVehicle).toBeNull();
    expect(none.bookingType).toBe('test_drive');
    // The last answer named one vehicle: that is the one.
    const one = (await ask(t, { question: 'I want to book a test drive', conversationHistory: [{ isUser: false, text: `The ${list.vehicles[0].title}: /vehicles/${list.vehicles[0].id}` }] })).json();
    expect(one.bookingVehicle).toEqual({ id: list.vehicles[0].id, title: list.vehicles[0].title });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a missing question', {}, 'question'],
    ['a blank question', { question: '   ' }, 'question'],
    ['a question over 1000 characters', { question: 'x'.repeat(1001) }, 'question'],
    ['more than 10 history messages', { question: 'hi', conversationHistory: Array.from({ length: 11 }, () => ({ isUser: true, text: 'a' })) }, 'conversationHistory'],
    ['a history item without isUser', { question: 'hi', conversationHistory: [{ text: 'a' }] }, 'conversationHistory.0.isUser'],
    ['a malformed session id', { question: 'hi', sessionId: 'bad id!' }, 'sessionId'],
    ['a string vehicle id', { question: 'hi', vehicleId: '12' }, 'vehicleId'],
  ];
  it.each(bad)('answers 400 for %s', async (_n, payload, field) => {
    const res = await ask(t, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it(`limits an address to ${ASSISTANT_PER_IP.max} questions per window`, async () => {
    for (let i = 0; i < ASSISTANT_PER_IP.max; i++) expect((await ask(t, { question: 'hi' }, '10.59.9.9')).statusCode).toBe(200);
    const res = await ask(t, { question: 'hi' }, '10.59.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many chat messages/);
  });
});

// ---- The model adapter against a fake OpenAI-compatible server ----

interface FakeCall { body: { model: string; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools: { function: { name: string } }[] }; auth: string | undefined }
type Responder = (call: FakeCall, n: number) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown };

async function startFake(): Promise<{ url: string; calls: FakeCall[]; respond(r: Responder): void; close(): Promise<void> }> {
  const calls: FakeCall[] = [];
  let responder: Responder = () => ({ status: 500, body: {} });
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => { let s = ''; req.on('data', (c) => { s += c; }); req.on('end', () => resolve(s)); });
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') { res.writeHead(404).end(); return; }
    const call: FakeCall = { body: JSON.parse(await read(req)), auth: req.headers.authorization };
    calls.push(call);
    const out = await responder(call, calls.length);
    if (!res.destroyed) res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`, calls, respond: (r) => { responder = r; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const toolCall = (id: string, name: string, args: unknown) => ({
  status: 200, body: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] } }] },
});
const reply = (content: string) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });

describe('POST /api/car-assistant with LLM_BASE_URL (OpenAI-compatible model)', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  let t: TestContext;
  let vehicleId: number;
  beforeAll(async () => {
    fake = await startFake();
    // A shorter timeout than the default 8 s, so the slow-model case runs quickly (with room for a busy machine).
    t = await createTestApp({ env: { LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'local-test-model', LLM_TIMEOUT_MS: '1000' } });
    ({ id: vehicleId } = await t.createVehicle({ year: 2021, make: 'Toyota', model: 'RAV4', trim: 'XLE', bodyType: 'SUV', drivetrain: 'AWD', price: 29_900, stockNumber: 'R2101' }));
  });
  afterEach(() => { fake.calls.length = 0; });
  afterAll(async () => { await t.close(); await fake.close(); });

  it('uses the default 8 s timeout unless configured', async () => {
    const { loadConfig } = await import('../../config');
    expect(loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'm' }).llm?.timeoutMs).toBe(8_000);
    expect(loadConfig({}).llm).toBeNull();
    expect(() => loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/LLM_MODEL: required/);
  });

  it('runs the model\'s tool calls against our inventory and loan rules, then returns its answer', async () => {
    fake.respond((call, n) => {
      if (n === 1) return toolCall('c1', 'search_inventory', { bodyType: 'SUV', drivetrain: 'AWD', priceMax: 30000 });
      if (n === 2) return toolCall('c2', 'compute_payment', { price: 29900, year: 2021 });
      const tools = call.body.messages.filter((m) => m.role === 'tool');
      const found = JSON.parse(tools[0]!.content!).vehicles[0];
      const pay = JSON.parse(tools[1]!.content!);
      return reply(`We have the ${found.title} at ${found.priceText} (Stock # ${found.stockNumber}): ${found.link}. About ${pay.monthlyText} with $${pay.downPayment} down over ${pay.termMonths} months at ${pay.apr}% APR.`);
    });
    const res = await ask(t, { question: 'any AWD SUVs under $30k and what would it cost monthly?' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(`We have the 2021 Toyota RAV4 XLE at $29,900 (Stock # R2101): /vehicles/${vehicleId}. About ${formatDollarsAndCents(paymentOffer({ price: 29_900, year: 2021 }).monthly)}/month with $2000 down over 84 months at 8.99% APR.`);
    expect(body.vehicles).toEqual([{ id: vehicleId, title: '2021 Toyota RAV4 XLE', price: 29_900, url: `/vehicles/${vehicleId}` }]);
    // The protocol: model, bearer key, our system prompt and both tools on every round; tool results fed back by id.
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[0]!.auth).toBe('Bearer sk-test');
    expect(fake.calls[0]!.body.model).toBe('local-test-model');
    expect(fake.calls[0]!.body.tools.map((x) => x.function.name)).toEqual(['search_inventory', 'compute_payment', 'get_hours', 'appraise_trade_in']);
    expect(fake.calls[0]!.body.messages[0]!.role).toBe('system');
    expect(fake.calls[0]!.body.messages[0]!.content).toMatch(/Never invent a vehicle/);
    expect(fake.calls[2]!.body.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['c1', 'c2']);
    const [, stored] = await storedMessages(t, body.sessionId);
    expect(stored!.engine).toBe('llm');
  });

  it('falls back to the built-in assistant when the model errors', async () => {
    fake.respond(() => ({ status: 500, body: { error: 'boom' } }));
    const res = await ask(t, { question: 'What are your hours?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('Mon-Fri 9 AM–9 PM');
    expect(fake.calls).toHaveLength(1);
    const rows = await storedMessages(t, res.json().sessionId);
    expect(rows.find((r) => r.role === 'assistant')!.engine).toBe('builtin');
  });

  it('falls back when the model is slower than the timeout', async () => {
    fake.respond(async () => { await new Promise((r) => setTimeout(r, 3_000)); return reply('too late'); });
    const started = Date.now();
    const res = await ask(t, { question: 'What are your hours?' });
    const took = Date.now() - started;
    expect(res.json().message).toContain('Mon-Fri 9 AM–9 PM');
    expect(res.json().message).not.toContain('too late');
    expect(took).toBeGreaterThanOrEqual(980);
    expect(took).toBeLessThan(2_900);
  });

  it('refuses an answer that links a vehicle no tool returned (an invented vehicle) and answers built-in', async () => {
    fake.respond(() => reply('Try our 2024 Ferrari at /vehicles/999999 for $9,999!'));
    const res = await ask(t, { question: 'What are your hours?' });
    expect(res.json().message).not.toContain('Ferrari');
    expect(res.json().message).toContain('Sun 10 AM–5 PM');
  });

  it('falls back when the model loops on tool calls', async () => {
    fake.respond((_c, n) => toolCall(`c${n}`, 'search_inventory', {}));
    const res = await ask(t, { question: 'What are your hours?' });
    expect(res.json().message).toContain('Sat 9 AM–6 PM');
    expect(fake.calls).toHaveLength(4);
  });

  it('answers a bad tool argument with an error the model can read, never a crash', async () => {
    fake.respond((call, n) => {
      if (n === 1) return toolCall('c1', 'compute_payment', { price: -5 });
      const tool = call.body.messages.find((m) => m.role === 'tool')!;
      return reply(`Tool said: ${JSON.parse(tool.content!).error ? 'error' : 'ok'}`);
    });
    const res = await ask(t, { question: 'payment?' });
    expect(res.json().message).toBe('Tool said: error');
  });

  it('answers malformed tool arguments (not JSON, or the wrong shape) with an error the model reads, then takes its answer', async () => {
    fake.respond((call, n) => {
      if (n === 1) return { status: 200, body: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'search_inventory', arguments: '{"bodyType": "SUV", priceMax: 30k' } },
        { id: 'c2', type: 'function', function: { name: 'get_hours', arguments: JSON.stringify({ day: 'someday', time: '25:99' }) } },
      ] } }] } };
      const tools = call.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!));
      return reply(`errors: ${tools.map((x: { error?: string }) => x.error ?? 'none').join(' | ')}`);
    });
    const res = await ask(t, { question: 'any SUVs?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^errors: arguments are not valid JSON \| day: .*time: time is 24 h HH:MM$/);
  });

  it('get_hours and appraise_trade_in run our hours and the trade appraiser for the model', async () => {
    await t.createVehicle({ year: 2019, make: 'Honda', model: 'Civic', trim: 'LX', bodyType: 'Sedan', price: 19_000, mileage: 60_000, stockNumber: 'C1901', engine: '2.0L I4', drivetrain: 'FWD' });
    fake.respond((call, n) => {
      if (n === 1) return toolCall('h1', 'get_hours', { day: 'sunday', time: '09:00' });
      if (n === 2) return toolCall('a1', 'appraise_trade_in', { year: 2018, make: 'Honda', model: 'Civic', mileage: 90_000 });
      const [hours, appraisal] = call.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!));
      return reply(`open: ${hours.openAtTime.map((s: { open: boolean }) => s.open).join(',')}; Sunday opens ${hours.stores[0].opens}; trade ${appraisal.low}-${appraisal.high} from ${appraisal.comparableCount}`);
    });
    const res = await ask(t, { question: 'open sunday 9am? and what is my 2018 civic with 90,000 km worth?' });
    const { estimateValue } = await import('@domain/appraisal');
    const { findComparables } = await import('../appraisal/service');
    const est = estimateValue({ year: 2018, mileage: 90_000, condition: 'good' }, await findComparables(t.db, { year: 2018, make: 'Honda', model: 'Civic' }));
    expect(est.low).not.toBeNull();
    expect(res.json().message).toBe(`open: false,false; Sunday opens 10:00; trade ${est.low}-${est.high} from ${est.comparableCount}`);
  });

  it('get_hours follows the dealer\'s closed days: Christmas Day is closed, whatever its weekday (issue 33 §6)', async () => {
    fake.respond((call, n) => {
      if (n === 1) return toolCall('h1', 'get_hours', { date: '2026-12-25', time: '11:00' });
      const hours = JSON.parse(call.body.messages.find((m) => m.role === 'tool')!.content!);
      return reply(`${hours.day} closed=${hours.closed} (${hours.reason}); open: ${hours.openAtTime.map((s: { open: boolean }) => s.open).join(',')}; hours listed: ${hours.stores.length}`);
    });
    const res = await ask(t, { question: 'are you open on christmas at 11?' });
    expect(res.json().message).toBe('friday closed=true (Christmas Day); open: false,false; hours listed: 0');
  });

  it('get_hours reads a weekday as its next date, today included, and lists the closed days ahead', async () => {
    const { hoursTool } = await import('./tools');
    const { DEFAULT_CLOSED_DAYS } = await import('@domain/dealer-settings');
    // Tuesday 22 December 2026, 10:00 in Alberta (UTC-7).
    const now = new Date('2026-12-22T17:00:00Z');
    expect(hoursTool({ day: 'tuesday' }, now, DEFAULT_CLOSED_DAYS)).toMatchObject({ date: '2026-12-22', closed: false, openAtTime: null });
    expect(hoursTool({ day: 'friday', time: '12:00' }, now, DEFAULT_CLOSED_DAYS)).toMatchObject({ date: '2026-12-25', closed: true, reason: 'Christmas Day' });
    expect(hoursTool({ day: 'monday' }, now, DEFAULT_CLOSED_DAYS)).toMatchObject({ date: '2026-12-28', closed: false });
    expect(hoursTool({}, now, DEFAULT_CLOSED_DAYS).closedSoon.map((d) => d.date)).toEqual(expect.arrayContaining(['2026-12-25', '2027-01-01']));
    // Without the dealer's settings, nothing is closed beyond the weekly hours.
    expect(hoursTool({ date: '2026-12-25' }, now, null)).toMatchObject({ closed: false, closedSoon: [] });
  });

  it('a search_inventory call takes the needs the built-in assistant knows: a pickup is never "efficient"', async () => {
    const { id: hybrid } = await t.createVehicle({ year: 2022, make: 'Toyota', model: 'Corolla', trim: 'Hybrid LE', bodyType: 'Sedan', price: 26_000, fuelType: 'Hybrid', engine: '1.8L I4 Hybrid', drivetrain: 'FWD', stockNumber: 'H2201' });
    fake.respond((call, n) => {
      if (n === 1) return toolCall('s1', 'search_inventory', { efficient: true, limit: 10 });
      const result = JSON.parse(call.body.messages.find((m) => m.role === 'tool')!.content!);
      return reply(result.vehicles.map((v: { bodyType: string; id: number }) => `${v.bodyType}:${v.id}`).join(' '));
    });
    const res = await ask(t, { question: 'something good on gas' });
    const message: string = res.json().message;
    expect(message).toContain(`Sedan:${hybrid}`);
    expect(message).not.toMatch(/Truck:/);
  });
});
