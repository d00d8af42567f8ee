// GET /api/vehicles?sellerType=private seller&limit=8: the home page's private-seller marketplace strip.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import type { Vehicle } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const PRIVATE_LISTINGS_COUNT = 8;
const params = { sellerType: 'private seller', limit: PRIVATE_LISTINGS_COUNT } as const;

export const privateListingsQueryOptions = () =>
  queryOptions({
    // Starts with the API path so admin changes (invalidateVehicles) refresh it too.
    queryKey: ['/api/vehicles', params],
    queryFn: ({ signal }) => apiGet<Vehicle[]>('/api/vehicles', { params, signal }),
    staleTime: TIMING.listingStale,
  });

export const usePrivateListings = () => useQuery(privateListingsQueryOptions());
