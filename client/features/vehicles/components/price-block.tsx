// Price block of the vehicle page: all-in price (AMVIC), sale saving, and the payment on the one set of assumptions
// (issue 57 §1, domain/payment-offer.ts), so the deal worksheet below opens on the same monthly figure; with the
// shopper's saved terms, theirs too. Each figure shows its APR, term and down payment (Alberta credit-advertising rule).
import { Tag } from 'lucide-react';
import { formatDollarsAndCents } from '@domain/number-format';
import { paymentOffer, paymentTermsLine, type PaymentOffer } from '@domain/payment-offer';
import { savingOf } from '@domain/deals';
import { ALL_IN_PRICE_NOTE } from '@domain/settings';
import type { Vehicle } from '@domain/vehicle';
import { useApprovalCriteria } from '@/lib/criteria';
import { formatPrice } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { InPageLink } from '@/components/in-page-link';

function EstimateLine({ label, e }: { label: string; e: PaymentOffer }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd>
        <span className="text-lg font-bold text-foreground" data-testid="monthly-payment">{formatDollarsAndCents(e.monthly)}</span>
        <span className="text-sm text-muted-foreground">/month</span>
        <span className="block text-xs text-muted-foreground" data-testid="payment-terms">{paymentTermsLine(e)} · OAC</span>
        {/* spec §9 adds a fixed charge to every bi-weekly figure; Alberta wants a payment to match its disclosed terms. */}
        <span className="block text-xs text-muted-foreground">
          or <span className="font-semibold text-foreground" data-testid="biweekly-payment">{formatPrice(e.biweekly.total)}</span> bi-weekly:{' '}
          <span data-testid="biweekly-breakdown">{formatPrice(e.biweekly.loan)} loan payment + {formatPrice(e.biweekly.charge)} charge added to each bi-weekly payment</span>
        </span>
      </dd>
    </div>
  );
}

export function PriceBlock({ vehicle }: { vehicle: Vehicle }) {
  const criteria = useApprovalCriteria();
  const saving = savingOf(vehicle);
  const standard = paymentOffer(vehicle, null);
  const personal = criteria ? paymentOffer(vehicle, criteria) : null;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-3xl font-extrabold tracking-tight sm:text-4xl" data-testid="vehicle-price">{formatPrice(vehicle.price)}</span>
          {saving > 0 && (
            <span className="text-lg text-muted-foreground line-through">
              <span className="sr-only">was </span>{formatPrice(vehicle.originalPrice!)}
            </span>
          )}
          {saving > 0 && !vehicle.isSold && (
            <Badge variant="success" className="text-sm"><Tag aria-hidden />Save {formatPrice(saving)}</Badge>
          )}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{ALL_IN_PRICE_NOTE}</p>
      </div>
      {!vehicle.isSold && (standard.monthly > 0 || (personal && personal.monthly > 0)) && (
        <dl className="grid gap-3 rounded-lg bg-muted/60 p-3 sm:grid-cols-2">
          {standard.monthly > 0 && <EstimateLine label="Estimated payment" e={standard} />}
          {personal && personal.monthly > 0 ? (
            <EstimateLine label="With your terms" e={personal} />
          ) : (
            // Inside a <dl> a group must be dt/dd pairs (Lighthouse "definition-list").
            <div className="flex flex-col justify-center text-sm text-muted-foreground">
              <dt>Want a figure on your terms?</dt>
              <dd><InPageLink targetId="payment-calculator" className="font-semibold text-primary hover:underline">Use the payment calculator</InPageLink></dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
