// A vehicle change made in steps (issue 30 §5; docs/decisions/031-imports-in-steps.md): each step its own
// transaction, journalled, so the change stays all or nothing; nothing is announced until it finishes. Forced on
// here (`stepped: true`) on either database: the app turns it on for the embedded one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HOLD_LEAD } from '@domain/holds';
import { withCheckDigit } from '@domain/vin';
import { auditLog, dealRatings, priceHistory, vehicleChangeRunBefores, vehicleChangeRuns, vehicleHolds, vehicles } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { recordAudit } from '../audit/record';
import { createLead } from '../leads/service';
import { VehicleCommands, type VehicleEvent, type VehicleFields } from './commands';
import { keepDealRatings, recomputeAllDealRatings } from './deal-ratings';

const actor = { id: null, name: 'system' };
let serial = 0;

/** A new dealer vehicle's fields; `model` groups them for the deal ratings. */
function fields(model: string, price: number): VehicleFields {
  serial += 1;
  const n = String(serial).padStart(6, '0');
  return {
    vin: withCheckDigit(`1HGCV1F30R${'ABCDEFGH'[serial % 8]}${n}`), stockNumber: `S${n}`, year: 2021, make: 'Stepwell', model, price,
    mileage: 40_000 + serial, bodyType: 'Sedan', transmission: 'Automatic', fuelType: 'Gasoline', exteriorColor: 'Grey', location: 'Edmonton',
  };
}

