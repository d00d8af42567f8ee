// The one writer of vehicles and price_history (issue 16; docs/ARCHITECTURE.md "Who writes what"). The back office,
// imports, private listings and account deletion all change inventory through a VehicleWrite, so the rules that
// come with a change live here once:
// - a price change is a price_history row (who, when, from, to);
// - the sale time (soldAt) is set when a vehicle becomes sold, kept while it stays sold, cleared when it leaves sold;
// - each change is an audit entry, unless the caller's own entry already covers it (an import's one entry, a
//   listing's moderation entry) and says so;
// - each change is an event (price changed, status changed, listed, removed, changed), published to subscribers
//   only AFTER the transaction commits (docs/decisions/010-vehicle-events-after-commit.md): a rolled-back change
//   tells nobody, and a subscriber's failure never undoes a sale.
// - a hold (issue 19) is the vehicle's status and held-until time plus its vehicle_holds record, set and ended here
//   together; any status change away from pending ends an open hold (a held vehicle sold from the card);
// server/modules/vehicles/commands.test.ts fails when code outside this file writes either table.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { VehicleStatus } from '@domain/constants';
import { holdRefusal, isHeld, type HoldEndReason } from '@domain/holds';
import { vehicleTitle } from '@domain/vehicle';
import type { Db, Tx } from '../../db/client';
import { readDisclosures } from '@domain/amvic-disclosures';
import { priceHistory, vehicleChangeRunBefores, vehicleChangeRuns, vehicleHolds, vehicles } from '../../db/schema';
import { yieldToRequests } from '../../lib/yielding';
import { changedIds } from './change-feed';
import { recordAudit, type AuditActor } from '../audit/record';

export type VehicleRow = typeof vehicles.$inferSelect;
type NewVehicleRow = typeof vehicles.$inferInsert;

/** Every column a writer may set. id, timestamps and the sale time are this module's. */
export type VehicleFields = Omit<NewVehicleRow, 'id' | 'createdAt' | 'updatedAt' | 'soldAt' | 'searchText'>;

export type VehicleEvent =
  | { type: 'price-changed'; vehicleId: number; previousPrice: number; price: number }
  | { type: 'status-changed'; vehicleId: number; previousStatus: VehicleStatus; status: VehicleStatus }
  /** Became publicly listed: created available, or moved to available. */
  | { type: 'listed'; vehicleIds: number[] }
  | { type: 'removed'; vehicleIds: number[] }
  /** Anything about these vehicles changed (created, edited, removed): what caches listen to. */
  | { type: 'changed'; vehicleIds: number[] };

export type VehicleSubscriber = (events: readonly VehicleEvent[]) => Promise<void> | void;

/** Where a subscriber's failure goes: the change itself is committed and stays. */
export interface EventLog { error(obj: unknown, msg: string): void }

/**
 * How a change is audited: `true` (default) writes this module's entry; `{ note }` adds words to it (a bulk
 * change's "(bulk -5%)"); `false` means the caller records one entry for the whole operation itself (an import,
 * a listing's moderation) and says where in a comment.
 */
export type AuditChoice = boolean | { note: string };

/** The fields the audit log shows as before → after. */
const AUDITED = [
  'vin', 'stockNumber', 'year', 'make', 'model', 'trim', 'price', 'originalPrice', 'mileage', 'bodyType', 'condition', 'status',
  'transmission', 'engine', 'drivetrain', 'fuelType', 'exteriorColor', 'interiorColor', 'doors', 'seats', 'location',
  'description', 'features', 'amvicDisclosures',
] as const satisfies readonly (keyof VehicleRow)[];

type Audited = Pick<VehicleRow, (typeof AUDITED)[number]>;

export function auditedFields(row: Audited): Audited {
  const out = {} as Record<string, unknown>;
  for (const k of AUDITED) out[k] = row[k];
  // jsonb keeps its own key order: compared and shown in the list's order, an unchanged record is no change.
  if (row.amvicDisclosures !== undefined) out.amvicDisclosures = readDisclosures(row.amvicDisclosures);
  return out as Audited;
}

