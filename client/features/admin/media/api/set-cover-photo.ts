// POST /api/admin/photos/vehicles/:vehicleId/photos/:photoId/cover: moves a photo to the front, as the cover.
import type { PhotoChangeResult } from '@domain/media';
import { apiPost } from '@/lib/api-client';
import { usePhotoMutation } from '../photo-change';
import { MEDIA_VEHICLES_PATH } from './get-media-vehicles';

export const setCoverPhoto = (vehicleId: number, photoId: number) =>
  apiPost<PhotoChangeResult>(`${MEDIA_VEHICLES_PATH}/${vehicleId}/photos/${photoId}/cover`);

export const useSetCover = (vehicleId: number) => usePhotoMutation(vehicleId, (photoId: number) => setCoverPhoto(vehicleId, photoId));
