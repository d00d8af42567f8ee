import { describe, expect, it } from 'vitest';
import { fieldForHeader, importTemplateCsv, parseCell, resolveMapping, rowToInput } from './imports';

describe('dealer export headers', () => {
  it('maps common names automatically', () => {
    expect(fieldForHeader('Stock #')).toBe('stockNumber');
    expect(fieldForHeader('StockNumber')).toBe('stockNumber');
    expect(fieldForHeader('stock_no')).toBe('stockNumber');
    expect(fieldForHeader('Odometer')).toBe('mileage');
    expect(fieldForHeader('Kilometers')).toBe('mileage');
    expect(fieldForHeader('Internet Price')).toBe('price');
    expect(fieldForHeader('Ext Color')).toBe('exteriorColor');
    expect(fieldForHeader('Body Style')).toBe('bodyType');
    expect(fieldForHeader('Miles')).toBeUndefined(); // miles would need converting: the admin decides
  });
  it('lets the admin override, and gives each field to one column', () => {
    expect(resolveMapping(['Price', 'Internet Price', 'Serial'], { Serial: 'vin' })).toEqual({ Price: 'price', 'Internet Price': '', Serial: 'vin' });
    expect(resolveMapping(['Price', 'Internet Price'], { Price: '' })).toEqual({ Price: '', 'Internet Price': 'price' });
  });
});

describe('cells', () => {
  it('reads dealer formats', () => {
    expect(parseCell('price', '$24,995.00')).toEqual({ ok: true, value: 24995 });
    expect(parseCell('mileage', '132,000 km')).toEqual({ ok: true, value: 132000 });
    expect(parseCell('transmission', '6-Speed A/T')).toEqual({ ok: true, value: 'Automatic' });
    expect(parseCell('transmission', 'Auto')).toEqual({ ok: true, value: 'Automatic' });
    expect(parseCell('drivetrain', '4x4')).toEqual({ ok: true, value: '4WD' });
    expect(parseCell('bodyType', 'Pickup')).toEqual({ ok: true, value: 'Truck' });
    expect(parseCell('fuelType', 'Gas')).toEqual({ ok: true, value: 'Gasoline' });
    expect(parseCell('condition', 'N')).toEqual({ ok: true, value: 'new' });
    expect(parseCell('location', 'yyc')).toEqual({ ok: true, value: 'Calgary' });
    expect(parseCell('features', 'A; B | C')).toEqual({ ok: true, value: ['A', 'B', 'C'] });
    expect(parseCell('mileage', '12.5')).toMatchObject({ ok: false });
    expect(parseCell('status', 'pending')).toMatchObject({ ok: false });
  });
});

describe('the template', () => {
  it('maps every column and its example row is a valid vehicle', () => {
    const [h, r] = importTemplateCsv().trim().split('\r\n');
    const headers = h!.split(',');
    const mapping = resolveMapping(headers);
    expect(Object.values(mapping).every(Boolean)).toBe(true);
    // The example has no commas inside quoted cells except features and description: split on the CSV grammar.
    const cells: string[] = r!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    const result = rowToInput(Object.fromEntries(headers.map((x, i) => [x, cells[i] ?? ''])), mapping);
    expect(result.errors).toEqual([]);
  });
});