function changedFields(before: Audited, after: Audited): { before: Partial<Audited>; after: Partial<Audited> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of AUDITED) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return Object.keys(a).length ? { before: b as Partial<Audited>, after: a as Partial<Audited> } : null;
}

/** The sale time rule (spec §4 "sold"): set on becoming sold, kept while sold, cleared on leaving sold. */
export function soldAtAfter(from: VehicleStatus | null, to: VehicleStatus, current: Date | null, now: Date): Date | null {
  if (to !== 'sold') return null;
  return from === 'sold' && current ? current : now;
}

const named = (v: Pick<VehicleRow, 'year' | 'make' | 'model' | 'stockNumber'>) => `${vehicleTitle(v, { trim: false })} (stock ${v.stockNumber})`;
const cad = (n: number) => `$${n.toLocaleString('en-CA')}`;
const noteOf = (audit: AuditChoice) => (typeof audit === 'object' ? ` (${audit.note})` : '');

/** One transaction's vehicle changes: the write API itself. Get one from VehicleCommands.transaction. */
export class VehicleWrite {
  /** @internal collected here, published by VehicleCommands after the commit */
  readonly events: VehicleEvent[] = [];

  /** `run`: the journal of a change made in steps (VehicleCommands.inSteps), which records what undoing it needs. */
  constructor(readonly tx: Tx, readonly actor: AuditActor, private readonly now: Date, private readonly run: number | null = null) {}

  /** The rows, locked for this transaction, in id order (a stable lock order: two bulk changes never deadlock). */
  async lock(ids: number[]): Promise<VehicleRow[]> {
    if (!ids.length) return [];
    return this.tx.select().from(vehicles).where(inArray(vehicles.id, ids)).orderBy(asc(vehicles.id)).for('update');
  }

  /**
   * Creates vehicles: dealer stock (the form), import rows (many at once) and private listings (stock number
   * `P` + id, given with `privateStockNumber`). Each gets its first price-history entry, the listing event when it
   * is available, and its audit entry.
   */
  async create(rows: VehicleFields[], opts: { audit?: AuditChoice; privateStockNumber?: boolean } = {}): Promise<VehicleRow[]> {
    if (!rows.length) return [];
    const { audit = true } = opts;
    let created = await this.tx.insert(vehicles).values(rows.map((r) => ({
      ...r,
      // A placeholder the row's own id replaces below: stock numbers of private listings are P + id.
      ...(opts.privateStockNumber ? { stockNumber: `TMP${randomBytes(6).toString('hex')}` } : {}),
      soldAt: soldAtAfter(null, r.status ?? 'available', null, this.now),
      createdAt: this.now,
      updatedAt: this.now,
    }))).returning();
    if (opts.privateStockNumber) {
      created = await Promise.all(created.map(async (v) => {
        const [row] = await this.tx.update(vehicles).set({ stockNumber: `P${String(v.id).padStart(6, '0')}` }).where(eq(vehicles.id, v.id)).returning();
        return row!;
      }));
    }
    if (this.run !== null) {
      await this.tx.update(vehicleChangeRuns).set({ createdIds: sql`${vehicleChangeRuns.createdIds} || ${sql.param(created.map((v) => v.id))}::int[]` })
        .where(eq(vehicleChangeRuns.id, this.run));
    }
    // The first price is history too: the vehicle page's price history starts with it.
    await this.tx.insert(priceHistory).values(created.map((v) => ({ vehicleId: v.id, previousPrice: null, price: v.price, changedBy: this.actor.id, changedAt: this.now })));
    if (audit) {
      for (const v of created) {
        await recordAudit(this.tx, this.actor, {
          action: 'vehicle.create', entityType: 'vehicle', entityId: v.id,
          summary: `Added ${named(v)}${noteOf(audit)}`, before: null, after: auditedFields(v),
        });
      }
    }
    const ids = created.map((v) => v.id);
    this.events.push({ type: 'changed', vehicleIds: ids });
    const listed = created.filter((v) => v.status === 'available').map((v) => v.id);
    if (listed.length) this.events.push({ type: 'listed', vehicleIds: listed });
    return created;
  }

