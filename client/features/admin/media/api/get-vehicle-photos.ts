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

/** The image manager's chosen vehicle (?vehicle=<id>), for the page and its route loader alike (issue 31 §4). */
export function chosenVehicleId(sp: URLSearchParams): number | null {
  const raw = Number(sp.get('vehicle'));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

export const useVehiclePhotos = (vehicleId: number | null) =>
  useQuery({ ...vehiclePhotosQueryOptions(vehicleId ?? 0), enabled: vehicleId != null });
