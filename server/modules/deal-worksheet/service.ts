// The deal worksheet (issue 34): quotes, the dealer's products and incentives, kept and shared worksheets, and the
// `deal` lead. The maths is domain/deal-worksheet.ts; this module only loads what it needs and stores what it keeps.
import { randomBytes } from 'node:crypto';
import { albertaDate } from '@domain/alberta-time';
import {
  DEAL_REFUSALS, dealRefusal, dealSummaryLines, incentiveAmount, quoteDeal, sharePathOf, termsForYear,
  type DealOptions, type DealQuote, type DealQuoteRequest, type DealSettings, type DealVehicle, type SavedWorksheet, type SendDealRequest,
} from '@domain/deal-worksheet';
import { TRADE_APPRAISAL_PROOF } from '@domain/appraisal';
import { RATE_TABLE } from '@domain/finance';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealSettings, dealWorksheets, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { announceLead, createLead, leadNotice } from '../leads/service';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { isSignedValue } from '../../lib/signed-value';
import { vehicleColumns } from '../vehicles/columns';

type App = Pick<Deps, 'db' | 'mailer' | 'config' | 'log' | 'inventoryCache'>;
/**
 * The database and the inventory cache: a quote reads its vehicle and the settings through the cache (dropped by every
 * vehicle change, and by saving the settings; a 5 s TTL when other instances may write), so a quote costs no query
 * in the steady state (issue 34 bar: ≤ 20 ms p99, docs/PERFORMANCE.md).
 */
export interface DealCtx {
  db: Db;
  cache: Deps['inventoryCache'];
  /** SESSION_SECRET: the key of the trade appraiser's proofs (lib/signed-value.ts). */
  secret: string;
}

// ---- Settings (one row) ----

export async function getDealSettings(db: Db): Promise<DealSettings & { updatedAt: string | null }> {
  const [r] = await db.select().from(dealSettings).where(eq(dealSettings.id, 1));
  return { products: r?.products ?? [], incentives: r?.incentives ?? [], updatedAt: r?.updatedAt.toISOString() ?? null };
}

export async function saveDealSettings(ctx: DealCtx, actor: AuditActor, input: DealSettings): Promise<DealSettings & { updatedAt: string | null }> {
  const saved = await saveSettingsRow(ctx.db, actor, input);
  ctx.cache.invalidate();
  return saved;
}

async function saveSettingsRow(db: Db, actor: AuditActor, input: DealSettings): Promise<DealSettings & { updatedAt: string | null }> {
  return db.transaction(async (tx) => {
    const values = { products: input.products, incentives: input.incentives, updatedAt: new Date(), updatedBy: actor.id };
    const [saved] = await tx.insert(dealSettings).values({ id: 1, ...values })
      .onConflictDoUpdate({ target: dealSettings.id, set: values }).returning();
    await recordAudit(tx, actor, {
      action: 'deal_settings.update', entityType: 'deal_settings', entityId: 1,
      summary: `Worksheet products: ${input.products.map((p) => p.name).join(', ') || 'none'}; incentives: ${input.incentives.map((i) => i.name).join(', ') || 'none'}`,
      after: { products: input.products.map((p) => p.id), incentives: input.incentives.map((i) => i.id) },
    });
    return { products: saved!.products, incentives: saved!.incentives, updatedAt: saved!.updatedAt.toISOString() };
  });
}

// ---- The vehicle ----

async function quotableVehicle(ctx: DealCtx, id: number, now: Date): Promise<DealVehicle> {
  const v = await ctx.cache.get(`deal-vehicle:${id}`, () => loadDealVehicle(ctx.db, id));
  if (!v) throw notFound('Vehicle not found');
  const refusal = dealRefusal(v, now);
  if (refusal === 'notListed') throw notFound('Vehicle not found');
  if (refusal) throw conflict(DEAL_REFUSALS[refusal]);
  return v;
}

async function loadDealVehicle(db: Db, id: number) {
  const [v] = await db.select(vehicleColumns('id', 'year', 'make', 'model', 'trim', 'stockNumber', 'fuelType', 'price', 'status', 'sellerType', 'heldUntil')).from(vehicles).where(eq(vehicles.id, id));
  return v ?? null;
}

const cachedSettings = (ctx: DealCtx) => ctx.cache.get('deal-settings', () => getDealSettings(ctx.db));

// ---- Quotes ----

/**
 * The trade-in as the server labels it (issue 56 finding 5): the appraiser's only when its value carries the proof
 * POST /api/trade-estimates gave for that value; a value typed under the appraiser's name is the shopper's estimate.
 */
function tradeInOfRequest(secret: string, tradeIn: DealQuoteRequest['tradeIn']): DealQuoteRequest['tradeIn'] {
  if (!tradeIn) return tradeIn;
  const issued = isSignedValue(secret, TRADE_APPRAISAL_PROOF, tradeIn.value, tradeIn.appraisalProof);
  return { ...tradeIn, source: issued ? 'appraisal' : 'estimate' };
}

