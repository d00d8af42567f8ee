// DELETE /api/admin/photos/vehicles/:vehicleId/photos/:photoId: removes a photo and deletes its stored files.
import type { PhotoChangeResult } from '@domain/media';
import { apiDelete } from '@/lib/api-client';
import { usePhotoMutation } from '../photo-change';
import { MEDIA_VEHICLES_PATH } from './get-media-vehicles';

export const deletePhoto = (vehicleId: number, photoId: number) =>
  apiDelete<PhotoChangeResult>(`${MEDIA_VEHICLES_PATH}/${vehicleId}/photos/${photoId}`);

export const useDeletePhoto = (vehicleId: number) => usePhotoMutation(vehicleId, (photoId: number) => deletePhoto(vehicleId, photoId));
