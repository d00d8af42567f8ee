// First-party analytics (issue 6; spec §7): store form funnel events and page views, count views per vehicle, and
// aggregate for /admin/form-analytics. Nothing here is personal: no IP, user agent, user id or field value.
import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { VehicleEngagement } from '@domain/admin';
import {
  TRACKED_FORM_LABELS, TRACKED_FORMS, VIEW_WINDOW_DAYS, type FormAnalytics, type Ticker, type TickerVehicle, type TrackedForm,
} from '@domain/analytics';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { appointments, formEvents, pageViews, vehicles } from '../../db/schema';
import { InventoryCache } from '../vehicles/cache';
import { albertaDay } from '../../db/alberta-time';
import { recordVitals, vitalsReport } from './web-vitals';
import { vehicleColumns } from '../vehicles/columns';

export async function recordFormEvent(db: Db, e: { form: string; event: (typeof formEvents.$inferInsert)['event']; step: string | null; sessionId: string; durationMs: number | null }) {
  await db.insert(formEvents).values(e);
}

/** Stores a page view; a vehicle path that names no vehicle is stored without the vehicle link. */
export async function recordPageView(db: Db, path: string, vehicleId: number | null) {
  let vid = vehicleId;
  if (vid != null) {
    const [v] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vid));
    if (!v) vid = null;
  }
  await db.insert(pageViews).values({ path, vehicleId: vid });
}

/** The start of "this week" (VIEW_WINDOW_DAYS, rolling): the one window of every engagement figure. */
export const viewWindowStart = (now: Date = new Date()) => new Date(now.getTime() - VIEW_WINDOW_DAYS * 24 * 3600_000);

/** Real views of one vehicle's page over the last 7 days ("viewed N times this week"). */
export async function vehicleViews(db: Db, vehicleId: number, now: Date = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pageViews).where(and(eq(pageViews.vehicleId, vehicleId), gte(pageViews.ts, viewWindowStart(now))));
  return row?.n ?? 0;
}

/**
 * Per-vehicle counts of the window, as correlated subqueries: one statement however many vehicles, each count an
 * index range scan (page_views_vehicle_ts_idx, appointments_vehicle_idx). A cancelled booking is not interest.
 */
function engagementColumns(since: Date) {
  return {
    views: sql<number>`(select count(*)::int from ${pageViews} pv where pv.vehicle_id = ${vehicles}.id and pv.ts >= ${since})`,
    appointments: sql<number>`(select count(*)::int from ${appointments} a where a.vehicle_id = ${vehicles}.id
      and a.created_at >= ${since} and a.status <> 'cancelled')`,
  };
}

/** How many vehicles the home page draws its random ticker messages from (spec §2: up to 8 of them). */
export const TICKER_POOL = 50;

/**
 * How stale the ticker's counts may be. One count of the pool costs about 10 ms of single-threaded embedded
 * PGlite; recounting at most this often bounds that cost whatever the home page's traffic, and a week's figure
 * that lags by seconds tells a shopper the same thing.
 */
export const TICKER_COUNTS_TTL_MS = 10_000;

type PoolVehicle = Omit<TickerVehicle, 'views' | 'appointments'>;
type Counts = Map<number, { views: number; appointments: number }>;

export interface TickerContext {
  db: Db;
  /** The pool is inventory data: cached with the inventory, so a sold or deleted vehicle leaves it at once. */
  inventory: InventoryCache;
  /** The pool's counts, kept TICKER_COUNTS_TTL_MS. */
  counts: InventoryCache;
}

/** The newest available vehicles: sold and pending ones are left out (AMVIC: a sold vehicle leaves the public listings at once). */
async function loadTickerPool(db: Db): Promise<PoolVehicle[]> {
  const rows = await db.select(vehicleColumns('id', 'year', 'make', 'model', 'trim', 'price', 'mileage', 'bodyType', 'createdAt')).from(vehicles).where(eq(vehicles.status, 'available')).orderBy(desc(vehicles.createdAt), desc(vehicles.id)).limit(TICKER_POOL);
  return rows.map((r) => ({ ...r, price: Number(r.price), createdAt: r.createdAt.toISOString() }));
}

/** Views and bookings of the window for the given vehicles, in one statement. */
export async function engagementOf(db: Db, ids: number[], now: Date = new Date()): Promise<Counts> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: vehicles.id, ...engagementColumns(viewWindowStart(now)) }).from(vehicles).where(inArray(vehicles.id, ids));
  return new Map(rows.map((r) => [r.id, { views: r.views, appointments: r.appointments }]));
}

/** GET /api/vehicles/ticker: the ticker's pool with its real engagement of the week. */
export async function tickerVehicles(ctx: TickerContext): Promise<Ticker> {
  const pool = await ctx.inventory.get('ticker-pool', () => loadTickerPool(ctx.db));
  const ids = pool.map((v) => v.id);
  // Keyed by the pool, so a changed pool is counted afresh at once.
  const counts = await ctx.counts.get(`ticker-counts:${ids.join(',')}`, () => engagementOf(ctx.db, ids));
  return { days: VIEW_WINDOW_DAYS, vehicles: pool.map((v) => ({ ...v, ...(counts.get(v.id) ?? { views: 0, appointments: 0 }) })) };
}

/**
 * The dashboard's engagement (issue 6): vehicle-page views of the week, and the most viewed vehicles (any status:
 * a unit sold this week may well top the list) with their bookings of the week. The ranking groups the week's views
 * once; only the few ranked vehicles get their bookings counted.
 */