export async function quote(ctx: DealCtx, req: DealQuoteRequest, now: Date): Promise<DealQuote> {
  const [vehicle, settings] = await Promise.all([quotableVehicle(ctx, req.vehicleId, now), cachedSettings(ctx)]);
  const r = quoteDeal(vehicle, settings, albertaDate(now), { ...req, tradeIn: tradeInOfRequest(ctx.secret, req.tradeIn) });
  if (!r.ok) throw badRequest(r.error.message, { [r.error.field]: r.error.message });
  return r.quote;
}

export async function dealOptions(ctx: DealCtx, vehicleId: number, now: Date): Promise<DealOptions> {
  const [vehicle, settings] = await Promise.all([quotableVehicle(ctx, vehicleId, now), cachedSettings(ctx)]);
  const today = albertaDate(now);
  return {
    vehicleId, price: vehicle.price, products: settings.products,
    incentives: settings.incentives.map((i) => ({ id: i.id, name: i.name, description: i.description, amount: incentiveAmount(i, vehicle, today) })).filter((i) => i.amount > 0),
    termsOffered: termsForYear(vehicle.year),
    creditBands: RATE_TABLE.map((r) => ({ band: r.band, label: r.label, from: r.from, to: r.to, apr: r.apr })),
  };
}

// ---- Keep, share, send ----

/** The trade's description as the lead's trade-in (ADF's second vehicle): "2015 Honda Civic" → year, make, model. */
export function tradeInOf(description: string | undefined): { year: number | null; make: string | null; model: string | null } {
  const m = /^\s*((?:19|20)\d{2})?\s*(\S+)?\s*(.*)$/.exec(description ?? '') ?? [];
  return { year: m[1] ? Number(m[1]) : null, make: m[2]?.slice(0, 40) || null, model: m[3]?.trim().slice(0, 60) || null };
}

type WorksheetRow = typeof dealWorksheets.$inferSelect;
const toSaved = (r: WorksheetRow): SavedWorksheet => ({
  shareToken: r.shareToken, sharePath: sharePathOf(r.shareToken), createdAt: r.createdAt.toISOString(), sent: r.leadId !== null, quote: r.quote,
});

/** Keeps a worksheet behind an unguessable link; a signed-in shopper's is also saved to their account. */
export async function keepWorksheet(ctx: DealCtx, req: DealQuoteRequest, userId: number | null, now: Date): Promise<SavedWorksheet> {
  const q = await quote(ctx, req, now);
  const [row] = await ctx.db.insert(dealWorksheets).values({
    shareToken: randomBytes(16).toString('base64url'), userId, vehicleId: req.vehicleId, request: req, quote: q,
  }).returning();
  return toSaved(row!);
}

export async function sharedWorksheet(db: Db, token: string): Promise<SavedWorksheet> {
  const [row] = await db.select().from(dealWorksheets).where(eq(dealWorksheets.shareToken, token));
  if (!row) throw notFound('Worksheet not found');
  return toSaved(row);
}

export async function myWorksheets(db: Db, userId: number): Promise<SavedWorksheet[]> {
  const rows = await db.select().from(dealWorksheets).where(and(eq(dealWorksheets.userId, userId))).orderBy(desc(dealWorksheets.createdAt), desc(dealWorksheets.id)).limit(50);
  return rows.map(toSaved);
}

/**
 * "Send this deal to the dealership": the worksheet, its `deal` lead (with the CRM deliveries and the dealer's
 * e-mail, recorded by createLead in the same transaction: the outbox) commit together.
 */
export async function sendWorksheet(app: App, input: SendDealRequest, userId: number | null, now: Date): Promise<SavedWorksheet> {
  const q = await quote({ db: app.db, cache: app.inventoryCache, secret: app.config.sessionSecret }, input.worksheet, now);
  const token = randomBytes(16).toString('base64url');
  const { lead, row } = await app.db.transaction(async (tx) => {
    const lead = await createLead(tx, {
      source: 'deal_worksheet', leadType: 'deal', name: input.name, email: input.email ?? null, phone: input.phone ?? null,
      message: [input.message ?? '', ...dealSummaryLines(q), `Read-only worksheet: ${app.config.publicUrl}${sharePathOf(token)}`].filter(Boolean).join('\n'),
      vehicleId: q.vehicleId, userId,
      tradeIn: input.worksheet.tradeIn ? tradeInOf(input.worksheet.tradeIn.description) : null,
      additionalData: { dealWorksheet: q, dealWorksheetToken: token },
      ref: { type: 'deal_worksheet', id: token },
    }, leadNotice(app));
    const [row] = await tx.insert(dealWorksheets).values({
      shareToken: token, userId, vehicleId: q.vehicleId, leadId: lead.id, request: input.worksheet, quote: q,
    }).returning();
    return { lead, row: row! };
  });
  await announceLead(app, lead);
  return toSaved(row);
}

/**
 * The deal-worksheet service as the app holds it (server/services.ts): quotes, kept and sent worksheets, the
 * dealer's settings. Its context (the database and the inventory cache) is built once here.
 */
export function dealWorksheetService(deps: Deps) {
  const ctx: DealCtx = { db: deps.db, cache: deps.inventoryCache, secret: deps.config.sessionSecret };
  return {
    ...bindFirst(ctx, { quote, dealOptions, keepWorksheet, saveDealSettings }),
    ...bindFirst(deps.db, { sharedWorksheet, myWorksheets, getDealSettings }),
    ...bindFirst(deps, { sendWorksheet }),
  };
}
