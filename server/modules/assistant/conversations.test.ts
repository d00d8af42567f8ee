// The conversation set of ./conversations.data.ts on the seeded lot (issue 20). Each conversation runs turn by turn
// in one session through the assistant's service, with the conversation's clock injected; every expectation is
// checked against the database: the vehicles named exist, are for sale and match what was asked, "the lowest mileage
// of those" is the minimum of the set shown, payments are the spec §9 loan helper's, trade values are the
// appraiser's. The set must pass at 100%.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mentionsBooking, type AssistantResponse } from '@domain/assistant';
import { estimateValue } from '@domain/appraisal';
import { maxTermForYear } from '@domain/finance';
import { formatDollarsAndCents } from '@domain/number-format';
import { paymentOffer } from '@domain/payment-offer';
import { vehicles } from '../../db/schema';
import { seedDemoData } from '../../db/seed/index';
import { createTestApp, type TestContext } from '../../test/helpers';
import { findComparables } from '../appraisal/service';
import { CONVERSATIONS, type Filter } from './conversations.data';
import { QUESTIONS } from './questions.data';

let t: TestContext;
type Row = typeof vehicles.$inferSelect;
let lot: Row[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { uploadsDir: t.config.uploadsDir, adminPassword: 'test-admin-password', images: false, now: new Date('2026-11-22T17:00:00Z') });
  t.app.inventoryCache.invalidate();
  await t.app.inventoryIndex.build();
  // The dealer's stock: what the assistant claims as "ours" (issue 33 §2).
  lot = (await t.db.select().from(vehicles).where(and(eq(vehicles.status, 'available'), eq(vehicles.sellerType, 'dealer'))));
}, 120_000);
afterAll(() => t.close());