describe('a vehicle change made in steps', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  function commands() {
    const errors: unknown[] = [];
    const c = new VehicleCommands(t.db, { error: (obj) => errors.push(obj) }, undefined, { stepped: true });
    const heard: VehicleEvent[][] = [];
    c.subscribe((events) => { heard.push([...events]); });
    return { c, heard, errors };
  }

  const runState = async (id: number) => (await t.db.select().from(vehicleChangeRuns).where(eq(vehicleChangeRuns.id, id)))[0];
  const lastRun = async () => (await t.db.select().from(vehicleChangeRuns).orderBy(sql`${vehicleChangeRuns.id} desc`).limit(1))[0]!;

  it('commits each step, tells nobody until the end, then everyone once; the last transaction writes what finish writes', async () => {
    const { c, heard } = commands();
    const existing = await t.createVehicle({ price: 25_000 });
    const result = await c.inSteps(actor, 'test.steps', async (steps) => {
      const made = await steps.step((w) => w.create([fields('One', 20_000), fields('One', 21_000)], { audit: false }));
      // Committed, and not announced: another connection sees the row, no subscriber has heard of it.
      expect(await t.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, made[0]!.id))).toHaveLength(1);
      expect(heard).toEqual([]);
      await steps.step(async (w) => {
        const [row] = await w.lock([existing.id]);
        await w.changePrice(row!, 24_000, { audit: false });
      });
      expect(heard).toEqual([]);
      return made.map((v) => v.id);
    }, async (tx, ids) => {
      await recordAudit(tx, actor, { action: 'test.steps', entityType: 'import', summary: `made ${ids.length}` });
    });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toEqual(expect.arrayContaining([
      { type: 'listed', vehicleIds: result },
      { type: 'price-changed', vehicleId: existing.id, previousPrice: 25_000, price: 24_000 },
    ]));
    const run = await lastRun();
    expect(run).toMatchObject({ label: 'test.steps', state: 'finished', createdIds: result });
    expect(run.finishedAt).toBeInstanceOf(Date);
    // The journal of what it changed goes once it is finished.
    expect(await t.db.select().from(vehicleChangeRunBefores).where(eq(vehicleChangeRunBefores.runId, run.id))).toEqual([]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'test.steps'), eq(auditLog.summary, 'made 2')))).toHaveLength(1);
  });

  it('a failing step undoes the steps before it: the new vehicles go, the changed ones are as they were, nobody hears', async () => {
    const { c, heard } = commands();
    const kept = await t.createVehicle({ price: 30_000, status: 'available' });
    const [before] = await t.db.select().from(vehicles).where(eq(vehicles.id, kept.id));
    let made: number[] = [];
    await expect(c.inSteps(actor, 'test.fails', async (steps) => {
      made = (await steps.step((w) => w.create([fields('Two', 19_000), fields('Two', 19_500)], { audit: false }))).map((v) => v.id);
      await steps.step(async (w) => {
        const [row] = await w.lock([kept.id]);
        const cheaper = await w.changePrice(row!, 27_000, { audit: false });
        await w.setStatus(cheaper!, 'sold', { audit: false });
      });
      // A later change to the same vehicle keeps the first "before" in the journal.
      await steps.step(async (w) => {
        const [row] = await w.lock([kept.id]);
        await w.update(row!, { mileage: 99_999 }, { audit: false });
      });
      await steps.step(async () => { throw new Error('row 3,001 broke a rule'); });
    }, async () => {})).rejects.toThrow('row 3,001 broke a rule');
    expect(made).toHaveLength(2);
    expect(await t.db.select().from(vehicles).where(inArray(vehicles.id, made))).toEqual([]);
    const [after] = await t.db.select().from(vehicles).where(eq(vehicles.id, kept.id));
    expect(after).toEqual(before);
    expect(await t.db.select().from(priceHistory).where(and(eq(priceHistory.vehicleId, kept.id), eq(priceHistory.price, 27_000)))).toEqual([]);
    // No price drop, sale or listing is announced: only that the changed vehicle is to be read again (a cache may
    // hold it as it was between steps).
    expect(heard).toEqual([[{ type: 'changed', vehicleIds: [kept.id] }]]);
    expect(await lastRun()).toMatchObject({ label: 'test.fails', state: 'rolled_back' });
  });

  it('a hold the run ended (an import marking a held vehicle available) is open again after the undo', async () => {
    const { c } = commands();
    const { id } = await t.createVehicle({ price: 28_000 });
    const heldUntil = new Date(Date.now() + 86_400_000);
    await c.transaction(actor, async (w) => {
      const [row] = await w.lock([id]);
      const lead = await createLead(w.tx, { ...HOLD_LEAD, name: 'Sam', phone: '780 555 0100', vehicleId: id });
      await w.hold(row!, { leadId: lead.id, heldUntil });
    });
    const [held] = await t.db.select().from(vehicles).where(eq(vehicles.id, id));
    await expect(c.inSteps(actor, 'test.hold', async (steps) => {
      await steps.step(async (w) => {
        const [row] = await w.lock([id]);
        await w.update(row!, { status: 'available' }, { audit: false });
      });
      const [hold] = await t.db.select().from(vehicleHolds).where(eq(vehicleHolds.vehicleId, id));
      expect(hold!.endedAt).toBeInstanceOf(Date);
      throw new Error('the file had a bad row after all');
    }, async () => {})).rejects.toThrow('the file had a bad row after all');
    const [after] = await t.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(after).toEqual(held);
    expect(after!.status).toBe('pending');
    const [hold] = await t.db.select().from(vehicleHolds).where(eq(vehicleHolds.vehicleId, id));
    expect(hold).toMatchObject({ endedAt: null, endReason: null, heldUntil });
  });

  it('a run a dead process left unfinished is undone at the next start, and can then not be finished', async () => {
    const { c, heard } = commands();
    const kept = await t.createVehicle({ price: 33_000 });
    let made: number[] = [];
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => { resume = resolve; });
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => { midway = resolve; });
    const first = c.inSteps(actor, 'test.dies', async (steps) => {
      made = (await steps.step((w) => w.create([fields('Three', 18_000)], { audit: false }))).map((v) => v.id);
      await steps.step(async (w) => {
        const [row] = await w.lock([kept.id]);
        await w.changePrice(row!, 31_000, { audit: false });
      });
      midway();
      // The process "dies" here: nothing more of this run happens until a new start has undone it.
      await paused;
    }, async () => {});
    first.catch(() => {});
    await reachedMidway;
    const run = await lastRun();
    expect(run).toMatchObject({ state: 'running', createdIds: made });

    // The next start: another VehicleCommands on the same database, as buildApp makes one.
    const restarted = commands();
    expect(await restarted.c.undoUnfinishedRuns()).toBe(1);
    expect(restarted.errors).toHaveLength(1);
    expect((await runState(run.id))!.state).toBe('rolled_back');
    expect(await t.db.select().from(vehicles).where(inArray(vehicles.id, made))).toEqual([]);
    const [row] = await t.db.select({ price: vehicles.price }).from(vehicles).where(eq(vehicles.id, kept.id));
    expect(row!.price).toBe(33_000);
    expect(await t.db.select().from(priceHistory).where(and(eq(priceHistory.vehicleId, kept.id), eq(priceHistory.price, 31_000)))).toEqual([]);
    // Readers that may have seen the changed vehicle between steps hear of it; the new one was never announced.
    expect(restarted.heard).toEqual([[{ type: 'changed', vehicleIds: [kept.id] }]]);
    expect(await restarted.c.undoUnfinishedRuns()).toBe(0);

    resume();
    await expect(first).rejects.toThrow(/was undone before it finished/);
    expect(heard).toEqual([]);
    expect((await runState(run.id))!.state).toBe('rolled_back');
  });

  it('another request gets the database between two steps', async () => {
    const { c } = commands();
    const order: string[] = [];
    await c.inSteps(actor, 'test.interleaves', async (steps) => {
      await steps.step((w) => w.create([fields('Four', 17_000)], { audit: false }));
      order.push('step 1');
      // Asked for while the change is under way: answered before the change's next steps, not after them all.
      void t.db.execute(sql`select 1`).then(() => order.push('other request'));
      for (let k = 2; k <= 4; k++) {
        await steps.step((w) => w.create([fields('Four', 17_000 + k)], { audit: false }));
        order.push(`step ${k}`);
      }
    }, async () => {});
    expect(order.indexOf('other request')).toBeGreaterThan(0);
    expect(order.indexOf('other request')).toBeLessThan(order.indexOf('step 3'));
  });

  it('rates the groups it touched once it finished, as a rating of the whole lot would', async () => {
    const { c, heard } = commands();
    keepDealRatings(c, t.db);
    const ids = await c.inSteps(actor, 'test.rates', async (steps) => {
      const out: number[] = [];
      for (let k = 0; k < 3; k++) {
        const made = await steps.step((w) => w.create([0, 1, 2].map((i) => fields('Five', 15_000 + 2_000 * (3 * k + i))), { audit: false }));
        out.push(...made.map((v) => v.id));
      }
      return out;
    }, async () => {});
    const stored = async () => t.db.select().from(dealRatings).where(inArray(dealRatings.vehicleId, ids)).orderBy(dealRatings.vehicleId);
    const rated = await stored();
    expect(rated.map((r) => r.vehicleId)).toEqual(ids);
    // At least the cheapest and the dearest of nine comparables are rated, and differently.
    expect(new Set(rated.map((r) => r.rating)).size).toBeGreaterThan(1);
    // What a rating of the whole lot finds for them is what is stored.
    await recomputeAllDealRatings(t.db);
    expect((await stored()).map(({ computedAt: _c, ...r }) => r)).toEqual(rated.map(({ computedAt: _c, ...r }) => r));
    // The first announcement was the change; the vehicles whose rating then moved are announced after.
    expect(heard[0]!.flatMap((e) => (e.type === 'changed' ? e.vehicleIds : []))).toEqual(ids);
    // Then the vehicles whose rating the rating after it moved, its own included: the index re-reads their rating.
    expect(heard[1]!.flatMap((e) => (e.type === 'changed' ? e.vehicleIds : []))).toEqual(expect.arrayContaining(rated.filter((r) => r.rating !== null).map((r) => r.vehicleId)));
  });
});
