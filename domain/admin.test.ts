// Back-office rules shared by the server and the client (issue 4): bulk price arithmetic, the spec's confirmation
// texts, the audit diff, and the one vehicle input schema's rules.
import { describe, expect, it } from 'vitest';
import { bulkConfirmText, bulkNewPrice, bulkActionSchema, diffFields, inventoryQuerySchema, auditQuerySchema } from './admin';
import { vehicleInputSchema, vehiclePatchSchema } from './vehicle-input';

describe('bulk price changes', () => {
  it('adds dollars or a percentage, rounds to whole dollars and never goes below 0', () => {
    expect(bulkNewPrice(20_000, 'amount', -500)).toBe(19_500);
    expect(bulkNewPrice(19_999, 'percent', -5)).toBe(18_999);
    expect(bulkNewPrice(10_000, 'percent', 2.5)).toBe(10_250);
    expect(bulkNewPrice(300, 'amount', -1_000)).toBe(0);
  });
  it('refuses a zero change, a reduction of 100 % or more and cents', () => {
    expect(bulkActionSchema.safeParse({ action: 'price', ids: [1], mode: 'amount', value: 0 }).success).toBe(false);
    expect(bulkActionSchema.safeParse({ action: 'price', ids: [1], mode: 'percent', value: -100 }).success).toBe(false);
    expect(bulkActionSchema.safeParse({ action: 'price', ids: [1], mode: 'amount', value: 9.99 }).success).toBe(false);
    expect(bulkActionSchema.parse({ action: 'delete', ids: [3, 3, 4] })).toEqual({ action: 'delete', ids: [3, 4] });
  });
});

describe('confirmation texts (spec §5)', () => {
  it('uses the spec wording for one vehicle and the plural for several', () => {
    expect(bulkConfirmText('delete', 1)).toBe('Are you sure you want to delete this vehicle? This action cannot be undone.');
    expect(bulkConfirmText('mark-sold', 1)).toBe('Are you sure you want to mark this vehicle as sold?');
    expect(bulkConfirmText('mark-available', 1)).toBe('Are you sure you want to mark this vehicle as available?');
    expect(bulkConfirmText('mark-sold', 3)).toBe('Are you sure you want to mark these 3 vehicles as sold?');
    expect(bulkConfirmText('price', 2, { mode: 'amount', value: -1500 })).toMatch(/these 2 vehicles by -\$1,500/);
    expect(bulkConfirmText('price', 1, { mode: 'percent', value: 3 })).toMatch(/this vehicle by \+3%/);
  });
});

describe('audit diff', () => {
  it('lists only the fields that changed, arrays compared by value', () => {
    expect(diffFields({ price: 1, make: 'Ford', features: ['a'] }, { price: 2, make: 'Ford', features: ['a'] })).toEqual([{ field: 'price', before: 1, after: 2 }]);
    expect(diffFields(null, { vin: 'X' })).toEqual([{ field: 'vin', before: null, after: 'X' }]);
  });
});

describe('query schemas', () => {
  it('accepts one or many statuses and rejects unknown values', () => {
    expect(inventoryQuerySchema.parse({ status: 'sold' }).status).toEqual(['sold']);
    expect(inventoryQuerySchema.parse({ status: ['sold', 'available'] }).status).toEqual(['sold', 'available']);
    expect(inventoryQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: '2024-02-29' }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });
});

describe('vehicle input (one schema for the form, the API and imports)', () => {
  const base = {
    vin: '1hgcm82633a004352', year: 2003, make: ' Honda ', model: 'Accord', price: 4_500, mileage: 240_000, bodyType: 'Sedan',
    transmission: 'Automatic', fuelType: 'Gasoline', exteriorColor: 'Silver', location: 'Edmonton',
  };
  it('normalises and fills defaults', () => {
    const v = vehicleInputSchema.parse({ ...base, trim: '', stockNumber: ' e123 ', features: ['A', 'A', 'B'] });
    expect(v).toMatchObject({ vin: '1HGCM82633A004352', make: 'Honda', trim: null, stockNumber: 'E123', condition: 'used', status: 'available', description: '', features: ['A', 'B'] });
  });
  it('keeps a wrong check digit (a warning on the form) but refuses a malformed VIN', () => {
    expect(vehicleInputSchema.safeParse({ ...base, vin: '1HGCM82673A004352' }).success).toBe(true);
    expect(vehicleInputSchema.safeParse({ ...base, vin: '1HGCM8263' }).success).toBe(false);
  });
  it('wants the was-price above the price', () => {
    expect(vehicleInputSchema.safeParse({ ...base, originalPrice: 4_500 }).success).toBe(false);
    expect(vehicleInputSchema.safeParse({ ...base, originalPrice: 5_000 }).success).toBe(true);
  });
  it('PATCH applies no defaults, so a missing field stays as stored', () => {
    expect(vehiclePatchSchema.parse({ price: 5 })).toEqual({ price: 5 });
    expect(vehiclePatchSchema.safeParse({}).success).toBe(false);
  });
});