  /**
   * Changes a vehicle's fields: a form's edit, an import row's update, a seller's edit, a price, a status. `before`
   * is the row as locked by the caller (lock()). Writes nothing and reports null when nothing differs.
   */
  update(before: VehicleRow, fields: Partial<VehicleFields>, opts: { audit?: AuditChoice } = {}): Promise<VehicleRow | null> {
    return this.apply(before, fields, opts.audit ?? true, true);
  }

  /** A new price; a raise to or above the was-price ends the sale (the table requires was-price > price). */
  changePrice(before: VehicleRow, price: number, opts: { audit?: AuditChoice } = {}) {
    const originalPrice = before.originalPrice !== null && before.originalPrice > price ? before.originalPrice : null;
    return this.apply(before, { price, originalPrice }, opts.audit ?? true, false);
  }

  /** available, pending (a private listing under review) or sold. Leaving pending ends a hold (sold or made available). */
  setStatus(before: VehicleRow, status: VehicleStatus, opts: { audit?: AuditChoice } = {}) {
    return this.apply(before, { status }, opts.audit ?? true, false);
  }

  /**
   * Puts a vehicle on a confirmed hold (issue 19, domain/holds.ts): pending with its held-until time, so it stays in
   * search; the hold's record names the lead and who confirmed it. The caller has refused what holdRefusal refuses
   * with a 409 that says why; reaching here otherwise is a programming error.
   */
  async hold(before: VehicleRow, opts: { leadId: number; heldUntil: Date }): Promise<VehicleRow> {
    if (this.run !== null) throw new Error('a hold is not made in steps');
    const refusal = holdRefusal(before);
    if (refusal) throw new Error(`vehicle ${before.id} cannot be held (${refusal})`);
    const row = (await this.apply(before, { status: 'pending', heldUntil: opts.heldUntil }, false, false))!;
    await this.tx.insert(vehicleHolds).values({
      vehicleId: row.id, leadId: opts.leadId, heldUntil: opts.heldUntil, confirmedAt: this.now, confirmedBy: this.actor.id,
    });
    await recordAudit(this.tx, this.actor, {
      action: 'vehicle.hold', entityType: 'vehicle', entityId: row.id,
      summary: `${named(row)} put on hold until ${opts.heldUntil.toISOString()} (lead #${opts.leadId})`,
      before: { status: before.status, heldUntil: null }, after: { status: row.status, heldUntil: opts.heldUntil.toISOString(), leadId: opts.leadId },
    });
    return row;
  }

  /** Ends a hold: released by staff or expired (the scheduled job). The vehicle is available again. */
  async endHold(before: VehicleRow, reason: Extract<HoldEndReason, 'released' | 'expired'>): Promise<VehicleRow> {
    if (!isHeld(before)) throw new Error(`vehicle ${before.id} is not on hold`);
    const row = (await this.apply(before, { status: 'available' }, false, false, reason))!;
    await recordAudit(this.tx, this.actor, {
      action: reason === 'expired' ? 'vehicle.hold_expired' : 'vehicle.hold_released', entityType: 'vehicle', entityId: row.id,
      summary: `${named(row)}: hold ${reason === 'expired' ? 'expired' : 'released'}, available again`,
      before: { status: before.status, heldUntil: before.heldUntil?.toISOString() ?? null }, after: { status: row.status, heldUntil: null },
    });
    return row;
  }

