// GET /api/closed-days (issue 33 §6): the dealer's closed days, so the booking form never offers 25 December.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosedDaysResponse } from '@domain/dealer-settings';
import { apiGet } from '@/lib/api-client';

export const closedDaysQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/closed-days'],
    queryFn: ({ signal }) => apiGet<ClosedDaysResponse>('/api/closed-days', { signal }),
    staleTime: 5 * 60_000,
  });

export const useClosedDays = (enabled = true) => useQuery({ ...closedDaysQueryOptions(), enabled });