export async function vehicleEngagement(db: Db, limit: number, now: Date = new Date()): Promise<VehicleEngagement> {
  const since = viewWindowStart(now);
  const inWindow = and(isNotNull(pageViews.vehicleId), gte(pageViews.ts, since));
  const [total] = await db.select({ n: count() }).from(pageViews).where(inWindow);
  const top = db.select({ vehicleId: pageViews.vehicleId, views: sql<number>`count(*)::int`.as('views') }).from(pageViews)
    .where(inWindow).groupBy(pageViews.vehicleId).orderBy(desc(sql`count(*)`), pageViews.vehicleId).limit(limit).as('top');
  const topVehicles = await db.select({
    ...vehicleColumns('id', 'year', 'make', 'model', 'trim', 'stockNumber', 'status'),
      views: top.views, appointments: engagementColumns(since).appointments,
  }).from(top).innerJoin(vehicles, eq(vehicles.id, top.vehicleId)).orderBy(desc(top.views), vehicles.id);
  return { days: VIEW_WINDOW_DAYS, totalViews: total?.n ?? 0, topVehicles };
}

const LEAVE_BUCKETS: { label: string; maxMs: number }[] = [
  { label: '< 30 s', maxMs: 30_000 },
  { label: '30 s – 1 min', maxMs: 60_000 },
  { label: '1 – 3 min', maxMs: 180_000 },
  { label: '3 – 10 min', maxMs: 600_000 },
  { label: '10 min +', maxMs: Infinity },
];

export async function formAnalytics(db: Db, days: number, now: Date = new Date()): Promise<FormAnalytics> {
  const since = new Date(now.getTime() - days * 24 * 3600_000);
  const inRange = gte(formEvents.ts, since);
  // Sessions per (form, event, step): a shopper reloading a step counts once.
  const perStep = await db.select({
    form: formEvents.form, event: formEvents.event, step: formEvents.step,
    sessions: sql<number>`count(distinct ${formEvents.sessionId})::int`,
    firstSeen: sql<string>`min(${formEvents.ts})`,
  }).from(formEvents).where(inRange).groupBy(formEvents.form, formEvents.event, formEvents.step);

  const forms = TRACKED_FORMS.filter((f) => f !== 'exit_intent').map((form: TrackedForm) => {
    const rows = perStep.filter((r) => r.form === form);
    const total = (event: string) => rows.filter((r) => r.event === event).reduce((s, r) => s + Number(r.sessions), 0);
    const byStep = (event: string) => rows.filter((r) => r.event === event && r.step)
      .sort((a, b) => String(a.firstSeen).localeCompare(String(b.firstSeen)))
      .map((r) => ({ step: r.step!, sessions: Number(r.sessions) }));
    return { form, label: TRACKED_FORM_LABELS[form], starts: total('start'), completions: total('complete'), abandons: total('abandon'), steps: byStep('step'), abandonedAt: byStep('abandon') };
  });

  const leaves = await db.select({ ms: formEvents.durationMs }).from(formEvents)
    .where(and(inRange, eq(formEvents.event, 'page_leave')));
  const leaveMs = leaves.map((l) => l.ms).filter((m): m is number => m != null).sort((a, b) => a - b);
  const median = leaveMs.length ? leaveMs[Math.floor((leaveMs.length - 1) / 2)]! : null;
  const [shown] = await db.select({ n: count() }).from(formEvents).where(and(inRange, eq(formEvents.event, 'exit_intent')));

  const day = albertaDay(formEvents.ts);
  const dailyForms = await db.select({ day, event: formEvents.event, n: count() }).from(formEvents)
    .where(and(inRange, sql`${formEvents.event} in ('start', 'complete')`)).groupBy(day, formEvents.event);
  const pvDay = albertaDay(pageViews.ts);
  const dailyViews = await db.select({ day: pvDay, n: count() }).from(pageViews).where(gte(pageViews.ts, since)).groupBy(pvDay);
  const dayKeys = [...new Set([...dailyForms.map((d) => d.day), ...dailyViews.map((d) => d.day)])].sort();
  const daily = dayKeys.map((d) => ({
    day: d,
    starts: dailyForms.find((r) => r.day === d && r.event === 'start')?.n ?? 0,
    completions: dailyForms.find((r) => r.day === d && r.event === 'complete')?.n ?? 0,
    pageViews: dailyViews.find((r) => r.day === d)?.n ?? 0,
  }));

  const topPages = await db.select({ path: pageViews.path, views: count() }).from(pageViews).where(gte(pageViews.ts, since))
    .groupBy(pageViews.path).orderBy(desc(count()), pageViews.path).limit(10);

  return {
    days,
    forms,
    exitIntent: { shown: shown?.n ?? 0, pageLeaves: leaves.length, medianLeaveMs: median },
    leaveTimes: LEAVE_BUCKETS.map((b, i) => ({
      bucket: b.label,
      count: leaveMs.filter((ms) => ms < b.maxMs && (i === 0 || ms >= LEAVE_BUCKETS[i - 1]!.maxMs)).length,
    })),
    daily,
    topPages,
  };
}

/**
 * The analytics service as the app holds it (server/services.ts): the shoppers' events and page views, the views
 * and the home ticker, and the back office's reports. The ticker's context, with its counts cache, is built once
 * here, so it lives as long as the app and no longer.
 */
export function analyticsService(deps: Deps) {
  const ticker: TickerContext = {
    db: deps.db,
    inventory: deps.inventoryCache,
    counts: new InventoryCache({ maxEntries: 4, maxBytes: 1024 * 1024, ttlMs: TICKER_COUNTS_TTL_MS }),
  };
  return {
    ...bindFirst(deps.db, { recordFormEvent, recordPageView, vehicleViews, vehicleEngagement, formAnalytics, recordVitals, vitalsReport }),
    tickerVehicles: () => tickerVehicles(ticker),
  };
}
