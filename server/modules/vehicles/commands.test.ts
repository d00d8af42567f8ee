// The vehicle write API (issue 16): the only writer of vehicles and price_history, events after the commit only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, priceHistory, vehicles } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { soldAtAfter, VehicleCommands, type VehicleEvent } from './commands';

const root = path.resolve(import.meta.dirname, '../../..');
const OWNER = 'server/modules/vehicles/commands.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one writer of vehicles and price history', () => {
  it('no server or script code outside commands.ts inserts into, updates or deletes from either table', () => {
    // Drizzle calls on the table objects, and SQL text naming the tables. Tests and their helpers (server/test) build
    // fixtures directly and are not looked at; the demo seed (server/db/seed) bulk-loads an empty database and may not import a module (lint).
    const write = /\.(insert|update|delete)\(\s*(vehicles|priceHistory)\s*\)|\b(insert\s+into|update|delete\s+from)\s+"?(vehicles|price_history)"?\s/i;
    const offenders = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'scripts'))]
      .map((f) => path.relative(root, f))
      .filter((f) => f !== OWNER && !f.startsWith('server/db/seed/') && !f.startsWith('server/test/'))
      .filter((f) => write.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds a write where one is (the check above can fail)', () => {
    const write = /\.(insert|update|delete)\(\s*(vehicles|priceHistory)\s*\)/;
    expect(write.test(readFileSync(path.join(root, OWNER), 'utf8'))).toBe(true);
  });

  it('applies one sale-time rule: set on becoming sold, kept while sold, cleared on leaving sold', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const earlier = new Date('2026-10-01T12:00:00Z');
    expect(soldAtAfter('available', 'sold', null, now)).toBe(now);
    expect(soldAtAfter('sold', 'sold', earlier, now)).toBe(earlier);
    expect(soldAtAfter('sold', 'available', earlier, now)).toBeNull();
    expect(soldAtAfter(null, 'sold', null, now)).toBe(now);
    expect(soldAtAfter(null, 'available', null, now)).toBeNull();
  });
});

describe('events are published after the commit', () => {
  let t: TestContext;
  const actor = { id: null, name: 'system' };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  function commands(errors: unknown[] = []) {
    const c = new VehicleCommands(t.db, { error: (obj) => errors.push(obj) });
    const seen: { events: VehicleEvent[]; committedPrice: number | null }[] = [];
    c.subscribe(async (events) => {
      // What a subscriber reads is already committed: another connection sees the new price.
      const id = events.find((e) => e.type === 'price-changed')?.vehicleId;
      const [row] = id ? await t.db.select({ price: vehicles.price }).from(vehicles).where(eq(vehicles.id, id)) : [];
      seen.push({ events: [...events], committedPrice: row?.price ?? null });
    });
    return { c, seen };
  }

  it('a price change and a sale: one price-history row each, audit entries, then the events', async () => {
    const v = await t.createVehicle({ price: 30_000 });
    const { c, seen } = commands();
    await c.transaction(actor, async (w) => {
      const [row] = await w.lock([v.id]);
      const cheaper = await w.changePrice(row!, 28_500);
      await w.setStatus(cheaper!, 'sold');
      // Nothing is published while the transaction is open.
      expect(seen).toEqual([]);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.committedPrice).toBe(28_500);
    expect(seen[0]!.events).toEqual(expect.arrayContaining([
      { type: 'price-changed', vehicleId: v.id, previousPrice: 30_000, price: 28_500 },
      { type: 'status-changed', vehicleId: v.id, previousStatus: 'available', status: 'sold' },
    ]));
    const history = await t.db.select().from(priceHistory).where(eq(priceHistory.vehicleId, v.id));
    expect(history.filter((h) => h.previousPrice === 30_000 && h.price === 28_500)).toHaveLength(1);
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, v.id));
    expect(row!.soldAt).toBeInstanceOf(Date);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'vehicle'), eq(auditLog.entityId, String(v.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['vehicle.price_change', 'vehicle.sold']);
  });

  it('a rolled-back change publishes nothing and leaves no trace', async () => {
    const v = await t.createVehicle({ price: 41_000 });
    const { c, seen } = commands();
    await expect(c.transaction(actor, async (w) => {
      const [row] = await w.lock([v.id]);
      await w.changePrice(row!, 39_000);
      throw new Error('the caller changed its mind');
    })).rejects.toThrow('the caller changed its mind');
    expect(seen).toEqual([]);
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, v.id));
    expect(row!.price).toBe(41_000);
    expect(await t.db.select().from(priceHistory).where(and(eq(priceHistory.vehicleId, v.id), eq(priceHistory.price, 39_000)))).toEqual([]);
  });

  it('a failing subscriber is logged; the change stands and the other subscribers still hear it', async () => {
    const v = await t.createVehicle({ price: 22_000 });
    const errors: unknown[] = [];
    const { c, seen } = commands(errors);
    c.subscribe(() => { throw new Error('mail server down'); });
    const after: VehicleEvent[][] = [];
    c.subscribe((events) => { after.push([...events]); });
    await c.transaction(actor, async (w) => {
      const [row] = await w.lock([v.id]);
      await w.remove([row!]);
    });
    expect(errors).toHaveLength(1);
    expect(seen[0]!.events).toContainEqual({ type: 'removed', vehicleIds: [v.id] });
    expect(after).toHaveLength(1);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, v.id))).toEqual([]);
  });

  it('an edit that changes nothing writes nothing and tells nobody', async () => {
    const v = await t.createVehicle({ price: 18_000 });
    const { c, seen } = commands();
    const result = await c.transaction(actor, async (w) => {
      const [row] = await w.lock([v.id]);
      return w.update(row!, { price: 18_000 });
    });
    expect(result).toBeNull();
    expect(seen).toEqual([]);
  });
});
