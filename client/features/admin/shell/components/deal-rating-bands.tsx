// The dashboard's deal-rating bands (issue 19): how many dealer units in stock shoppers see as Great, Good, Fair or
// High price, and how many have too few comparables to be rated. High links to the "priced above market" list.
import { Link } from '@/components/link';
import { DEAL_RATINGS, DEAL_RATING_LABELS, MIN_COMPARABLES, type RatingBandCounts } from '@domain/deal-rating';
import { DealRatingBadge } from '@/components/deal-rating-badge';

export function DealRatingBands({ counts }: { counts: RatingBandCounts }) {
  return (
    <section aria-labelledby="deal-bands-title" className="rounded-2xl border border-border bg-card p-4" data-testid="deal-rating-bands">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="deal-bands-title" className="text-base font-bold">Deal ratings in stock</h2>
        <Link to="/admin/inventory?market=above" className="text-sm underline underline-offset-4">Priced above market</Link>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {DEAL_RATINGS.map((band) => (
          <div key={band} className="flex flex-col gap-1">
            <dt><DealRatingBadge rating={{ rating: band, marketPrice: 0, difference: 0, comparableCount: 0 }} /><span className="sr-only"> units</span></dt>
            <dd className="text-2xl font-extrabold tabular-nums" aria-label={`${counts[band]} ${DEAL_RATING_LABELS[band]}`}>{counts[band].toLocaleString('en-CA')}</dd>
          </div>
        ))}
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-semibold text-muted-foreground">Not rated</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{counts.notRated.toLocaleString('en-CA')}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">Not rated: fewer than {MIN_COMPARABLES} comparable vehicles (same make and model, two model years either side) in stock or sold.</p>
    </section>
  );
}
