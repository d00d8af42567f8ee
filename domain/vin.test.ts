import { describe, expect, it } from 'vitest';
import { checkVin, computeVinCheckDigit, withCheckDigit } from './vin';

describe('VIN check digit', () => {
  it('accepts real VINs with a correct check digit', () => {
    // Published examples: a 2011 Honda Accord and the NHTSA sample VIN.
    expect(checkVin('1HGCP2F31BA126162')).toEqual({ ok: true, vin: '1HGCP2F31BA126162' });
    expect(checkVin('11111111111111111').ok).toBe(true);
    expect(computeVinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });
  it('flags a wrong check digit, length and forbidden letters', () => {
    expect(checkVin('1HGCP2F32BA126162')).toMatchObject({ ok: false, reason: 'check-digit' });
    expect(checkVin('1HGCP2F31BA12616')).toMatchObject({ ok: false, reason: 'length' });
    expect(checkVin('1HGCP2F31BA12616O')).toMatchObject({ ok: false, reason: 'characters' });
  });
  it('normalises case and whitespace', () => {
    expect(checkVin(' 1hgcp2f31ba126162 ').ok).toBe(true);
  });
  it('withCheckDigit repairs position 9', () => {
    expect(withCheckDigit('1HGCP2F30BA126162')).toBe('1HGCP2F31BA126162');
  });
});
