// PATCH /api/admin/photos/vehicles/:vehicleId/photos/:photoId: a photo's alt text.
import type { PhotoChangeResult } from '@domain/media';
import { apiPatch } from '@/lib/api-client';
import { usePhotoMutation } from '../photo-change';
import { MEDIA_VEHICLES_PATH } from './get-media-vehicles';

export const updatePhotoAlt = (vehicleId: number, photoId: number, alt: string) =>
  apiPatch<PhotoChangeResult>(`${MEDIA_VEHICLES_PATH}/${vehicleId}/photos/${photoId}`, { alt });

export const useSetAlt = (vehicleId: number) =>
  usePhotoMutation(vehicleId, ({ photoId, alt }: { photoId: number; alt: string }) => updatePhotoAlt(vehicleId, photoId, alt));
