// GET /api/admin/photos/vehicles/:vehicleId: one vehicle's photos in the order buyers see them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehiclePhotos } from '@domain/media';
import { apiGet } from '@/lib/api-client';
import { MEDIA_VEHICLES_PATH } from './get-media-vehicles';

export const vehiclePhotosQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: [MEDIA_VEHICLES_PATH, 'vehicle', vehicleId],
    queryFn: ({ signal }) => apiGet<VehiclePhotos>(`${MEDIA_VEHICLES_PATH}/${vehicleId}`, { signal }),
  });

export const useVehiclePhotos = (vehicleId: number | null) =>
  useQuery({ ...vehiclePhotosQueryOptions(vehicleId ?? 0), enabled: vehicleId != null });
