// Calls the saved page makes (issue 5): each saved vehicle as it is now, similar vehicles for a sold one, and the
// signed-in user's saved searches. Keys start with the API path, like the vehicle pages', so caches are shared.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@domain/saved';
import type { Vehicle, VehicleDetail } from '@domain/vehicle';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';

export const savedVehicleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [`/api/vehicles/${id}`],
    queryFn: ({ signal }) => apiGet<VehicleDetail>(`/api/vehicles/${id}`, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export const similarQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [`/api/vehicles/${id}/similar`],
    queryFn: ({ signal }) => apiGet<{ vehicles: Vehicle[] }>(`/api/vehicles/${id}/similar`, { signal }),
    select: (data) => data.vehicles,
    staleTime: 60_000,
  });
export const useSimilar = (id: number, enabled: boolean) => useQuery({ ...similarQueryOptions(id), enabled });

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/saved-searches'],
    queryFn: ({ signal }) => apiGet<{ savedSearches: SavedSearch[] }>('/api/saved-searches', { signal }),
    select: (d) => d.savedSearches,
  });
export const useSavedSearches = (enabled: boolean) => useQuery({ ...savedSearchesQueryOptions(), enabled });
export const markSavedSearchSeen = (id: number) => apiPost(`/api/saved-searches/${id}/seen`);
export const deleteSavedSearch = (id: number) => apiDelete(`/api/saved-searches/${id}`);
