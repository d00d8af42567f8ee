// POST /api/car-assistant (spec §7): answers with the model when one is configured and healthy, else with the
// built-in assistant; stores both sides of the exchange against the chat session and, once the shopper left
// their name and phone, against their lead (issue 6: "stores the conversation against the lead"), written just after the
// answer (chat-log.ts).
import { vehicleTitle } from '@domain/vehicle';
import { keepWorksheet } from '../deal-worksheet/service';
import { AppError } from '../../errors';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AssistantRequest, AssistantResponse } from '@domain/assistant';
import { vehicles } from '../../db/schema';
import { leadIdForChatToken } from '../leads/service';
import type { InventoryContext } from '../vehicles/service';
import { estimateValue } from '@domain/appraisal';
import { findComparables } from '../appraisal/service';
import { getClosedDays } from '../dealer-settings/service';
import { answerBuiltin, type AssistantInput, type ContextVehicle } from './builtin';
import { chatLogOf } from './chat-log';
import { answerWithLlm } from './llm';
import { SessionStore } from './session';

export type AssistantApp = Pick<FastifyInstance, 'db' | 'config' | 'log' | 'inventoryCache' | 'inventoryIndex'>;

const newSessionId = () => randomBytes(18).toString('base64url');

/** One store per app instance (tests build several apps in one process); the sessions themselves are in the database. */
const stores = new WeakMap<object, SessionStore>();
export function sessionStoreOf(app: Pick<AssistantApp, 'inventoryCache' | 'db'>): SessionStore {
  let store = stores.get(app.inventoryCache);
  if (!store) stores.set(app.inventoryCache, (store = new SessionStore(app.db)));
  return store;
}

/**
 * Reads a session's context; a database failure reads as no context (the history the widget sends rebuilds it,
 * decision 004), so a shopper still gets an answer.
 */
async function readSession(app: AssistantApp, sessions: SessionStore, id: string, now: Date) {
  try {
    return await sessions.get(id, now.getTime());
  } catch (err) {
    app.log.warn({ err }, 'assistant: reading the conversation context failed; answering from the history sent');
    return null;
  }
}

/** An available vehicle (what the public may see), in the shape the assistant talks about. */
async function availableVehicle(app: AssistantApp, id: number): Promise<ContextVehicle | null> {
  const [v] = await app.db.select({
    id: vehicles.id, year: vehicles.year, make: vehicles.make, model: vehicles.model, trim: vehicles.trim,
    price: vehicles.price, stockNumber: vehicles.stockNumber, status: vehicles.status,
  }).from(vehicles).where(eq(vehicles.id, id));
  if (!v || v.status !== 'available') return null;
  return { id: v.id, title: vehicleTitle(v), price: v.price, year: v.year, stockNumber: v.stockNumber };
}

export async function answerQuestion(app: AssistantApp, req: AssistantRequest, fetchImpl: typeof fetch = fetch, now: Date = new Date()): Promise<AssistantResponse> {
  const sessionId = req.sessionId ?? newSessionId();
  const sessions = sessionStoreOf(app);
  const ctx: InventoryContext = { db: app.db, cache: app.inventoryCache, index: app.inventoryIndex };
  const [leadId, contextVehicle, session, closedDays] = await Promise.all([
    leadIdForChatToken(app.db, req.leadToken),
    req.vehicleId ? availableVehicle(app, req.vehicleId) : Promise.resolve(null),
    req.sessionId ? readSession(app, sessions, sessionId, now) : Promise.resolve(null),
    getClosedDays(app.db),
  ]);
  const input: AssistantInput = {
    question: req.question, history: req.conversationHistory, contextVehicle, findVehicle: (id: number) => availableVehicle(app, id),
    session, now, closedDays,
    appraise: async (v) => estimateValue({ year: v.year, mileage: v.mileage, condition: 'good' }, await findComparables(app.db, v)),
    // issue 34 §6: the same worksheet the vehicle page builds, kept so the answer can link to it.
    keepDeal: async (req) => {
      try {
        const kept = await keepWorksheet({ db: app.db, cache: app.inventoryCache }, req, null, now);
        return { quote: kept.quote, sharePath: kept.sharePath };
      } catch (err) {
        if (err instanceof AppError && (err.status === 404 || err.status === 409 || err.status === 400)) return null;
        throw err;
      }
    },
  };

  let engine: 'builtin' | 'llm' = 'builtin';
  let answer: (Omit<AssistantResponse, 'sessionId'> & { context?: AssistantInput['session'] }) | null = null;
  if (app.config.llm) {
    try {
      const llm = await answerWithLlm(ctx, app.config.llm, input, fetchImpl);
      const single = llm.vehicles.length === 1 ? llm.vehicles[0]! : null;
      answer = {
        message: llm.message, vehicles: llm.vehicles,
        bookingVehicle: contextVehicle ? { id: contextVehicle.id, title: contextVehicle.title } : single ? { id: single.id, title: single.title } : null,
        bookingType: /\btest[- ]?drive/i.test(req.question) ? 'test_drive' : null,
      };
      engine = 'llm';
    } catch (err) {
      app.log.warn({ err }, 'assistant: the model failed or was slow; the built-in assistant answers');
    }
  }
  answer ??= await answerBuiltin(ctx, input);
  const { context, ...reply } = answer;
  // The model's answer has no context of its own: the vehicles it linked become what "those" and "the second one"
  // refer to.
  const next = context ?? (answer.vehicles?.length
    ? { criteria: input.session?.criteria ?? null, shown: answer.vehicles.map((v) => v.id), focus: answer.vehicles.length === 1 ? answer.vehicles[0]!.id : null }
    : null);
  // Written before the answer goes out: the shopper's next question may reach another instance at once. A failed
  // write costs the context (the next answer rebuilds it from the history the widget sends), never the answer.
  if (next) await sessions.set(sessionId, next, now.getTime()).catch((err: unknown) => app.log.warn({ err }, 'assistant: storing the conversation context failed'));

  // Stored behind the answer (chat-log.ts): the shopper does not wait for the write.
  chatLogOf(app).add({ sessionId, leadId, question: req.question, answer: reply.message, engine });
  return { ...reply, sessionId };
}
