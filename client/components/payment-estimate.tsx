// A vehicle card's payment (issue 57 §1): the monthly figure the worksheet opens on, from the one set of assumptions
// in domain/payment-offer.ts, personalised when the shopper has saved terms. Alberta's credit-advertising rule: a
// payment figure always appears with its APR, term and down payment; the bi-weekly figure says what its charge is
// (spec §9 "+35", issue 21).
import { formatDollarsAndCents } from '@domain/number-format';
import { paymentOffer, paymentTermsLine } from '@domain/payment-offer';
import { useApprovalCriteria } from '@/lib/criteria';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/cn';

export function PaymentEstimate({ vehicle, className }: { vehicle: { price: number; year: number }; className?: string }) {
  const criteria = useApprovalCriteria();
  const o = paymentOffer(vehicle, criteria);
  if (o.monthly <= 0) return null;
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      <span className="font-semibold text-foreground">{formatDollarsAndCents(o.monthly)}/month</span>
      {o.personalised ? ' (your terms)' : ' est.'}
      <span className="block text-xs">
        {paymentTermsLine(o)} · or {formatPrice(o.biweekly.total)} bi-weekly, includes {formatPrice(o.biweekly.charge)} charge per payment · OAC
      </span>
    </p>
  );
}
