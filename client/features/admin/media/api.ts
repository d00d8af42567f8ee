// The admin photo API (server/modules/media/routes.ts) for the image manager and the photo coverage page.
// Uploads use XMLHttpRequest, not fetch: only XHR reports upload progress, which the page shows per file.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@domain/constants';
import { UPLOAD_FIELD, type MediaVehicleList, type PhotoChangeResult, type VehiclePhotos } from '@domain/media';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, apiPut } from '@/lib/api-client';
import { readString } from '@/lib/storage';

const BASE = '/api/admin/photos/vehicles';

export interface MediaVehicleParams { search?: string; fewerThan?: number; includeSold?: boolean; limit?: number }

export const mediaVehiclesQuery = (params: MediaVehicleParams) =>
  queryOptions({
    queryKey: [BASE, 'list', params],
    queryFn: ({ signal }) => apiGet<MediaVehicleList>(BASE, { params: { ...params }, signal }),
    placeholderData: (previous) => previous,
  });
export const useMediaVehicles = (params: MediaVehicleParams, enabled = true) => useQuery({ ...mediaVehiclesQuery(params), enabled });

export const vehiclePhotosQuery = (vehicleId: number) =>
  queryOptions({
    queryKey: [BASE, 'vehicle', vehicleId],
    queryFn: ({ signal }) => apiGet<VehiclePhotos>(`${BASE}/${vehicleId}`, { signal }),
  });
export const useVehiclePhotos = (vehicleId: number | null) =>
  useQuery({ ...vehiclePhotosQuery(vehicleId ?? 0), enabled: vehicleId != null });

/** After any change: the vehicle's photos as the server answered, and every list or public read that shows them. */
export async function applyPhotoChange(qc: QueryClient, vehicleId: number, result: VehiclePhotos) {
  qc.setQueryData(vehiclePhotosQuery(vehicleId).queryKey, { vehicle: result.vehicle, photos: result.photos });
  await Promise.all([
    qc.invalidateQueries({ queryKey: [BASE, 'list'] }),
    // spec §4: after a vehicle mutation every cached /api/vehicles query is refreshed.
    qc.invalidateQueries({ queryKey: ['/api/vehicles'] }),
  ]);
}

function usePhotoMutation<V>(vehicleId: number, fn: (v: V) => Promise<PhotoChangeResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (result) => applyPhotoChange(qc, vehicleId, result) });
}

export const useReorderPhotos = (vehicleId: number) =>
  usePhotoMutation(vehicleId, (photoIds: number[]) => apiPut<PhotoChangeResult>(`${BASE}/${vehicleId}/order`, { photoIds }));
export const useSetCover = (vehicleId: number) =>
  usePhotoMutation(vehicleId, (photoId: number) => apiPost<PhotoChangeResult>(`${BASE}/${vehicleId}/photos/${photoId}/cover`));
export const useSetAlt = (vehicleId: number) =>
  usePhotoMutation(vehicleId, ({ photoId, alt }: { photoId: number; alt: string }) => apiPatch<PhotoChangeResult>(`${BASE}/${vehicleId}/photos/${photoId}`, { alt }));
export const useDeletePhoto = (vehicleId: number) =>
  usePhotoMutation(vehicleId, (photoId: number) => apiDelete<PhotoChangeResult>(`${BASE}/${vehicleId}/photos/${photoId}`));

/** Uploads one file; onProgress gets 0..1 as bytes leave the browser. Rejects with an ApiError like apiRequest does. */
export function uploadPhoto(vehicleId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<PhotoChangeResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/${vehicleId}`);
    xhr.setRequestHeader('Accept', 'application/json');
    // spec §6: the stored admin token goes out as a bearer header, as on every other request.
    const token = readString(STORAGE_KEYS.adminToken);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onload = () => {
      let body: unknown;
      try { body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined; } catch { body = undefined; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as PhotoChangeResult);
      else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', '', { message: 'The upload was interrupted. Check the connection and try again.' }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}
