// Pricing guidance on the vehicle form (issue 19): while the admin types, the market range of comparable vehicles
// (same make and model, ±2 model years, live and sold, adjusted to the typed km) and the deal rating the typed price
// would get. Asked a moment after typing stops (debounced), never for a half-typed vehicle.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEAL_RATING_LABELS, type PricingGuidance as Guidance } from '@domain/deal-rating';
import { apiGet } from '@/lib/api-client';
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

const whole = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

export function PricingGuidance({ make, model, year, mileage, price, excludeId, condition }: {
  make: unknown; model: unknown; year: unknown; mileage: unknown; price: unknown; excludeId: number | null;
  /** New or used: compared only with vehicles of the same condition (issue 33 §6). */
  condition?: unknown;
}) {
  const ask = useDebounced(JSON.stringify({
    make: typeof make === 'string' ? make.trim() : '', model: typeof model === 'string' ? model.trim() : '',
    year: whole(year), mileage: whole(mileage), price: whole(price),
    condition: condition === 'new' || condition === 'used' ? condition : undefined,
  }), DEBOUNCE_MS);
  const q = JSON.parse(ask) as { make: string; model: string; year?: number; mileage?: number; price?: number; condition?: 'new' | 'used' };
  const ready = q.make !== '' && q.model !== '' && q.year !== undefined && q.year >= 1980 && q.mileage !== undefined;
  const { data, isError } = useQuery({
    queryKey: ['/api/admin/pricing-guidance', q, excludeId],
    queryFn: ({ signal }) => apiGet<Guidance>('/api/admin/pricing-guidance', {
      params: { make: q.make, model: q.model, year: String(q.year), mileage: String(q.mileage), ...(q.price !== undefined ? { price: String(q.price) } : {}), ...(excludeId ? { excludeId: String(excludeId) } : {}), ...(q.condition ? { condition: q.condition } : {}) },
      signal,
    }),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

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