  /**
   * The one path of every change. Its audit entries: the price change and the status change each have their own;
   * an edit (`isEdit`) also records every changed field as vehicle.update.
   */
  private async apply(before: VehicleRow, fields: Partial<VehicleFields>, audit: AuditChoice, isEdit: boolean, holdEnd?: HoldEndReason): Promise<VehicleRow | null> {
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<VehicleFields>;
    const wasHeld = isHeld(before);
    // A held vehicle that leaves pending (released, expired, sold, made available from the card) leaves its hold.
    const leavesHold = wasHeld && given.status !== undefined && given.status !== 'pending';
    if (leavesHold) given.heldUntil = null;
    const merged = { ...before, ...given } as VehicleRow;
    const diff = changedFields(auditedFields(before), auditedFields(merged));
    const ownerChanged = given.ownerId !== undefined && given.ownerId !== before.ownerId;
    const sellerChanged = given.sellerType !== undefined && given.sellerType !== before.sellerType;
    if (!diff && !ownerChanged && !sellerChanged) return null;
    const statusChanged = merged.status !== before.status;
    if (this.run !== null) {
      // The first change of the run to this vehicle keeps it as it was (a later step's change keeps the first).
      await this.tx.insert(vehicleChangeRunBefores).values({ runId: this.run, vehicleId: before.id, before: before as unknown as Record<string, unknown> })
        .onConflictDoNothing();
    }
    const [after] = await this.tx.update(vehicles).set({
      ...given,
      soldAt: statusChanged ? soldAtAfter(before.status, merged.status, before.soldAt, this.now) : before.soldAt,
      updatedAt: this.now,
    }).where(eq(vehicles.id, before.id)).returning();
    const row = after!;
    const name = named(row);
    if (leavesHold) {
      await this.tx.update(vehicleHolds).set({ endedAt: this.now, endReason: holdEnd ?? (row.status === 'sold' ? 'sold' : 'made_available') })
        .where(and(eq(vehicleHolds.vehicleId, row.id), isNull(vehicleHolds.endedAt)));
    }
    if (audit && isEdit && diff) {
      await recordAudit(this.tx, this.actor, { action: 'vehicle.update', entityType: 'vehicle', entityId: row.id, summary: `Edited ${name}${noteOf(audit)}`, ...diff });
    }
    if (row.price !== before.price) {
      await this.tx.insert(priceHistory).values({ vehicleId: row.id, previousPrice: before.price, price: row.price, changedBy: this.actor.id, changedAt: this.now });
      this.events.push({ type: 'price-changed', vehicleId: row.id, previousPrice: before.price, price: row.price });
      if (audit) {
        await recordAudit(this.tx, this.actor, {
          action: 'vehicle.price_change', entityType: 'vehicle', entityId: row.id,
          summary: `Price of ${name}: ${cad(before.price)} → ${cad(row.price)}${noteOf(audit)}`,
          before: { price: before.price, originalPrice: before.originalPrice }, after: { price: row.price, originalPrice: row.originalPrice },
        });
      }
    }
    if (statusChanged) {
      this.events.push({ type: 'status-changed', vehicleId: row.id, previousStatus: before.status, status: row.status });
      // A held vehicle was listed all along: its return to available is no news to saved searches.
      if (row.status === 'available' && !wasHeld) this.events.push({ type: 'listed', vehicleIds: [row.id] });
      if (audit && row.status !== 'pending') {
        await recordAudit(this.tx, this.actor, {
          action: row.status === 'sold' ? 'vehicle.sold' : 'vehicle.available', entityType: 'vehicle', entityId: row.id,
          summary: `${name} marked ${row.status}${leavesHold ? ', ending its hold' : ''}${noteOf(audit)}`, before: { status: before.status }, after: { status: row.status },
        });
      }
    }
    this.events.push({ type: 'changed', vehicleIds: [row.id] });
    return row;
  }

  /** Removes vehicles for good; photo rows and price history go with them (ON DELETE CASCADE). */
  async remove(rows: VehicleRow[], opts: { audit?: AuditChoice } = {}): Promise<void> {
    if (!rows.length) return;
    if (this.run !== null) throw new Error('a removal is not made in steps');
    const { audit = true } = opts;
    if (audit) {
      for (const r of rows) {
        await recordAudit(this.tx, this.actor, { action: 'vehicle.delete', entityType: 'vehicle', entityId: r.id, summary: `Deleted ${named(r)}${noteOf(audit)}`, before: auditedFields(r), after: null });
      }
    }
    const ids = rows.map((r) => r.id);
    await this.tx.delete(vehicles).where(inArray(vehicles.id, ids));
    this.events.push({ type: 'removed', vehicleIds: ids }, { type: 'changed', vehicleIds: ids });
  }
}

