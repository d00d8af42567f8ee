// Pricing guidance on the vehicle form (issue 19): while the admin types, the market range of comparable vehicles
// (same make and model, ±2 model years, live and sold, adjusted to the typed km) and the deal rating the typed price
// would get. Asked a moment after typing stops (debounced), never for a half-typed vehicle.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEAL_RATING_LABELS } from '@domain/deal-rating';
import { pricingAsk, pricingAskReady, pricingGuidanceQueryOptions, type PricingAsk } from '../api/get-pricing-guidance';
import { formatPrice } from '@/lib/format';
import { DealRatingBadge } from '@/components/deal-rating-badge';

/** Typing pauses longer than this ask the server (a few requests per price typed, not one per key). */
const DEBOUNCE_MS = 350;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function PricingGuidance({ make, model, year, mileage, price, excludeId, condition }: {
  make: unknown; model: unknown; year: unknown; mileage: unknown; price: unknown; excludeId: number | null;
  /** New or used: compared only with vehicles of the same condition (issue 33 §6). */
  condition?: unknown;
}) {
  const ask = useDebounced(JSON.stringify(pricingAsk({ make, model, year, mileage, price, condition })), DEBOUNCE_MS);
  const q = JSON.parse(ask) as PricingAsk;
  const ready = pricingAskReady(q);
  const { data, isError } = useQuery({ ...pricingGuidanceQueryOptions(q, excludeId), enabled: ready });

  let body: React.ReactNode;
  if (!ready) body = <p className="text-muted-foreground">Enter the year, make, model and mileage to see the market for this vehicle.</p>;
  else if (isError) body = <p className="text-muted-foreground">The market range could not be loaded just now.</p>;
  else if (!data) body = <p className="text-muted-foreground">Looking up comparable vehicles…</p>;
  else if (data.comparableCount === 0) body = <p className="text-muted-foreground">No comparable {q.make} {q.model} within two model years in our stock or sales.</p>;
  else {
    body = (
      <>
        <p>
          <span className="font-semibold">{formatPrice(data.rangeMin!)} to {formatPrice(data.rangeMax!)}</span>
          {' '}across {data.comparableCount} comparable {data.comparableCount === 1 ? 'vehicle' : 'vehicles'}
          {data.yearMin !== null && <> ({data.yearMin === data.yearMax ? data.yearMin : `${data.yearMin}-${data.yearMax}`})</>}, adjusted to {q.mileage!.toLocaleString('en-CA')} km.
        </p>
        {data.average !== null
          ? <p>Average <span className="font-semibold">{formatPrice(data.average)}</span>.</p>
          : <p className="text-muted-foreground">Fewer than {data.minComparables} comparables: shoppers see no rating for this price.</p>}
        {data.rating && data.difference !== null && (
          <p className="flex flex-wrap items-center gap-2">
            <span>At {formatPrice(q.price!)}: {formatPrice(Math.abs(data.difference))} {data.difference <= 0 ? 'below' : 'above'} the average.</span>
            <DealRatingBadge rating={{ rating: data.rating, marketPrice: data.average!, difference: data.difference, comparableCount: data.comparableCount }} />
            <span className="sr-only">Shoppers would see {DEAL_RATING_LABELS[data.rating]}.</span>
          </p>
        )}
      </>
    );
  }
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-muted/40 p-3 text-sm" aria-live="polite" data-testid="pricing-guidance">
      <p className="font-semibold">Market for this vehicle</p>
      {body}
    </div>
  );
}
