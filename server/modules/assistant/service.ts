// POST /api/car-assistant (spec §7): answers with the model when one is configured and healthy, else with the
// built-in assistant; stores both sides of the exchange against the chat session and, once the shopper left
// their name and phone, against their lead (issue 6: "stores the conversation against the lead"), written just after the
// answer (chat-log.ts).
import { vehicleTitle } from '@domain/vehicle';
import { keepWorksheet } from '../deal-worksheet/service';
import { signValue } from '../../lib/signed-value';
import { AppError } from '../../errors';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AssistantRequest, AssistantResponse } from '@domain/assistant';
import { vehicles } from '../../db/schema';
import { leadIdForChatToken } from '../leads/service';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { InventoryCache } from '../vehicles/cache';
import type { InventoryIndex } from '../vehicles/search-index';
import { estimateValue, TRADE_APPRAISAL_PROOF } from '@domain/appraisal';
import { findComparables } from '../appraisal/service';
import { getClosedDays } from '../dealer-settings/service';
import { answerBuiltin, type AssistantInput, type ContextVehicle } from './builtin';
import { ChatLog } from './chat-log';
import { answerWithLlm } from './llm';
import { LotView } from './lot';
import { SessionStore } from './session';
import { vehicleColumns } from '../vehicles/columns';

/** What the assistant needs from the app (server/services.ts Deps). */
export interface AssistantDeps {
  db: Db;
  config: Pick<Config, 'llm' | 'sessionSecret'>;
  log: Logger;
  inventoryCache: InventoryCache;
  inventoryIndex?: InventoryIndex;
}

const newSessionId = () => randomBytes(18).toString('base64url');

/**
 * The car assistant of one app (issue 31 §1): its conversation contexts, the record of its chats and its view of
 * the lot belong to it, so two apps in one process (tests, or a second instance behind a load balancer in one)
 * share nothing. The conversations themselves are in the database.
 */
export function createAssistant(deps: AssistantDeps) {
  const sessions = new SessionStore(deps.db);
  const chatLog = new ChatLog(deps.db, deps.log);
  const lot = new LotView({ db: deps.db, cache: deps.inventoryCache, ...(deps.inventoryIndex ? { index: deps.inventoryIndex } : {}) });
  return {
    sessions, chatLog, lot,
    answer: (req: AssistantRequest, fetchImpl: typeof fetch = fetch, now: Date = new Date()) => answerQuestion(deps, { sessions, chatLog, lot }, req, fetchImpl, now),
    /** The exchanges still waiting to be stored are written before the database closes. */
    close: () => chatLog.flush(),
  };
}
export type Assistant = ReturnType<typeof createAssistant>;

/**
 * Reads a session's context; a database failure reads as no context (the history the widget sends rebuilds it,
 * decision 004), so a shopper still gets an answer.
 */
async function readSession(app: AssistantDeps, sessions: SessionStore, id: string, now: Date) {
  try {
    return await sessions.get(id, now.getTime());
  } catch (err) {
    app.log.warn({ err }, 'assistant: reading the conversation context failed; answering from the history sent');
    return null;
  }
}

/** An available vehicle (what the public may see), in the shape the assistant talks about. */
async function availableVehicle(app: AssistantDeps, id: number): Promise<ContextVehicle | null> {
  const [v] = await app.db.select(vehicleColumns('id', 'year', 'make', 'model', 'trim', 'price', 'stockNumber', 'status')).from(vehicles).where(eq(vehicles.id, id));
  if (!v || v.status !== 'available') return null;
  return { id: v.id, title: vehicleTitle(v), price: v.price, year: v.year, stockNumber: v.stockNumber };
}

async function answerQuestion(
  app: AssistantDeps, { sessions, chatLog, lot }: { sessions: SessionStore; chatLog: ChatLog; lot: LotView },
  req: AssistantRequest, fetchImpl: typeof fetch, now: Date,
): Promise<AssistantResponse> {
  const sessionId = req.sessionId ?? newSessionId();
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
        // The trade's value is the appraiser's own (appraise above), so it carries the proof the trade estimate gives.
        const tradeIn = req.tradeIn?.source === 'appraisal'
          ? { ...req.tradeIn, appraisalProof: signValue(app.config.sessionSecret, TRADE_APPRAISAL_PROOF, req.tradeIn.value) } : req.tradeIn;
        const kept = await keepWorksheet({ db: app.db, cache: app.inventoryCache, secret: app.config.sessionSecret }, { ...req, tradeIn }, null, now);
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
      const llm = await answerWithLlm(lot, app.config.llm, input, fetchImpl);
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
  answer ??= await answerBuiltin(lot, input);
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
  chatLog.add({ sessionId, leadId, question: req.question, answer: reply.message, engine });
  return { ...reply, sessionId };
}
