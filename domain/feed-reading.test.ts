import { describe, expect, it } from 'vitest';
import { decodeFeedBytes, detectDelimiter, odometerKm, odometerUnitOfHeader, settledText } from './feed-reading';
import { feedRecord } from './inventory-feeds';
import { canonicalFeature, canonicalMake, splitListCell } from './vehicle-spelling';

describe('reading a DMS file (issue 54 §1)', () => {
  it('detects the encoding: a BOM, valid UTF-8, else Windows-1252; a setting wins', () => {
    const cp1252 = Buffer.from('Blanc Nacré – 2 500 $', 'latin1'); // the dash is outside Latin-1: it is "?" here, fine
    expect(decodeFeedBytes(Buffer.from([0x4e, 0x61, 0x63, 0x72, 0xe9]))).toEqual({ text: 'Nacré', encoding: 'windows-1252' });
    expect(decodeFeedBytes(Buffer.from('Nacré', 'utf8'))).toEqual({ text: 'Nacré', encoding: 'utf-8' });
    expect(decodeFeedBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Nacré')]))).toEqual({ text: 'Nacré', encoding: 'utf-8' });
    expect(decodeFeedBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nacré', 'utf16le')]))).toEqual({ text: 'Nacré', encoding: 'utf-16le' });
    // Windows-1252's own characters in 0x80-0x9F: the euro sign and curly quotes.
    expect(decodeFeedBytes(Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94])).text).toBe('€ “a”');
    expect(decodeFeedBytes(cp1252, 'utf-8').text).toContain('\uFFFD');
    expect(decodeFeedBytes(Buffer.from('Nacré', 'utf8'), 'windows-1252').text).toBe('NacrÃ©');
  });

  it('detects the delimiter of the header line, outside quotes', () => {
    expect(detectDelimiter('Stock\tVIN\tYear\n')).toBe('tab');
    expect(detectDelimiter('Stock;VIN;Year\n')).toBe('semicolon');
    expect(detectDelimiter('Stock|VIN|Year\n')).toBe('pipe');
    expect(detectDelimiter('"Stock;No",VIN,Year\n')).toBe('comma');
    expect(detectDelimiter('\uFEFFStock\n')).toBe('comma');
  });

  it('reads miles from the header or the cell, and converts them to km', () => {
    expect(odometerUnitOfHeader('Miles')).toBe('mi');
    expect(odometerUnitOfHeader('Mileage (mi)')).toBe('mi');
    expect(odometerUnitOfHeader('Odometer Miles')).toBe('mi');
    expect(odometerUnitOfHeader('Kilometres')).toBe('km');
    expect(odometerUnitOfHeader('Mileage')).toBeNull();
    expect(odometerKm('28,000', 'mi')).toBe(45062);
    expect(odometerKm('28,000 mi', 'km')).toBe(45062);
    expect(odometerKm('72 420 km', 'mi')).toBe(72420);
    expect(odometerKm('12.5', 'km')).toBe(13);
    expect(odometerKm('lots', 'km')).toBeNull();
  });

  it('translates a cell case-blind, and falls back to the default only when the cell is blank', () => {
    const t = { location: { 'PMH-CGY': 'Calgary' } };
    expect(settledText('location', ' pmh-cgy ', {}, t)).toEqual({ text: 'Calgary', source: 'translated' });
    expect(settledText('location', 'Edmonton', { location: 'Calgary' }, t)).toEqual({ text: 'Edmonton', source: 'feed' });
    expect(settledText('location', '  ', { location: 'Calgary' }, t)).toEqual({ text: 'Calgary', source: 'default' });
    expect(settledText('location', '', {}, t)).toEqual({ text: '', source: null });
  });
});

