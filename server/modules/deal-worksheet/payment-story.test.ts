// issue 57 §1: one payment story through the API. For a seeded sample of vehicles, the vehicle as the API serves it
// (the page works its payment from it), the worksheet quoted on the page's assumptions and the assistant asked from the
// vehicle's page all give the same monthly payment, with the same terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollarsAndCents } from '@domain/number-format';
import { advertisedAssumptions, paymentOffer, paymentTermsLine } from '@domain/payment-offer';
import { createTestApp, type TestContext } from '../../test/helpers';

let t: TestContext;
let address = 0;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), remoteAddress: `10.57.0.${++address}` });

describe('one payment story (issue 57 §1)', () => {
  it('the page, the worksheet and the assistant agree to the cent for a sample of vehicles', async () => {
    let seed = 57;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 8; i++) {
      const { id } = await t.createVehicle({ year: 2014 + Math.floor(rand() * 12), price: 8_000 + Math.round(rand() * 60_000), stockNumber: `P57${i}` });
      const vehicle = (await inject('GET', `/api/vehicles/${id}`)).json() as { price: number; year: number };
      const page = paymentOffer(vehicle);
      const a = advertisedAssumptions(vehicle);

      const quote = await inject('POST', '/api/deal-quotes', { vehicleId: id, purchase: 'finance', downPayment: a.downPayment, termMonths: a.termMonths, creditBand: a.creditBand });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({ payment: page.monthly, apr: page.apr, termMonths: page.termMonths, downPayment: page.downPayment, gst: page.gst });

      const chat = await inject('POST', '/api/car-assistant', { question: 'What would the monthly payment be on this one?', vehicleId: id });
      expect(chat.statusCode, chat.body).toBe(200);
      const message = chat.json().message as string;
      expect(message).toContain(`${formatDollarsAndCents(page.monthly)}/month`);
      expect(message).toContain(`${page.termMonths} months`);
      expect(message).toContain(`${page.apr}% APR`);
      expect(paymentTermsLine(page)).toContain('5% GST financed');
    }
  });
});
