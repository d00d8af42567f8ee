// The deal rating's badge (issue 19) on cards and the vehicle page: a small pill whose words carry the meaning
// (colour only repeats them), readable in dark mode and short enough for a 360 px card.
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { DealRating } from '@domain/deal-rating';
import { DEAL_RATING_LABELS } from '@domain/deal-rating-labels';
import { cn } from '@/lib/cn';

const STYLE: Record<DealRating['rating'], string> = {
  great: 'bg-success-soft text-success-soft-foreground ring-1 ring-success/60',
  good: 'bg-success-soft/60 text-success-soft-foreground',
  fair: 'bg-secondary text-secondary-foreground',
  high: 'border border-border text-muted-foreground',
};

export function DealRatingBadge({ rating, className }: { rating: DealRating | null; className?: string }) {
  if (!rating) return null;
  const Icon = rating.rating === 'high' ? TrendingUp : rating.rating === 'fair' ? null : TrendingDown;
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3', STYLE[rating.rating], className)}
      data-testid="deal-rating-badge"
      data-rating={rating.rating}
      title={`Compared with ${rating.comparableCount} comparable vehicles`}
    >
      {Icon && <Icon aria-hidden />}
      {DEAL_RATING_LABELS[rating.rating]}
    </span>
  );
}
