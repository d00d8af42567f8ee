// A small payment calculator on the vehicle page: the shopper's own figures through the one payment rule
// (domain/payment-offer.ts, issue 57 §1), opening on the price block's assumptions (or the shopper's saved terms), so
// its first figure is the price block's. Terms are capped by model year (spec §5 guidance: 72 months for 2018 and
// older, 84 for 2019-2020, 96 after).
import { useId, useState } from 'react';
import { Calculator, Check } from 'lucide-react';
import { INTEREST_RATE_MAX, LOAN_TERMS, maxTermForYear } from '@domain/finance';
import { formatDollarsAndCents } from '@domain/number-format';
import { advertisedAssumptions, paymentOffer, paymentTermsLine } from '@domain/payment-offer';
import { updateCriteria, useApprovalCriteria } from '@/lib/criteria';
import { formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { parseTypedNumber } from '@domain/typed-number';
import { keepEarlyInput } from '@/lib/early-input';

// Issue 33 §2: "21,500" as typed.
const toNumber = (s: string) => {
  const n = parseTypedNumber(s) ?? 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function PaymentCalculator({ vehicle }: { vehicle: { price: number; year: number } }) {
  const uid = useId();
  const criteria = useApprovalCriteria();
  const maxTerm = maxTermForYear(vehicle.year);
  const terms = LOAN_TERMS.filter((t) => t <= maxTerm);
  const [price, setPrice] = useState(String(vehicle.price));
  const advertised = advertisedAssumptions(vehicle);
  const [down, setDown] = useState(String(Math.round(criteria?.downPayment ?? advertised.downPayment)));
  const [rate, setRate] = useState(String(criteria?.interestRate ?? advertised.apr));
  const [term, setTerm] = useState(() => Math.min(criteria?.loanTerm ?? advertised.termMonths, maxTerm));

  const priceN = toNumber(price);
  const downN = Math.min(toNumber(down), priceN);
  const rateN = Math.min(toNumber(rate), INTEREST_RATE_MAX);
  // The one payment rule, so on the price block's terms this shows the price block's figure.
  const offer = paymentOffer({ price: priceN, year: vehicle.year }, { downPayment: downN, interestRate: rateN, loanTerm: term });
  const { monthly, biweekly: bw } = offer;
  const id = (k: string) => `${uid}-${k}`;

  const applyEverywhere = () => {
    updateCriteria({ downPayment: downN, interestRate: rateN, loanTerm: term });
    toast({ title: 'Terms saved', description: 'Vehicle cards now show payments on these terms.', variant: 'success' });
  };

  return (
    <section ref={keepEarlyInput} id="payment-calculator" aria-labelledby={id('title')} className="scroll-mt-24 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id={id('title')} className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <Calculator className="size-5 text-primary" aria-hidden />Payment calculator
      </h2>
      {/* content-end: when a label wraps to two lines, the inputs of the row still line up (issue 21). */}
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div className="grid content-end gap-1.5">
          <Label htmlFor={id('price')}>Vehicle price</Label>
          <Input id={id('price')} inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
        <div className="grid content-end gap-1.5">
          <Label htmlFor={id('down')}>Down payment</Label>
          <Input id={id('down')} inputMode="numeric" value={down} onChange={(e) => setDown(e.target.value)} />
        </div>
        <div className="grid content-end gap-1.5">
          <Label htmlFor={id('rate')}>Interest rate (APR %)</Label>
          <Input id={id('rate')} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
        </div>
        <div className="grid content-end gap-1.5">
          <Label htmlFor={id('term')}>Term</Label>
          <Select id={id('term')} value={term} onChange={(e) => setTerm(Number(e.target.value))} aria-describedby={id('term-note')}>
            {terms.map((t) => <option key={t} value={t}>{t} months</option>)}
          </Select>
        </div>
      </div>
      <p id={id('term-note')} className="mt-2 text-xs text-muted-foreground">
        Lenders finance a {vehicle.year} model for at most {maxTerm} months.
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 rounded-lg bg-secondary p-3 text-secondary-foreground" aria-live="polite">
        <div>
          <p className="text-xs font-medium tracking-wide uppercase opacity-80">Monthly loan payment</p>
          <p className="text-2xl font-extrabold tabular-nums" data-testid="calc-monthly">{formatDollarsAndCents(monthly)}</p>
        </div>
        <div>
          <p className="text-xs font-medium tracking-wide uppercase opacity-80">Bi-weekly</p>
          <p className="text-2xl font-extrabold tabular-nums" data-testid="calc-biweekly">{formatPrice(bw.total)}</p>
        </div>
        {bw.total > 0 && (
          <p className="col-span-2 text-xs opacity-80" data-testid="calc-biweekly-breakdown">
            Bi-weekly: {formatPrice(bw.loan)} loan payment (the monthly payment ÷ 2.17) + {formatPrice(bw.charge)} charge added to each
            bi-weekly payment. The monthly figure has no such charge.
          </p>
        )}
        <p className="col-span-2 text-xs opacity-80">
          {formatDollarsAndCents(offer.amountFinanced)} financed: the price plus {formatDollarsAndCents(offer.gst)} GST, less the down payment.{' '}
          {paymentTermsLine(offer)}. An estimate before approval (OAC).
        </p>
      </div>
      <Button variant="outline" size="sm" className="mt-3" onClick={applyEverywhere}>
        <Check aria-hidden />Use these terms on every vehicle
      </Button>
    </section>
  );
}
