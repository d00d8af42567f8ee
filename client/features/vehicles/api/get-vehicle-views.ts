// GET /api/vehicles/:id/views (issue 6): the vehicle's page views of the last days, from our own counts, for the
// listing history's "viewed N times this week".
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleViews } from '@domain/analytics';
import { apiGet } from '@/lib/api-client';

export const vehicleViewsQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: ['/api/vehicles', vehicleId, 'views'],
    queryFn: ({ signal }) => apiGet<VehicleViews>(`/api/vehicles/${vehicleId}/views`, { signal }),
    staleTime: 60_000,
  });

export const useVehicleViews = (vehicleId: number, enabled: boolean) => useQuery({ ...vehicleViewsQueryOptions(vehicleId), enabled });
