// What every photo change does to the cache: each photo endpoint answers the vehicle's photos as they now are, so
// the open vehicle is updated from that answer, and the lists and public reads that show photos are refreshed.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PhotoChangeResult, VehiclePhotos } from '@domain/media';
import { MEDIA_VEHICLES_PATH } from './api/get-media-vehicles';
import { vehiclePhotosQueryOptions } from './api/get-vehicle-photos';

/** After any change: the vehicle's photos as the server answered, and every list or public read that shows them. */
export async function applyPhotoChange(qc: QueryClient, vehicleId: number, result: VehiclePhotos) {
  qc.setQueryData(vehiclePhotosQueryOptions(vehicleId).queryKey, { vehicle: result.vehicle, photos: result.photos });
  await Promise.all([
    qc.invalidateQueries({ queryKey: [MEDIA_VEHICLES_PATH, 'list'] }),
    // spec §4: after a vehicle mutation every cached /api/vehicles query is refreshed.
    qc.invalidateQueries({ queryKey: ['/api/vehicles'] }),
  ]);
}

/** A mutation of one vehicle's photos whose answer is applied with applyPhotoChange. */
export function usePhotoMutation<V>(vehicleId: number, fn: (v: V) => Promise<PhotoChangeResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (result) => applyPhotoChange(qc, vehicleId, result) });
}
