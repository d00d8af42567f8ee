// GET /api/vehicles?format=paginated&limit=6: the home page's small grid of vehicles.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import type { PaginatedVehicles } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const HOME_VEHICLE_COUNT = 6;
// Dealer stock only: private-seller vehicles are not on our lot (they have their own strip).
const params = { format: 'paginated', limit: HOME_VEHICLE_COUNT, sellerType: 'dealer' } as const;

export const newestVehiclesQueryOptions = () =>
  queryOptions({
    // Starts with the API path so invalidateVehicles() refreshes it after admin changes (spec §4).
    queryKey: ['/api/vehicles', params],
    queryFn: ({ signal }) => apiGet<PaginatedVehicles>('/api/vehicles', { params, signal }),
    staleTime: TIMING.listingStale, // spec §7: listing cached 60 s
  });

export const useNewestVehicles = () => useQuery(newestVehiclesQueryOptions());
