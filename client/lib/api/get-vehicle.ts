// GET /api/vehicles/:id: one vehicle with photos and price history (sold ones answer with isSold true).
// Several features ask for it (the vehicle page, the pre-approval form, the saved list), and features do not import
// each other, so it lives in lib/, in an api/ folder laid out like a feature's (one file per endpoint): one query,
// one key, one cache entry for every page that shows the vehicle.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleDetail } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const vehicleQueryOptions = (id: number) =>
  queryOptions({
    // The key starts with the API path so invalidateVehicles() refreshes it after admin changes (spec §4). The
    // server-rendered vehicle page is dehydrated under this key: changing it breaks hydration.
    queryKey: [`/api/vehicles/${id}`],
    queryFn: ({ signal }) => apiGet<VehicleDetail>(`/api/vehicles/${id}`, { signal }),
    staleTime: 60_000,
  });

export const useVehicle = (id: number | null) =>
  useQuery({ ...vehicleQueryOptions(id ?? 0), enabled: id !== null });
