// The vehicle page's deal rating (issue 19): the badge, the sentence it rests on ("$1,850 below the average of 12
// comparable vehicles (2019-2023 RAV4, adjusted to 62,000 km)") and the comparables, linked while still for sale,
// sold ones marked sold. With too few comparables it says so and rates nothing (DESIGN.md: honest claims).
import { Link } from '@/components/link';
import { formatKm, formatPrice } from '@/lib/format';
import { useDealRating } from '@/lib/api/get-deal-rating';
import { DealRatingBadge } from '@/components/deal-rating-badge';
import { Badge } from '@/components/ui/badge';
import { vehicleTitle } from '@domain/vehicle-title';

export function DealRatingSection({ vehicleId }: { vehicleId: number }) {
  const { data, isError } = useDealRating(vehicleId);
  if (isError || !data) return null;
  return (
    <section aria-labelledby="deal-rating-title" className="rounded-xl border border-border p-4" data-testid="deal-rating">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="deal-rating-title" className="text-base font-bold">How this price compares</h2>
        <DealRatingBadge rating={data.dealRating} />
      </div>
      <p className="mt-2 text-sm" data-testid="deal-rating-summary">{data.summary}.</p>
      {data.comparables.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-primary">
            {data.comparables.length === 1 ? 'The comparable vehicle' : `The ${data.comparables.length} comparable vehicles`}
          </summary>
          <p className="mt-2 text-xs text-muted-foreground">
            From our lot and our recent sales: the same make and model within two model years. Each price is adjusted
            to this vehicle&apos;s {formatKm(data.adjustedKm)}: about 0.5 % less for every 1,000 km more.
          </p>
          <ul className="mt-2 divide-y divide-border" data-testid="deal-rating-comparables">
            {data.comparables.map((c) => {
              const name = vehicleTitle(c);
              return (
                <li key={c.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 py-2">
                  <span className="min-w-0">
                    {c.sold
                      ? <span>{name} <Badge variant="secondary" className="ml-1">Sold</Badge></span>
                      : <Link className="font-medium text-primary hover:underline" to={`/vehicles/${c.id}`}>{name}</Link>}
                    <span className="block text-xs text-muted-foreground">{formatKm(c.mileage)}</span>
                  </span>
                  <span className="text-right whitespace-nowrap">
                    <span className="font-semibold">{formatPrice(c.price)}</span>
                    <span className="block text-xs text-muted-foreground">{formatPrice(c.adjustedPrice)} adjusted</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </section>
  );
}
