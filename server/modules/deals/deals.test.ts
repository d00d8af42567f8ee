import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msUntilNextDeal, savingOf } from '@domain/deals';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { MAX_OTHER_DEALS } from './service';
import { albertaDate } from '@domain/alberta-time';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const today = () => t.app.inject({ method: 'GET', url: '/api/deals/today' });

describe('GET /api/deals/today', () => {
  it('answers no deal when nothing is on sale', async () => {
    await t.createVehicle({ price: 30_000 });
    const res = await today();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deal: null, others: [], date: albertaDate() });
  });

  it('features one on-sale vehicle, the same on every call, and ranks the others by saving', async () => {
    const savings = [500, 4_000, 1_500, 2_500, 3_000];
    const onSale = [];
    for (const s of savings) onSale.push((await t.createVehicle({ price: 30_000, originalPrice: 30_000 + s, photos: 1 })).id);
    const a = (await today()).json();
    const b = (await today()).json();
    expect(a.deal).not.toBeNull();
    expect(b.deal.id).toBe(a.deal.id);
    expect(onSale).toContain(a.deal.id);
    expect(a.deal.isOnSale).toBe(true);
    expect(a.deal.photos).toHaveLength(1);
    const otherSavings = a.others.map(savingOf);
    expect(otherSavings).toEqual([...otherSavings].sort((x, y) => y - x));
    expect(a.others).toHaveLength(savings.length - 1);
    expect(a.others.map((v: { id: number }) => v.id)).not.toContain(a.deal.id);
  });

  it('never shows a sold or pending vehicle, even when sold after the first call', async () => {
    const sold = await t.createVehicle({ price: 20_000, originalPrice: 29_000, status: 'sold', soldAt: new Date() });
    const pending = await t.createVehicle({ price: 20_000, originalPrice: 28_000, status: 'pending', sellerType: 'private seller' });
    const body = (await today()).json();
    const ids = [body.deal.id, ...body.others.map((v: { id: number }) => v.id)];
    expect(ids).not.toContain(sold.id);
    expect(ids).not.toContain(pending.id);

    // Sell today's deal through the admin API: it leaves the page at once.
    const admin = await t.createUser({ role: 'admin', username: 'admin' });
    const session = await loginAs(t.app, admin);
    const dealId = body.deal.id;
    const marked = await t.app.inject({ method: 'POST', url: `/api/vehicles/${dealId}/mark-sold`, headers: session.bearer });
    expect(marked.statusCode).toBe(200);
    const after = (await today()).json();
    expect([after.deal?.id, ...after.others.map((v: { id: number }) => v.id)]).not.toContain(dealId);
    expect(after.others.every((v: { isSold: boolean }) => !v.isSold)).toBe(true);
  });

  it('says when the next deal starts (next midnight in Edmonton)', async () => {
    const before = Date.now();
    const body = (await today()).json();
    const next = Date.parse(body.nextDealAt);
    const expected = before + msUntilNextDeal(new Date(before));
    expect(Math.abs(next - expected)).toBeLessThan(5_000);
    expect(next).toBeGreaterThan(before);
  });

  it(`lists at most ${MAX_OTHER_DEALS} other deals`, async () => {
    for (let i = 0; i < MAX_OTHER_DEALS + 2; i++) await t.createVehicle({ price: 25_000, originalPrice: 25_100 + i * 10 });
    const body = (await today()).json();
    expect(body.others).toHaveLength(MAX_OTHER_DEALS);
  });
});
