// issue 57 §1: one payment story. The page's advertised payment, the calculator on the same terms, the worksheet's
// opening state (quoteWithOptions, as the page runs it, and quoteDeal, as the API runs it) and the ADF's payment all
// agree to the cent for a seeded sample of vehicles.
import { describe, expect, it } from 'vitest';
import { adfLeadOf } from './adf';
import { quoteDeal, quoteWithOptions, type DealVehicle } from './deal-worksheet-maths';
import { RATE_TABLE, rateBand } from './finance';
import { advertisedAssumptions, paymentLine, paymentOffer, paymentTermsLine } from './payment-offer';

function sample(n: number): DealVehicle[] {
  let seed = 57;
  const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1, year: 2012 + Math.floor(rand() * 15), make: 'Ford', model: 'Escape', trim: null, stockNumber: `S${i}`,
    fuelType: 'Gasoline', price: 3_000 + Math.round(rand() * 90_000),
  }));
}

describe('issue 57 §1: one set of assumptions', () => {
  it('the advertised assumptions are the Good band, $2,000 down and 84 months capped by model year', () => {
    expect(advertisedAssumptions({ year: 2023 })).toEqual({ downPayment: 2_000, apr: rateBand('good').apr, termMonths: 84, creditBand: 'good' });
    expect(advertisedAssumptions({ year: 2016 }).termMonths).toBe(72);
    expect(RATE_TABLE.map((r) => r.apr)).toContain(advertisedAssumptions({ year: 2020 }).apr);
  });

  it('the payment finances the all-in price plus 5% GST less the down payment, and says so with its terms', () => {
    const o = paymentOffer({ price: 30_000, year: 2022 });
    expect(o.gst).toBe(1_500);
    expect(o.amountFinanced).toBe(29_500);
    expect(o.monthly).toBe(474.48);
    expect(paymentTermsLine(o)).toBe('84 months · 8.99% APR · $2,000 down · 5% GST financed');
    expect(paymentLine(o)).toBe('$474.48/month · 84 months · 8.99% APR · $2,000 down · 5% GST financed');
    expect(o.biweekly).toEqual({ loan: 219, charge: 35, total: 254 });
  });

  it("the shopper's terms use their rate and down payment, their term capped by year, GST financed all the same", () => {
    const o = paymentOffer({ price: 30_000, year: 2016 }, { downPayment: 5_000.4, interestRate: 6.5, loanTerm: 96 });
    expect(o).toMatchObject({ downPayment: 5_000, apr: 6.5, termMonths: 72, personalised: true, amountFinanced: 26_500 });
  });

  it('nothing financed is no payment', () => {
    expect(paymentOffer({ price: 1_500, year: 2015 }).monthly).toBe(0);
  });

  it('page, calculator, worksheet (page and API) and ADF agree to the cent for 200 seeded vehicles', () => {
    for (const v of sample(200)) {
      const page = paymentOffer(v);
      const a = advertisedAssumptions(v);
      // The calculator opens on the advertised assumptions, typed back in as the shopper's own.
      const calculator = paymentOffer(v, { downPayment: a.downPayment, interestRate: a.apr, loanTerm: a.termMonths });
      const req = { vehicleId: v.id, purchase: 'finance' as const, downPayment: a.downPayment, termMonths: a.termMonths, creditBand: a.creditBand, productIds: [], incentiveIds: [] };
      const onPage = quoteWithOptions(v, { products: [], incentives: [] }, req);
      const api = quoteDeal(v, { products: [], incentives: [] }, '2026-12-07', req);
      if (!onPage.ok || !api.ok) throw new Error(JSON.stringify(v));
      expect(calculator.monthly, JSON.stringify(v)).toBe(page.monthly);
      expect(onPage.quote.payment, JSON.stringify(v)).toBe(page.monthly);
      expect(api.quote.payment).toBe(page.monthly);
      expect(api.quote).toMatchObject({ apr: page.apr, termMonths: page.termMonths, downPayment: page.downPayment, amountFinanced: page.amountFinanced, gst: page.gst });
      const adf = adfLeadOf(
        { id: 1, createdAt: new Date(0), sourceLabel: 'Deal', name: 'A', email: null, phone: null, message: '', vehicleInfo: null, additionalData: { dealWorksheet: api.quote }, tradeIn: null },
        null,
      );
      expect(adf.vehicle?.finance?.monthly).toBe(page.monthly);
      expect(adf.vehicle?.comments).toBe(`Payment ${paymentLine(page)}`);
    }
  });
});
