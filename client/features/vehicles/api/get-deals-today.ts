// GET /api/deals/today: the featured deal of the Edmonton calendar day and the other sale vehicles by saving.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export interface DealsToday {
  deal: Vehicle | null;
  /** YYYY-MM-DD in the dealership's zone. */
  date: string;
  /** ISO time of the next midnight in Edmonton. */
  nextDealAt: string;
  others: Vehicle[];
}

export const dealsTodayQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/deals/today'],
    queryFn: ({ signal }) => apiGet<DealsToday>('/api/deals/today', { signal }),
    // A sale price can change or a deal sell during the day.
    staleTime: 60_000,
  });

export const useDealsToday = () => useQuery(dealsTodayQueryOptions());