/**
 * Opens vehicle write transactions and publishes their events after each commit. One per app (buildApp), so two
 * apps in one process (the tests) share no subscriber.
 */
/**
 * Runs inside the write's transaction, last: what it writes commits or rolls back with the change. It may return
 * more events (the deal ratings it moved in other vehicles), which later hooks and the subscribers then see.
 */
export type CommitHook = (tx: Tx, events: readonly VehicleEvent[], ctx: { inSteps: boolean }) => Promise<VehicleEvent[] | void>;

/**
 * What a change made in steps does after its last step commits, in short transactions of its own, instead of in
 * the commit hook (the deal ratings: thousands of rows re-rated in one transaction would hold the embedded
 * database's one connection for a second). Returns the other vehicles it changed.
 */
export type AfterStepsHook = (vehicleIds: number[]) => Promise<number[]>;

/** One step of a change made in steps: its own transaction, on the embedded database. */
export interface Steps { step<T>(work: (w: VehicleWrite) => Promise<T>): Promise<T> }

/** The vehicle columns that are times: JSON keeps them as strings (found from the table, so a new one counts). */
const TIME_COLUMNS = Object.entries(getTableColumns(vehicles)).filter(([, c]) => c.columnType === 'PgTimestamp').map(([k]) => k);

/** A journalled row (JSON) as the columns to write back: its times as dates; id and the generated text left out. */
function restorable(before: Record<string, unknown>): Partial<VehicleRow> {
  const { id: _id, searchText: _text, ...rest } = before;
  const out = { ...rest } as Record<string, unknown>;
  for (const k of TIME_COLUMNS) if (typeof out[k] === 'string') out[k] = new Date(out[k] as string);
  return out as Partial<VehicleRow>;
}

/** Rows per statement when a run is undone: short statements, a turn of the event loop between them. */
const UNDO_CHUNK = 100;

export class VehicleCommands {
  private readonly subscribers: VehicleSubscriber[] = [];
  private readonly commitHooks: CommitHook[] = [];
  private readonly afterStepsHooks: AfterStepsHook[] = [];

  /**
   * `stepped`: whether inSteps really commits step by step. True on the embedded database, whose one connection a
   * long transaction holds from every other request; on PostgreSQL each request has its own connection, so a large
   * change stays one transaction there (decision 031).
   */
  constructor(
    private readonly db: Db, private readonly log: EventLog, private readonly clock: () => Date = () => new Date(),
    private readonly opts: { stepped?: boolean } = {},
  ) {}

  /**
   * For what must happen exactly when the change commits, such as PostgreSQL's NOTIFY to other instances (which the
   * server delivers on commit only, so a rolled-back change tells nobody and a crash after the commit loses
   * nothing). A failing hook rolls the change back: keep hooks to what cannot fail short of the database failing.
   */
  beforeCommit(hook: CommitHook): void {
    this.commitHooks.push(hook);
  }

  /** For a change made in steps, what replaces a commit hook's work there (see AfterStepsHook). */
  afterSteps(hook: AfterStepsHook): void {
    this.afterStepsHooks.push(hook);
  }

