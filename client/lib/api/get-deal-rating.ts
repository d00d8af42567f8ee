// GET /api/vehicles/:id/deal-rating (issue 19): the rating's explanation and its comparables, for the vehicle page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealExplanation } from '@domain/deal-rating';
import { apiGet } from '@/lib/api-client';

export const dealRatingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [`/api/vehicles/${id}/deal-rating`],
    queryFn: ({ signal }) => apiGet<DealExplanation>(`/api/vehicles/${id}/deal-rating`, { signal }),
    staleTime: 60_000,
  });

export const useDealRating = (id: number) => useQuery(dealRatingQueryOptions(id));
