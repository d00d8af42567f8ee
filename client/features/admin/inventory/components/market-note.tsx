// The inventory table's note under a price (issue 19): how far it sits from its comparables' average, and the band
// shoppers see, so a manager scanning the list knows which units to reprice.
import { DEAL_RATING_LABELS, type DealRating } from '@domain/deal-rating';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/cn';

export function MarketNote({ rating }: { rating: DealRating }) {
  const above = rating.difference > 0;
  return (
    <span className={cn('block text-xs', above ? 'font-semibold text-amber-800 dark:text-amber-200' : 'text-muted-foreground')} title={`Average of ${rating.comparableCount} comparable vehicles: ${formatPrice(rating.marketPrice)}`}>
      {DEAL_RATING_LABELS[rating.rating]}: {formatPrice(Math.abs(rating.difference))} {above ? 'above' : 'below'}
    </span>
  );
}
