// The one stock-number rule the admin vehicle form and imports share: each store's letter continues from its highest
// number, never below the seed's range, and a number the same transaction already holds is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { nextStockNumber, stockNumberAllocator } from './stock-numbers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.createVehicle({ stockNumber: 'E24180', location: 'Edmonton' });
  await t.createVehicle({ stockNumber: 'C99', location: 'Calgary' });
  // Neither a store's letter with digits only nor a private listing: not part of the dealer sequence.
  await t.createVehicle({ stockNumber: 'E99999-X', location: 'Edmonton' });
  await t.createVehicle({ stockNumber: 'P50000', location: 'Edmonton' });
});
afterAll(() => t.close());

describe('stock numbers', () => {
  it('continue each store from its highest number, and start a store at the floor', async () => {
    await t.db.transaction(async (tx) => {
      expect(await nextStockNumber(tx, 'Edmonton')).toBe('E24181');
      expect(await nextStockNumber(tx, 'Calgary')).toBe('C10001');
    });
  });

  it('skip numbers the same transaction reserved and never hand one out twice', async () => {
    await t.db.transaction(async (tx) => {
      const reserved = new Set(['E24182']);
      const allocate = await stockNumberAllocator(tx, reserved);
      expect([allocate('Edmonton'), allocate('Edmonton'), allocate('Calgary')]).toEqual(['E24181', 'E24183', 'C10001']);
      expect(reserved).toEqual(new Set(['E24182', 'E24181', 'E24183', 'C10001']));
    });
  });
});
