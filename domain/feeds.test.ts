// The feeds' rules (issue 19): the required-attribute check and the item built from a vehicle.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_TYPES, FUEL_TYPES } from './constants';
import {
  checkGoogleItem, GOOGLE_BODY_STYLE, GOOGLE_ENGINE, GOOGLE_REQUIRED_ATTRIBUTES, googleEntry, inventoryCsvRow, INVENTORY_CSV_COLUMNS, xmlSafe,
  type FeedContext, type GoogleItem,
} from './feeds';
import type { Vehicle } from './vehicle';
import { withCheckDigit } from './vin';

const ctx: FeedContext = { publicUrl: 'https://shop.example.ca', storeCodes: { Edmonton: 'PMH-EDM', Calgary: 'PMH-CGY' } };

const photo = (n: number) => ({
  id: n, alt: `Photo ${n}`, width: 1440, height: 1080, src: `/uploads/v/${n}-960.webp`,
  variants: [480, 960, 1440].flatMap((width) => [{ url: `/uploads/v/${n}-${width}.webp`, width, format: 'webp' as const }, { url: `/uploads/v/${n}-${width}.avif`, width, format: 'avif' as const }]),
});

const vehicle = (over: Partial<Vehicle> = {}): Vehicle => ({
  id: 7, vin: withCheckDigit('2T3P1RFV0MC000001'), stockNumber: 'E000007', year: 2021, make: 'Toyota', model: 'RAV4', trim: 'XLE',
  price: 31_995, originalPrice: null, isOnSale: false, mileage: 62_000, bodyType: 'SUV', condition: 'used', sellerType: 'dealer',
  status: 'available', isSold: false, images: [], photos: [photo(0), photo(1)], features: ['Heated Seats'], transmission: 'Automatic',
  engine: '2.5L I4', drivetrain: 'AWD', fuelType: 'Gasoline', exteriorColor: 'Blueprint', interiorColor: 'Black', doors: 4, seats: 5,
  description: 'One owner, winter tires included.', location: 'Edmonton', createdAt: '2026-10-01T15:00:00.000Z', dealRating: null, heldUntil: null,
  updatedAt: '2026-10-01T15:00:00.000Z', soldAt: null, ...over,
});

const complete = (): GoogleItem => {
  const entry = googleEntry(vehicle(), ctx);
  if (!entry.ok) throw new Error(entry.reasons.join(', '));
  return entry.item;
};

describe('googleEntry', () => {
  it('writes every required attribute in Google\'s formats, from the vehicle as the page shows it', () => {
    const item = complete();
    expect(item).toEqual({
      id: ['E000007'],
      title: ['2021 Toyota RAV4 XLE'],
      description: ['One owner, winter tires included.'],
      link: ['https://shop.example.ca/vehicles/7'],
      image_link: ['https://shop.example.ca/uploads/v/0-1440.webp'],
      additional_image_link: ['https://shop.example.ca/uploads/v/1-1440.webp'],
      price: ['31995.00 CAD'],
      vehicle_all_in_price: ['31995.00 CAD'],
      vehicle_price_type: ['all_in_price'],
      condition: ['used'],
      brand: ['Toyota'],
      model: ['RAV4'],
      year: ['2021'],
      mileage: ['62000 km'],
      VIN: [vehicle().vin],
      'vehicle_fulfillment.option': ['in_store'],
      'vehicle_fulfillment.store_code': ['PMH-EDM'],
      google_product_category: ['916'],
      color: ['Blueprint'],
      trim: ['XLE'],
      body_style: ['suv'],
      engine: ['gasoline'],
    });
    expect(checkGoogleItem(item)).toEqual([]);
  });

  it('leaves a vehicle out, saying why, when it cannot carry a required attribute', () => {
    expect(googleEntry(vehicle({ photos: [] }), ctx)).toEqual({ ok: false, reasons: ['no photo'] });
    expect(googleEntry(vehicle({ description: ' \n ' }), ctx)).toEqual({ ok: false, reasons: ['no description'] });
    expect(googleEntry(vehicle({ price: 0 }), ctx)).toEqual({ ok: false, reasons: ['no price'] });
    expect(googleEntry(vehicle({ location: 'Calgary' }), { ...ctx, storeCodes: { Edmonton: 'PMH-EDM' } })).toEqual({ ok: false, reasons: ['no Google store code for its store'] });
    expect(googleEntry(vehicle({ vin: 'NOTAVIN' }), ctx)).toEqual({ ok: false, reasons: ['VIN is not a 17-character VIN'] });
    // Only AVIF: not a format Google lists, so no usable photo.
    expect(googleEntry(vehicle({ photos: [{ ...photo(0), variants: photo(0).variants.filter((x) => x.format === 'avif') }] }), ctx)).toEqual({ ok: false, reasons: ['no photo'] });
    expect(googleEntry(vehicle({ photos: [], description: '' }), ctx)).toEqual({ ok: false, reasons: ['no description', 'no photo'] });
  });

  it('keeps to Google\'s limits: 10 additional images, a 5,000-character description cut at a word', () => {
    const item = googleEntry(vehicle({ photos: Array.from({ length: 15 }, (_, n) => photo(n)), description: 'word '.repeat(2000) }), ctx);
    expect(item.ok).toBe(true);
    if (!item.ok) return;
    expect(item.item.additional_image_link).toHaveLength(10);
    expect(item.item.description![0]!.length).toBeLessThanOrEqual(5000);
    expect(item.item.description![0]!.endsWith('word…')).toBe(true);
  });

  it('maps every body type and fuel type of ours to one of Google\'s values', () => {
    for (const b of BODY_TYPES) expect(GOOGLE_BODY_STYLE[b], b).toBeDefined();
    for (const f of FUEL_TYPES) expect(GOOGLE_ENGINE[f], f).toBeDefined();
  });

  it('any vehicle is either a complete item or left out with at least one reason (property, seeded)', () => {
    const arb = fc.record({
      description: fc.string({ maxLength: 80 }),
      price: fc.integer({ min: 0, max: 200_000 }),
      mileage: fc.integer({ min: 0, max: 400_000 }),
      photos: fc.integer({ min: 0, max: 14 }),
      trim: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      exteriorColor: fc.string({ maxLength: 20 }),
      bodyType: fc.constantFrom(...BODY_TYPES, 'Limousine'),
      fuelType: fc.constantFrom(...FUEL_TYPES, 'Hydrogen'),
      location: fc.constantFrom('Edmonton', 'Calgary'),
    });
    fc.assert(fc.property(arb, (r) => {
      const entry = googleEntry(vehicle({ ...r, location: r.location as Vehicle['location'], photos: Array.from({ length: r.photos }, (_, n) => photo(n)) }), ctx);
      if (entry.ok) {
        expect(checkGoogleItem(entry.item)).toEqual([]);
        for (const rule of GOOGLE_REQUIRED_ATTRIBUTES) expect(entry.item[rule.name]).toHaveLength(1);
      } else {
        expect(entry.reasons.length).toBeGreaterThan(0);
      }
      expect(entry.ok).toBe(r.photos > 0 && r.price > 0 && xmlSafe(r.description).trim() !== '');
    }), { seed: 19, numRuns: 300 });
  });
});