const cad = (n: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(n);
const has = (text: string, m: string | RegExp) => (typeof m === 'string' ? text.toLowerCase().includes(m.toLowerCase()) : m.test(text));
const litres = (engine: string | null) => { const m = engine ? /(\d+(?:\.\d+)?)\s*L\b/.exec(engine) : null; return m ? Number(m[1]) : null; };

/** The expectation's own reading of the rules, independent of the assistant's code. */
function matches(v: Row, f: Filter): boolean {
  if (f.bodyType && v.bodyType !== f.bodyType) return false;
  if (f.notBodyType && v.bodyType === f.notBodyType) return false;
  if (f.make && v.make !== f.make) return false;
  if (f.model && v.model !== f.model) return false;
  if (f.priceMax !== undefined && v.price > f.priceMax) return false;
  if (f.priceMin !== undefined && v.price < f.priceMin) return false;
  if (f.yearMin !== undefined && v.year < f.yearMin) return false;
  if (f.mileageMax !== undefined && v.mileage > f.mileageMax) return false;
  if (f.drivetrainIn && !f.drivetrainIn.includes(v.drivetrain ?? '')) return false;
  if (f.fuelIn && !f.fuelIn.includes(v.fuelType)) return false;
  if (f.features && !f.features.every((x) => v.features.includes(x))) return false;
  if (f.seatsMin !== undefined && (v.seats ?? 0) < f.seatsMin) return false;
  if (f.efficient) {
    if (v.bodyType === 'Truck' || v.bodyType === 'Van') return false;
    const l = litres(v.engine);
    if (!['Hybrid', 'Plug-in Hybrid', 'Electric'].includes(v.fuelType) && !(l !== null && l <= 2.0)) return false;
  }
  if (f.towing && v.bodyType !== 'Truck' && !v.features.some((x) => x === 'Tow Package' || x === 'Trailer Brake Controller')) return false;
  if (f.newDriver) {
    const l = litres(v.engine);
    if (!['Sedan', 'Hatchback', 'SUV', 'Wagon'].includes(v.bodyType) || (l !== null && l > 2.5) || v.price > 25_000 || v.year < 2015) return false;
  }
  if (f.monthly) {
    if (paymentOffer(v, { downPayment: Math.min(f.monthly.down, v.price), interestRate: f.monthly.apr, loanTerm: f.monthly.term }).monthly > f.monthly.budget) return false;
  }
  return true;
}

const ALWAYS_FORBIDDEN = [/you('re| are| have been| will be) (pre-?)?approved/i, /guaranteed approval/i, /we guarantee/i, /lowest price guaranteed/i, /I('ll| will) (give|offer) you (a )?discount/i];

describe('the assistant follows conversations and knows what shoppers mean (issue 20)', () => {
  it('the committed set holds at least 60 questions and conversations', () => {
    expect(CONVERSATIONS.length + QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(CONVERSATIONS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(CONVERSATIONS.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c) => {
    const now = new Date(c.now ?? '2026-11-25T18:00:00Z');
    let sessionId: string | null = null;
    const history: { isUser: boolean; text: string }[] = [];
    let prevShown: Row[] = [];
    let picked: Row | null = null;

    for (const turn of c.turns) {
      const res: AssistantResponse = await t.app.services.assistant.answer({
        question: turn.say, conversationHistory: c.historyOnly ? history.slice(-10) : [], sessionId: c.historyOnly ? null : sessionId,
      }, fetch, now);
      sessionId = res.sessionId;
      const answer = res.message;
      const label = `"${turn.say}" → ${answer}`;
      history.push({ isUser: true, text: turn.say }, { isUser: false, text: answer });

      for (const m of turn.must ?? []) expect(has(answer, m), `${label}\nmust contain ${m}`).toBe(true);
      for (const m of [...(turn.mustNot ?? []), ...ALWAYS_FORBIDDEN]) expect(has(answer, m), `${label}\nmust not contain ${m}`).toBe(false);

      // No invented vehicle: every linked one is on the lot, for sale, at the price and stock number stated.
      const lines = answer.split('\n').filter((l) => /\/vehicles\/\d+/.test(l));
      const linked: Row[] = [];
      for (const line of lines) {
        const id = Number(/\/vehicles\/(\d+)/.exec(line)![1]);
        const row = lot.find((r) => r.id === id);
        expect(row, `${label}\nvehicle ${id} is on the lot`).toBeDefined();
        if (line.startsWith('•')) {
          expect(line).toContain(cad(row!.price));
          expect(line).toContain(`Stock # ${row!.stockNumber}`);
          expect(line).toContain(`${row!.year} ${row!.make} ${row!.model}`);
        }
        if (!linked.includes(row!)) linked.push(row!);
      }
      expect(res.vehicles?.map((v) => v.id)).toEqual(linked.map((v) => v.id));
      const fallbackAt = answer.indexOf('We do have');
      const offered = linked.filter((r) => fallbackAt < 0 || answer.indexOf(`/vehicles/${r.id}`) < fallbackAt);

      if (turn.noVehicles) expect(linked, label).toEqual([]);
      if (turn.filter) {
        for (const v of offered) expect(matches(v, turn.filter), `${label}\n${v.year} ${v.make} ${v.model} (${v.bodyType}, ${v.fuelType}, ${v.engine}, ${v.drivetrain}, seats ${v.seats}) matches ${JSON.stringify(turn.filter)}`).toBe(true);
      }
      if (turn.withinShown) for (const v of offered) expect(prevShown.map((p) => p.id), label).toContain(v.id);
      if (turn.atLeastOne && turn.filter) {
        let onLot = lot.filter((v) => matches(v, turn.filter!));
        if (turn.relative === 'cheaper') onLot = onLot.filter((v) => v.price < Math.min(...prevShown.map((p) => p.price)));
        if (turn.relative === 'newer') onLot = onLot.filter((v) => v.year > Math.max(...prevShown.map((p) => p.year)));
        expect(onLot.length, `${label}\nthe seeded lot has a match`).toBeGreaterThan(0);
        expect(offered.length, label).toBeGreaterThan(0);
        if (!turn.filter.monthly) expect(answer, label).toContain(`we have ${onLot.length} `);
      }
      if (turn.relative === 'cheaper') for (const v of offered) expect(v.price, label).toBeLessThan(Math.min(...prevShown.map((p) => p.price)));
      if (turn.relative === 'newer') for (const v of offered) expect(v.year, label).toBeGreaterThan(Math.max(...prevShown.map((p) => p.year)));

      if (turn.pick) {
        const set = prevShown;
        expect(set.length, `${label}\nthe previous turn showed vehicles`).toBeGreaterThan(0);
        let chosen: Row;
        if (typeof turn.pick === 'object') chosen = set[turn.pick.index]!;
        else {
          const key = turn.pick === 'min-mileage' ? (v: Row) => v.mileage : turn.pick === 'min-price' ? (v: Row) => v.price : (v: Row) => -v.year;
          const best = Math.min(...set.map(key));
          const named = linked[0]!;
          expect(key(named), `${label}\nis the ${turn.pick} of those shown`).toBe(best);
          chosen = named;
        }
        expect(chosen, label).toBeDefined();
        if (!turn.bookingOfPick) expect(linked.map((v) => v.id), label).toEqual([chosen.id]);
        picked = chosen;
      }
      if (turn.bookingOfPick) {
        expect(picked ?? prevShown[0], label).toBeDefined();
        expect(res.bookingVehicle?.id, label).toBe((picked ?? prevShown[0])!.id);
        expect(res.bookingType).toBe('test_drive');
      }
      if (turn.paymentOfFocus) {
        const focus = picked ?? (turn.say.match(/third/) ? prevShown[2] : undefined);
        expect(focus, `${label}\na vehicle in focus`).toBeDefined();
        const term = Math.min(84, maxTermForYear(focus!.year));
        // issue 57 §1: the figure the vehicle's own page shows.
        expect(answer, label).toContain(`${formatDollarsAndCents(paymentOffer(focus!).monthly)}/month`);
        expect(answer, label).toContain(`Stock # ${focus!.stockNumber}`);
        expect(answer, label).toContain(`${term} months`);
        expect(answer, label).toContain('8.99% APR');
        expect(answer, label).toContain('$2,000 down');
      }
      if (turn.tradeValueOf) {
        const v = turn.tradeValueOf;
        const est = estimateValue({ year: v.year, mileage: v.mileage, condition: 'good' }, await findComparables(t.db, v));
        expect(est.low, 'the seeded lot has comparables').not.toBeNull();
        expect(answer, label).toContain(`${cad(est.low!)} – ${cad(est.high!)}`);
        expect(answer, label).toContain(`${est.comparableCount} comparable`);
      }
      if (turn.opensBooking !== undefined) expect(mentionsBooking(answer), label).toBe(turn.opensBooking);
      if (!turn.pick) picked = turn.paymentOfFocus || turn.bookingOfPick ? picked : null;
      if (offered.length > 0 && !turn.pick) prevShown = offered;
      if (offered.length > 0 && turn.pick && linked.length > 1) prevShown = offered;
    }
  });
});
