// The deal rating's bands and their labels, without domain/deal-rating.ts's zod schemas: the vehicle card shows
// them on every shopping page, whose entry must not load zod (PERFORMANCE.md).
export const DEAL_RATINGS = ['great', 'good', 'fair', 'high'] as const;
export type DealRatingBand = (typeof DEAL_RATINGS)[number];

export const DEAL_RATING_LABELS: Record<DealRatingBand, string> = {
  great: 'Great price',
  good: 'Good price',
  fair: 'Fair price',
  high: 'High price',
};