describe('checkGoogleItem', () => {
  it('names what is missing, malformed, repeated or unknown', () => {
    const item = complete();
    const without = (name: string) => Object.fromEntries(Object.entries(item).filter(([k]) => k !== name));
    for (const rule of GOOGLE_REQUIRED_ATTRIBUTES) expect(checkGoogleItem(without(rule.name))).toContain(rule.missing);
    expect(checkGoogleItem({ ...item, mileage: ['62,000 km'] })).toEqual(['mileage is not a whole number of km like "62000 km"']);
    expect(checkGoogleItem({ ...item, price: ['31995 CAD'], vehicle_all_in_price: ['31995 CAD'] })).toEqual(['price is not an amount like 12345.00 CAD', 'vehicle_all_in_price is not an amount like 12345.00 CAD']);
    expect(checkGoogleItem({ ...item, vehicle_all_in_price: ['30000.00 CAD'] })).toEqual(['the all-in price differs from the price']);
    expect(checkGoogleItem({ ...item, link: ['/vehicles/7'] })).toEqual(['link is not an absolute http(s) URL']);
    expect(checkGoogleItem({ ...item, condition: ['certified'] })).toEqual(['condition is not one of new, used']);
    expect(checkGoogleItem({ ...item, body_style: ['van'] })).toEqual([expect.stringMatching(/^body_style is not one of /)]);
    expect(checkGoogleItem({ ...item, title: ['a', 'b'] })).toEqual(['title is given 2 times']);
    expect(checkGoogleItem({ ...item, sale_price: ['1.00 CAD'] })).toEqual(['unknown attribute sale_price']);
    expect(checkGoogleItem({ ...item, price: ['0.00 CAD'], vehicle_all_in_price: ['0.00 CAD'] })).toEqual(['price is zero', 'vehicle_all_in_price is zero']);
  });
});

describe('inventoryCsvRow', () => {
  it('fills every column, absolute photo URLs joined with "|", empty cells for what is unknown', () => {
    const row = inventoryCsvRow(vehicle({ trim: null, interiorColor: null, doors: null }), { ...ctx, dealerName: 'Prairie Motor Hub' });
    expect(Object.keys(row)).toEqual(INVENTORY_CSV_COLUMNS.map((c) => c.key));
    expect(row).toMatchObject({
      stock_number: 'E000007', trim: '', interior_color: '', doors: '', price: 31_995, odometer_km: 62_000, status: 'available',
      photo_urls: 'https://shop.example.ca/uploads/v/0-1440.webp|https://shop.example.ca/uploads/v/1-1440.webp',
      vehicle_url: 'https://shop.example.ca/vehicles/7', date_in_stock: '2026-10-01', features: 'Heated Seats',
    });
  });
});

describe('the README', () => {
  it('documents every CSV column, in the order the file has them', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Vehicle feeds'), readme.indexOf('## Layout'));
    const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(INVENTORY_CSV_COLUMNS.map((c) => c.key));
  });
});
