// The bi-weekly estimate of spec §9, personalised when the shopper has criteria. Alberta's credit-advertising
// rule: a payment figure always appears with its APR, term and down payment, and with the per-payment charge it
// includes (spec §9 "+35", issue 21).
import { biweeklyEstimate } from '@domain/finance';
import { useApprovalCriteria } from '@/lib/criteria';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/cn';

export function PaymentEstimate({ vehicle, className }: { vehicle: { price: number; year: number }; className?: string }) {
  const criteria = useApprovalCriteria();
  const e = biweeklyEstimate(vehicle, criteria);
  if (e.biweekly <= 0) return null;
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      <span className="font-semibold text-foreground">{formatPrice(e.biweekly)}</span>
      {` bi-weekly${e.personalised ? ' (your terms)' : ' est.'}`}
      <span className="block text-xs">
        {e.apr.toFixed(2)}% APR · {e.termMonths} months · {formatPrice(e.downPayment)} down · includes {formatPrice(e.biweeklyCharge)} charge per payment · OAC
      </span>
    </p>
  );
}
