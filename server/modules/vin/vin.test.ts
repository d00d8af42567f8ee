// GET /api/vin-decode/:vin against the real corgi decoder and its shipped NHTSA vPIC data (no mocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';

let t: TestContext;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
  customer = await loginAs(t.app, await t.createUser());
});
afterAll(() => t.close());

const decode = (vin: string, s: Session | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/vin-decode/${encodeURIComponent(vin)}`, headers: s ? { cookie: s.cookie } : {} });

describe('GET /api/vin-decode/:vin', () => {
  it('decodes a 2021 Ford F-150 into our vocabulary (Pickup becomes Truck)', async () => {
    const res = await decode('1FTFW1E53MFA00001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      vin: '1FTFW1E53MFA00001', valid: true, checkDigitValid: true, warnings: [],
      year: 2021, make: 'Ford', model: 'F-150', bodyStyle: 'Truck', fuelType: 'Gasoline', engine: '5.0L V8',
    });
  });

  it('decodes the NHTSA sample Honda Accord coupe with its trim and doors', async () => {
    const res = await decode('1hgcm82633a004352'); // lower case is accepted and normalised
    expect(res.json()).toMatchObject({
      vin: '1HGCM82633A004352', valid: true, checkDigitValid: true, year: 2003, make: 'Honda', model: 'Accord',
      trim: 'EX-V6', bodyStyle: 'Coupe', doors: 2,
    });
  });

  it('decodes a Toyota RAV4 and a Hyundai Kona (SUV body class)', async () => {
    expect((await decode('2T3P1RFV5LW000000')).json()).toMatchObject({ year: 2020, make: 'Toyota', model: 'RAV4', trim: 'XLE', bodyStyle: 'SUV', engine: '2.5L I4', doors: 5 });
    expect((await decode('KM8K2CAB4PU001140')).json()).toMatchObject({ year: 2023, make: 'Hyundai', model: 'Kona', trim: 'SE', bodyStyle: 'SUV' });
  });

  it('maps hybrid and electric fuel', async () => {
    expect((await decode('JTDKB20U293000000')).json()).toMatchObject({ make: 'Toyota', model: 'Prius', fuelType: 'Hybrid' });
    expect((await decode('5YJ3E1EB5KF000000')).json()).toMatchObject({ make: 'Tesla', model: 'Model 3', fuelType: 'Electric', bodyStyle: 'Sedan', engine: null });
  });

  it('treats a wrong check digit as a warning and still decodes', async () => {
    const res = await decode('1FTFW1E50MFA00001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ valid: true, checkDigitValid: false, make: 'Ford', model: 'F-150' });
    expect(body.warnings[0]).toMatch(/check digit.*should be 3/i);
  });

  it('says so when the VIN is well formed but unknown to vPIC', async () => {
    const res = await decode('WBA00000200000000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, model: null });
    expect(res.json().warnings.join(' ')).toMatch(/by hand/);
  });

  it('refuses a malformed VIN with a 400 that says what is wrong', async () => {
    const short = await decode('1FTFW1E53MFA0000');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/17 characters/);
    const letters = await decode('1FTFW1E53MFA0000O');
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toMatch(/other than I, O and Q/);
  });

  it('is for signed-in users only: a visitor gets 401, a customer (private seller) is served', async () => {
    expect((await decode('1FTFW1E53MFA00001', null)).statusCode).toBe(401);
    expect((await decode('1FTFW1E53MFA00001', customer)).statusCode).toBe(200);
  });
});
