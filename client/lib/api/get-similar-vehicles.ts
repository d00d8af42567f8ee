// GET /api/vehicles/:id/similar: up to 6 available vehicles like this one. Shown on the vehicle page and, for a
// vehicle sold since, on the saved list: shared by two features, so it lives here (see get-vehicle.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const similarVehiclesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [`/api/vehicles/${id}/similar`],
    queryFn: ({ signal }) => apiGet<{ vehicles: Vehicle[] }>(`/api/vehicles/${id}/similar`, { signal }),
    select: (data) => data.vehicles,
    staleTime: 60_000,
  });

export const useSimilarVehicles = (id: number, enabled = true) => useQuery({ ...similarVehiclesQueryOptions(id), enabled });
