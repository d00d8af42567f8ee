// GET /api/vehicles/:id: one vehicle with photos and price history (sold ones answer with isSold true).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleDetail } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const vehicleQueryOptions = (id: number) =>
  queryOptions({
    // The key starts with the API path so invalidateVehicles() refreshes it after admin changes (spec §4).
    queryKey: [`/api/vehicles/${id}`],
    queryFn: ({ signal }) => apiGet<VehicleDetail>(`/api/vehicles/${id}`, { signal }),
    staleTime: 60_000,
  });

export const useVehicle = (id: number | null) =>
  useQuery({ ...vehicleQueryOptions(id ?? 0), enabled: id !== null });
