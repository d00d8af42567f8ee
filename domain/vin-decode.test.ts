import { describe, expect, it } from 'vitest';
import { describeEngine, mapBodyClass, mapDriveType, mapFuel, mapTransmission, toVinDecodeResult, vinInputSchema } from './vin-decode';

describe('mapping vPIC values onto our vocabulary', () => {
  it('maps body classes', () => {
    expect(mapBodyClass('Pickup')).toBe('Truck');
    expect(mapBodyClass('Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)')).toBe('SUV');
    expect(mapBodyClass('Crossover Utility Vehicle (CUV)')).toBe('SUV');
    expect(mapBodyClass('Minivan')).toBe('Minivan');
    expect(mapBodyClass('Cargo Van')).toBe('Van');
    expect(mapBodyClass('Sedan/Saloon')).toBe('Sedan');
    expect(mapBodyClass('Hatchback/Liftback/Notchback')).toBe('Hatchback');
    expect(mapBodyClass('Convertible/Cabriolet')).toBe('Convertible');
    expect(mapBodyClass('Wagon')).toBe('Wagon');
    expect(mapBodyClass('Motorcycle - Street')).toBeNull();
  });
  it('maps fuel, telling plug-in hybrids apart by electrification level', () => {
    expect(mapFuel('Gasoline', 'Electric', 'PHEV (Plug-in Hybrid Electric Vehicle)')).toBe('Plug-in Hybrid');
    expect(mapFuel('Gasoline', 'Electric', 'Strong HEV (Hybrid Electric Vehicle)')).toBe('Hybrid');
    expect(mapFuel('Gasoline', 'Electric')).toBe('Hybrid');
    expect(mapFuel('Electric', undefined, 'BEV (Battery Electric Vehicle)')).toBe('Electric');
    expect(mapFuel('Flexible Fuel Vehicle (FFV)')).toBe('Gasoline');
    expect(mapFuel('Diesel')).toBe('Diesel');
    expect(mapFuel('Compressed Natural Gas (CNG)')).toBeNull();
  });
  it('maps drive types and transmissions, leaving ambiguous ones empty', () => {
    expect(mapDriveType('4WD/4-Wheel Drive/4x4')).toBe('4WD');
    expect(mapDriveType('AWD/All-Wheel Drive')).toBe('AWD');
    expect(mapDriveType('FWD/Front-Wheel Drive')).toBe('FWD');
    expect(mapDriveType('RWD/Rear-Wheel Drive')).toBe('RWD');
    expect(mapDriveType('4x2')).toBeNull();
    expect(mapTransmission('Continuously Variable Transmission (CVT)')).toBe('CVT');
    expect(mapTransmission('Manual/Standard')).toBe('Manual');
    expect(mapTransmission('Dual-Clutch Transmission (DCT)')).toBe('Automatic');
  });
  it('describes engines', () => {
    expect(describeEngine('5.0', '8', 'V-Shaped')).toBe('5.0L V8');
    expect(describeEngine('2.5', '4', 'In-Line')).toBe('2.5L I4');
    expect(describeEngine('2.0', '4', undefined)).toBe('2.0L 4-cylinder');
    expect(describeEngine(undefined, undefined, undefined)).toBeNull();
  });
});

describe('the decode result', () => {
  it('warns about a wrong check digit and unmapped values', () => {
    const r = toVinDecodeResult({ vin: '1ftfw1e50mfa00001', year: 2021, make: 'Ford', model: 'F-150', bodyClass: 'Bus', fuelPrimary: 'Hydrogen', recognised: true });
    expect(r).toMatchObject({ vin: '1FTFW1E50MFA00001', valid: true, checkDigitValid: false, bodyStyle: null, fuelType: null });
    expect(r.warnings).toHaveLength(3);
  });
  it('validates the VIN shape with clear messages', () => {
    expect(vinInputSchema.safeParse('abc').error?.issues[0]?.message).toBe('VIN must have exactly 17 characters');
    expect(vinInputSchema.safeParse('1FTFW1E53MFA0000I').error?.issues[0]?.message).toMatch(/other than I, O and Q/);
    expect(vinInputSchema.parse(' 1ftfw1e53mfa00001 ')).toBe('1FTFW1E53MFA00001');
  });
});
