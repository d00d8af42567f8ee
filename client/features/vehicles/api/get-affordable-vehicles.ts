// GET /api/vehicles for /affordable-vehicles: available vehicles priced up to the approved amount, the closest
// below it first (price-desc), a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import type { PaginatedVehicles } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const AFFORDABLE_PAGE_SIZE = 24;

export const affordableVehiclesQueryOptions = (priceMax: number, page: number) => {
  const params = { format: 'paginated', priceMax, sortBy: 'price-desc', limit: AFFORDABLE_PAGE_SIZE, page } as const;
  return queryOptions({
    // Starts with the API path so admin changes refresh it (spec §4).
    queryKey: ['/api/vehicles', params],
    queryFn: ({ signal }) => apiGet<PaginatedVehicles>('/api/vehicles', { params, signal }),
    staleTime: TIMING.listingStale, // spec §7: listing cached 60 s
    placeholderData: keepPreviousData,
  });
};

export const useAffordableVehicles = (priceMax: number, page: number, enabled: boolean) =>
  useQuery({ ...affordableVehiclesQueryOptions(priceMax, page), enabled });