describe('one spelling for what people type many ways', () => {
  it('splits lists on every separator a DMS uses, keeping commas inside brackets, dropping repeats of any case', () => {
    expect(splitListCell('Heated Seats,Remote Start,Apple CarPlay')).toEqual(['Heated Seats', 'Remote Start', 'Apple CarPlay']);
    expect(splitListCell('A; B | C\nD\r\nE')).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(splitListCell('Power Seats (8-way, driver), Sunroof')).toEqual(['Power Seats (8-way, driver)', 'Sunroof']);
    expect(splitListCell('Sunroof, sunroof,  ,SUNROOF')).toEqual(['Sunroof']);
  });

  it('spells makes as their makers do, whatever the case or nickname', () => {
    for (const [typed, canonical] of [['RAM', 'RAM'], ['Ram', 'RAM'], ['ram', 'RAM'], ['TOYOTA', 'Toyota'], ['chevy', 'Chevrolet'], ['VW', 'Volkswagen'],
      ['mercedes benz', 'Mercedes-Benz'], ['bmw', 'BMW'], ['Mini', 'MINI'], ['land rover', 'Land Rover'], ['KARMA', 'Karma'], ['AMC', 'AMC']] as const) {
      expect(canonicalMake(typed), typed).toBe(canonical);
    }
  });

  it('spells features as the lot already does, else title-cases text written all in one case', () => {
    const known = new Map([['heated seats', 'Heated Seats']]);
    expect(canonicalFeature('HEATED SEATS', known)).toBe('Heated Seats');
    expect(canonicalFeature('remote start')).toBe('Remote Start');
    expect(canonicalFeature('Apple CarPlay')).toBe('Apple CarPlay');
    expect(canonicalFeature('USB')).toBe('USB');
  });
});

describe('a row as it will be published', () => {
  const reading = {
    mapping: { location: 'Dealer', odometer_km: 'Miles', condition: 'Type', features: 'Options', certified: 'CPO', body_style: 'Body', fuel_type: 'Fuel' },
    defaults: { interior_color: 'Black' }, translations: { location: { D1: 'Calgary' } }, odometerUnit: null,
  };
  it('translates, converts, splits, adds certification and defaults, and says where each value came from', () => {
    const r = feedRecord({ Dealer: 'D1', Miles: '10,000', Type: 'CPO', Options: 'Sunroof,heated seats', CPO: '', Body: '', Fuel: '' }, reading);
    expect(r.record).toMatchObject({ location: 'Calgary', mileage: '16093', condition: 'used', features: 'Sunroof|Heated Seats|Certified Pre-Owned', interiorColor: 'Black' });
    expect(r.sources).toMatchObject({ location: 'translated', odometer_km: 'feed', interior_color: 'default' });
  });

  it('fills only what the row lacks from the decoded VIN, and an electric car\'s transmission', () => {
    const decoded = { vin: 'X', valid: true, checkDigitValid: true, warnings: [], year: 2020, make: 'Tesla', model: 'Model 3', trim: null, bodyStyle: 'Sedan' as const, fuelType: 'Electric' as const, doors: 4, engine: null, drivetrain: null, transmission: null };
    const r = feedRecord({ Dealer: 'D1', Miles: '5', Type: 'U', Options: '', CPO: 'N', Body: 'Hatchback', Fuel: '' }, reading, { decoded });
    expect(r.record).toMatchObject({ bodyType: 'Hatchback', fuelType: 'Electric', transmission: 'Automatic', doors: '4', make: 'Tesla' });
    expect(r.sources).toMatchObject({ body_style: 'feed', fuel_type: 'decoded', transmission: 'decoded', make: 'decoded' });
  });

  it('gives a new unit with a blank odometer 0 km, and leaves locked fields out', () => {
    expect(feedRecord({ Dealer: 'D1', Miles: '', Type: 'N', Options: '', CPO: '', Body: '', Fuel: '' }, reading).record.mileage).toBe('0');
    expect(feedRecord({ Dealer: 'D1', Miles: '', Type: 'U', Options: '', CPO: '', Body: '', Fuel: '' }, reading).record.mileage).toBeUndefined();
    expect(feedRecord({ Dealer: 'D1', Miles: '1', Type: 'U', Options: 'A', CPO: '', Body: '', Fuel: '' }, reading, { locked: new Set(['location', 'features']) }).record).not.toHaveProperty('location');
  });
});
