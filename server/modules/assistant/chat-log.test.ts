// The conversation's record written behind the answer (chat-log.ts): nothing is written before the flush, a batch
// keeps the order and the lead linking of answering one exchange at a time, a failing exchange is logged with its
// messages while the rest of its batch is stored and the assistant keeps answering, and closing the app writes what
// is pending. The app's log holds its writes until flush() here, so every test sees a known state, never a timer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { chatMessages, leads } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import type { ChatLog } from './chat-log';

let logLines: { level: number; msg: string; exchange?: { question: string; answer: string } }[] = [];
const testApp = async () => {
  const ctx = await createTestApp({ logStream: { write: (line) => { logLines.push(JSON.parse(line)); } } });
  const { chatLog } = ctx.app.services.assistant;
  chatLog.hold();
  return { ctx, chatLog };
};
let t: TestContext;
let chatLog: ChatLog;
beforeAll(async () => { ({ ctx: t, chatLog } = await testApp()); });
afterAll(() => t.close());
beforeEach(() => { logLines = []; });

let ip = 0;
const ask = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/car-assistant', payload: body, remoteAddress: `10.60.0.${++ip}` });
const stored = (sessionId: string) =>
  t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(asc(chatMessages.id));
async function chatLead(): Promise<{ id: number; chatToken: string }> {
  const res = await t.app.inject({
    method: 'POST', url: '/api/leads', remoteAddress: '10.61.0.1',
    payload: { email: '7805550123@chat.carbro.invalid', phone: '780-555-0123', source: 'carbro_chat', leadType: 'chat', additionalData: { name: 'Sam' } },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('the chat log', () => {
  it('writes the exchanges answered so far at the flush, in order, linking a session to its lead as it goes', async () => {
    const a1 = (await ask({ question: 'What are your hours?' })).json().sessionId as string;
    const b1 = (await ask({ question: 'Where are you located?' })).json().sessionId as string;
    expect(await stored(a1)).toEqual([]); // answered, not yet written
    const lead = await chatLead();
    await ask({ question: 'Is the price negotiable?', sessionId: a1, leadToken: lead.chatToken });
    await ask({ question: 'What are your hours?', sessionId: b1 });
    await chatLog.flush();

    const a = await stored(a1);
    expect(a.map((r) => [r.role, r.leadId])).toEqual([['user', lead.id], ['assistant', lead.id], ['user', lead.id], ['assistant', lead.id]]);
    expect(a.map((r) => r.content).filter((_, i) => i % 2 === 0)).toEqual(['What are your hours?', 'Is the price negotiable?']);
    expect(a.filter((r) => r.role === 'assistant').every((r) => r.engine === 'builtin' && r.content.length > 0)).toBe(true);
    const b = await stored(b1);
    expect(b.map((r) => [r.role, r.leadId])).toEqual([['user', null], ['assistant', null], ['user', null], ['assistant', null]]);
  });

  it('logs an exchange that cannot be stored with its messages, stores the rest of its batch, and the assistant keeps answering', async () => {
    const lead = await chatLead();
    const linked = await ask({ question: 'What are your hours?', leadToken: lead.chatToken });
    expect(linked.statusCode).toBe(200);
    // The lead is gone before the write: its exchange now names a lead that does not exist.
    await t.db.delete(leads).where(eq(leads.id, lead.id));
    const other = await ask({ question: 'Where are you located?' });
    expect(other.statusCode).toBe(200);
    await chatLog.flush();

    expect(await stored(linked.json().sessionId)).toEqual([]);
    expect((await stored(other.json().sessionId)).map((r) => r.content)).toEqual(['Where are you located?', other.json().message]);
    const errors = logLines.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual(['chat log: an exchange could not be stored']);
    expect(errors[0]!.exchange).toMatchObject({ question: 'What are your hours?', answer: linked.json().message });

    const after = await ask({ question: 'Is the price negotiable?' });
    expect(after.statusCode).toBe(200);
    await chatLog.flush();
    expect(await stored(after.json().sessionId)).toHaveLength(2);
  });

  it('writes the pending exchanges when the app closes', async () => {
    const shared = t;
    ({ ctx: t } = await testApp());
    try {
      const res = await ask({ question: 'What are your hours?' });
      const sessionId = res.json().sessionId as string;
      expect(await stored(sessionId)).toEqual([]);
      await t.app.close();
      expect((await stored(sessionId)).map((r) => r.role)).toEqual(['user', 'assistant']);
    } finally {
      await t.close();
      t = shared;
    }
  });
});
