import { describe, expect, it } from 'vitest';
import { historyFacts, RECALLS_DATABASE } from './vehicle-history';
import { withCheckDigit } from './vin';

const vin = withCheckDigit('2T3P1RFV0MC000001');

describe('historyFacts', () => {
  it('records only what the vehicle\'s data holds, and never claims a clean history', () => {
    const facts = historyFacts({ vin, mileage: 62_000, condition: 'used', sellerType: 'dealer' });
    expect(facts.recorded).toEqual([
      `VIN ${vin}: its check digit is valid, so it is not mistyped. That says nothing about the vehicle's past.`,
      'Odometer: 62,000 km, as recorded when the vehicle was listed.',
    ]);
    expect(facts.notChecked).toHaveLength(4);
    expect(facts.notChecked[3]).toMatch(/Mechanical Fitness Assessment/);
    expect([...facts.recorded, ...facts.notChecked].join(' ')).not.toMatch(/clean|no accidents|accident-free|certified|guarantee/i);
  });

  it('says when the VIN\'s check digit does not match, and what a private listing lacks', () => {
    const wrong = vin.slice(0, 8) + (vin[8] === '1' ? '2' : '1') + vin.slice(9);
    const facts = historyFacts({ vin: wrong, mileage: 1500, condition: 'used', sellerType: 'private seller' });
    expect(facts.recorded[0]).toMatch(/does not match, so it may be mistyped/);
    expect(facts.recorded[1]).toBe('Odometer: 1,500 km, as the seller entered it.');
    expect(facts.notChecked[3]).toMatch(/has not seen or inspected this vehicle/);
  });

  it('a new vehicle is about its pre-delivery inspection, not a used vehicle\'s assessment', () => {
    expect(historyFacts({ vin, mileage: 12, condition: 'new', sellerType: 'dealer' }).notChecked[3]).toMatch(/^Pre-delivery inspection: not recorded/);
  });

  it('links the recall search on Transport Canada\'s own site', () => {
    expect(new URL(RECALLS_DATABASE.url).hostname).toBe('wwwapps.tc.gc.ca');
  });
});
