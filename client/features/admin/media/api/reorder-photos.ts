// PUT /api/admin/photos/vehicles/:vehicleId/order: the photos' new order (the first is the cover).
import type { PhotoChangeResult } from '@domain/media';
import { apiPut } from '@/lib/api-client';
import { usePhotoMutation } from '../photo-change';
import { MEDIA_VEHICLES_PATH } from './get-media-vehicles';

export const reorderPhotos = (vehicleId: number, photoIds: number[]) =>
  apiPut<PhotoChangeResult>(`${MEDIA_VEHICLES_PATH}/${vehicleId}/order`, { photoIds });

export const useReorderPhotos = (vehicleId: number) => usePhotoMutation(vehicleId, (photoIds: number[]) => reorderPhotos(vehicleId, photoIds));
