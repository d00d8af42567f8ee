// The built-in assistant on the seeded lot, asked the real shopper questions of ./questions.data.ts (issue 6).
// Facts are checked against the database itself: a linked vehicle must exist, be for sale, carry the price the
// answer states and match what was asked; a payment must be the spec §9 loan helper's figure for the terms stated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { mentionsBooking } from '@domain/assistant';
import { formatDollarsAndCents } from '@domain/number-format';
import { paymentOffer } from '@domain/payment-offer';
import { vehicles } from '../../db/schema';
import { seedDemoData } from '../../db/seed/index';
import { createTestApp, type TestContext } from '../../test/helpers';
import { QUESTIONS, type VehicleFilter } from './questions.data';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { uploadsDir: t.config.uploadsDir, adminPassword: 'test-admin-password', images: false, now: new Date('2026-11-22T17:00:00Z') });
  t.app.inventoryCache.invalidate();
  await t.app.inventoryIndex.build();
}, 120_000);
afterAll(() => t.close());

type Row = typeof vehicles.$inferSelect;
const cad = (n: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(n);

function matches(v: Row, f: VehicleFilter): boolean {
  return (!f.bodyType || v.bodyType === f.bodyType) && (!f.make || v.make === f.make) && (!f.model || v.model === f.model)
    && (!f.year || v.year === f.year) && (f.priceMax === undefined || v.price <= f.priceMax) && (f.priceMin === undefined || v.price >= f.priceMin)
    && (f.mileageMax === undefined || v.mileage <= f.mileageMax) && (!f.drivetrain || v.drivetrain === f.drivetrain)
    && (!f.fuelIncludes || v.fuelType.includes(f.fuelIncludes)) && (!f.transmission || v.transmission === f.transmission)
    && (!f.feature || v.features.includes(f.feature));
}

const has = (text: string, m: string | RegExp) => (typeof m === 'string' ? text.toLowerCase().includes(m.toLowerCase()) : m.test(text));

// Never an approval, never a promised deal (issue 6), whatever the question.
const ALWAYS_FORBIDDEN = [/you('re| are| have been| will be) (pre-?)?approved/i, /guaranteed approval/i, /we guarantee/i, /lowest price guaranteed/i];

describe('the built-in assistant answers real shopper questions from live data', () => {
  it(`has at least 40 questions`, () => { expect(QUESTIONS.length).toBeGreaterThanOrEqual(40); });

  it.each(QUESTIONS.map((q, i) => [q.question, q, i] as const))('%s', async (_label, q, i) => {
    // One address per question: the assistant's per-IP limit is not what this test is about.
    const res = await t.app.inject({ method: 'POST', url: '/api/car-assistant', remoteAddress: `10.40.0.${i + 1}`, payload: { question: q.question, conversationHistory: q.history ?? [] } });
    expect(res.statusCode).toBe(200);
    const answer: string = res.json().message;

    for (const m of q.must ?? []) expect(answer, `must contain ${m}`).toSatisfy((a: string) => has(a, m));
    for (const m of [...(q.mustNot ?? []), ...ALWAYS_FORBIDDEN]) expect(answer, `must not contain ${m}`).not.toSatisfy((a: string) => has(a, m));

    // Every linked vehicle is real, for sale, at the stated price, with its stock number.
    const lines = answer.split('\n').filter((l) => /\/vehicles\/\d+/.test(l));
    const ids = lines.map((l) => Number(/\/vehicles\/(\d+)/.exec(l)![1]));
    const rows = ids.length ? await t.db.select().from(vehicles).where(inArray(vehicles.id, ids)) : [];
    for (const [i, line] of lines.entries()) {
      const row = rows.find((r) => r.id === ids[i]);
      expect(row, `vehicle ${ids[i]} exists`).toBeDefined();
      expect(row!.status).toBe('available');
      expect(line).toContain(cad(row!.price));
      expect(line).toContain(`Stock # ${row!.stockNumber}`);
      expect(line).toContain(`${row!.year} ${row!.make} ${row!.model}`);
    }

    if (q.vehicles) {
      // The vehicles offered as matches (the lines before any "We do have…" fallback) satisfy the question.
      const fallbackAt = answer.indexOf('We do have');
      const offered = lines.filter((l) => fallbackAt < 0 || answer.indexOf(l) < fallbackAt);
      for (const line of offered) {
        const row = rows.find((r) => r.id === Number(/\/vehicles\/(\d+)/.exec(line)![1]))!;
        expect(matches(row, q.vehicles.filter), `${line} matches ${JSON.stringify(q.vehicles.filter)}`).toBe(true);
      }
      if (q.vehicles.atLeastOne) {
        const all = await t.db.select().from(vehicles);
        // Dealer stock: private sellers' listings are not the dealer's to claim (issue 33 §2).
        const onLot = all.filter((v) => v.status === 'available' && v.sellerType === 'dealer' && matches(v, q.vehicles!.filter));
        expect(onLot.length, 'the seeded lot has a match for this question').toBeGreaterThan(0);
        expect(offered.length).toBeGreaterThan(0);
        expect(answer).toContain(`we have ${onLot.length} `);
      }
    }

    if (q.payment) {
      const { price, down, apr, term } = q.payment;
      // issue 57 §1: the one payment rule, GST financed, to the cent.
      const monthly = paymentOffer({ price, year: Number.MAX_SAFE_INTEGER }, { downPayment: down, interestRate: apr, loanTerm: term }).monthly;
      expect(answer).toContain(`${formatDollarsAndCents(monthly)}/month`);
      expect(answer).toContain(`${apr}% APR`);
      expect(answer).toContain(`${term} months`);
      expect(answer).toContain(`${cad(down)} down`);
    }

    if (q.opensBooking !== undefined) expect(mentionsBooking(answer)).toBe(q.opensBooking);
  });
});