  /** Subscribers run in the order they subscribed, after the commit, each on its own: one failing stops no other. */
  subscribe(subscriber: VehicleSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /**
   * A change to what a vehicle's answer shows that is stored beside it (its photos, modules/media), once committed:
   * the readers' caches and the inventory index hear of it as of any other change.
   */
  async changedBeside(vehicleIds: number[]): Promise<void> {
    const events: VehicleEvent[] = [{ type: 'changed', vehicleIds }];
    await this.db.transaction((tx) => this.runHooks(tx, events));
    await this.publish(events);
  }

  /**
   * Runs `work` in one transaction with a VehicleWrite; its other writes (a listing row, a user) use `w.tx`. `now`
   * stamps the change when the caller decides the time (a hold confirmed or expired at a given moment, in tests too).
   */
  async transaction<T>(actor: AuditActor, work: (w: VehicleWrite) => Promise<T>, opts: { now?: Date } = {}): Promise<T> {
    let events: VehicleEvent[] = [];
    const result = await this.db.transaction(async (tx) => {
      const w = new VehicleWrite(tx, actor, opts.now ?? this.clock());
      const out = await work(w);
      events = w.events;
      if (events.length) await this.runHooks(tx, events);
      return out;
    });
    await this.publish(events);
    return result;
  }

  /**
   * A change too large for one transaction on the embedded database (an import of thousands of rows; issue 30 §5,
   * docs/decisions/031-imports-in-steps.md). `work` makes it through `steps.step`, each step its own transaction
   * there, and other requests get the database between steps. It stays all or nothing:
   * - each step journals what it created and what it changed (vehicle_change_runs), in the step's transaction;
   * - nothing is announced until the end: no commit hook, no subscriber, so the listing, the alerts and other
   *   instances hear of the change once, whole;
   * - `finish` runs in the last transaction, which marks the run finished and runs the commit hooks over all of the
   *   run's events; then the subscribers hear them, and the after-steps hooks (the deal ratings) run;
   * - a step or `finish` that fails undoes the steps before it (undoRun), and a process that dies mid-run has it
   *   undone at the next start (undoUnfinishedRuns).
   * Where `stepped` is off (PostgreSQL), it is one transaction, as transaction() is.
   */
  async inSteps<T>(
    actor: AuditActor, label: string, work: (steps: Steps) => Promise<T>, finish: (tx: Tx, result: T) => Promise<void>,
  ): Promise<T> {
    if (!this.opts.stepped) {
      return this.transaction(actor, async (w) => {
        const out = await work({ step: (fn) => fn(w) });
        await finish(w.tx, out);
        return out;
      });
    }
    const now = this.clock();
    const [run] = await this.db.insert(vehicleChangeRuns).values({ label, actorId: actor.id, startedAt: now }).returning({ id: vehicleChangeRuns.id });
    const runId = run!.id;
    const events: VehicleEvent[] = [];
    let out: T;
    try {
      out = await work({
        step: async (fn) => {
          let stepEvents: VehicleEvent[] = [];
          const result = await this.db.transaction(async (tx) => {
            const w = new VehicleWrite(tx, actor, now, runId);
            const r = await fn(w);
            stepEvents = w.events;
            return r;
          });
          // Kept for the end only once the step has committed.
          events.push(...stepEvents);
          return result;
        },
      });
      await this.db.transaction(async (tx) => {
        // A run undone meanwhile (a start that found it unfinished: two processes on one data directory are refused,
        // so only in tests) must not be finished.
        const [still] = await tx.update(vehicleChangeRuns).set({ state: 'finished', finishedAt: this.clock() })
          .where(and(eq(vehicleChangeRuns.id, runId), eq(vehicleChangeRuns.state, 'running'))).returning({ id: vehicleChangeRuns.id });
        if (!still) throw new Error(`vehicle change run ${runId} was undone before it finished`);
        await tx.delete(vehicleChangeRunBefores).where(eq(vehicleChangeRunBefores.runId, runId));
        await finish(tx, out);
        if (events.length) await this.runHooks(tx, events, true);
      });
    } catch (err) {
      try {
        await this.undoRun(runId);
      } catch (undoErr) {
        // Left running: the next start undoes it (undoUnfinishedRuns).
        this.log.error({ err: undoErr, run: runId }, 'undoing a vehicle change made in steps failed; the next start undoes it');
      }
      throw err;
    }
    await this.publish(events);
    await this.runAfterSteps(changedIds(events));
    return out;
  }

  private async runAfterSteps(ids: number[]): Promise<void> {
    if (!ids.length) return;
    for (const hook of this.afterStepsHooks) {
      try {
        // The change's own vehicles too: they were announced before they were rated.
        const moved = await hook(ids);
        if (!moved.length) continue;
        const events: VehicleEvent[] = [{ type: 'changed', vehicleIds: moved }];
        await this.db.transaction((tx) => this.runHooks(tx, events, true));
        await this.publish(events);
      } catch (err) {
        // The change is committed; what the hook derives (ratings) is made whole at the next start.
        this.log.error({ err, vehicles: ids.length }, 'after a vehicle change made in steps: a follow-up failed; the change itself is saved');
      }
    }
  }

  /**
   * Undoes a run that did not finish, in short transactions (each piece is idempotent, so an undo cut short is
   * finished by the next start): the vehicles it created go (their price history and photos with them), the ones
   * it changed get their old row back, the price history it added to them goes, the holds it ended are open again.
   * Then the readers that may have seen a changed vehicle between steps (its page, the caches) hear of it.
   */
  async undoRun(runId: number): Promise<void> {
    const [run] = await this.db.select().from(vehicleChangeRuns).where(eq(vehicleChangeRuns.id, runId));
    if (!run || run.state !== 'running') return;
    for (let k = 0; k < run.createdIds.length; k += UNDO_CHUNK) {
      await this.db.delete(vehicles).where(inArray(vehicles.id, run.createdIds.slice(k, k + UNDO_CHUNK)));
      await yieldToRequests();
    }
    const befores = await this.db.select().from(vehicleChangeRunBefores).where(eq(vehicleChangeRunBefores.runId, runId));
    for (let k = 0; k < befores.length; k += UNDO_CHUNK) {
      const chunk = befores.slice(k, k + UNDO_CHUNK);
      const ids = chunk.map((b) => b.vehicleId);
      await this.db.transaction(async (tx) => {
        for (const b of chunk) await tx.update(vehicles).set(restorable(b.before as Record<string, unknown>)).where(eq(vehicles.id, b.vehicleId));
        await tx.delete(priceHistory).where(and(inArray(priceHistory.vehicleId, ids), eq(priceHistory.changedAt, run.startedAt)));
        await tx.update(vehicleHolds).set({ endedAt: null, endReason: null })
          .where(and(inArray(vehicleHolds.vehicleId, ids), eq(vehicleHolds.endedAt, run.startedAt)));
      });
      await yieldToRequests();
    }
    await this.db.transaction(async (tx) => {
      await tx.update(vehicleChangeRuns).set({ state: 'rolled_back', finishedAt: this.clock() }).where(eq(vehicleChangeRuns.id, runId));
      await tx.delete(vehicleChangeRunBefores).where(eq(vehicleChangeRunBefores.runId, runId));
    });
    const touched = befores.map((b) => b.vehicleId);
    if (touched.length) await this.changedBeside(touched);
  }

  /** At start: the runs a process left unfinished (it died mid-import) are undone before any request is served. */
  async undoUnfinishedRuns(): Promise<number> {
    const open = await this.db.select({ id: vehicleChangeRuns.id }).from(vehicleChangeRuns).where(eq(vehicleChangeRuns.state, 'running'));
    for (const r of open) {
      await this.undoRun(r.id);
      this.log.error({ run: r.id }, 'a vehicle change made in steps (an import) did not finish: undone');
    }
    return open.length;
  }

  private async runHooks(tx: Tx, events: VehicleEvent[], inSteps = false): Promise<void> {
    for (const hook of this.commitHooks) {
      const more = await hook(tx, events, { inSteps });
      if (more) events.push(...more);
    }
  }

  private async publish(events: VehicleEvent[]): Promise<void> {
    if (!events.length) return;
    for (const subscriber of this.subscribers) {
      try {
        await subscriber(events);
      } catch (err) {
        this.log.error({ err, events: events.length }, 'a vehicle event subscriber failed; the change itself is saved');
      }
    }
  }
}
