// POST /api/admin/photos/vehicles/:vehicleId: one photo, as multipart form data. XMLHttpRequest, not fetch: only XHR
// reports upload progress, which the image manager shows per file.
import { STORAGE_KEYS } from '@domain/constants';
import { UPLOAD_FIELD, type PhotoChangeResult } from '@domain/media';
import { ApiError } from '@/lib/api-client';
import { readString } from '@/lib/storage';
import { MEDIA_VEHICLES_PATH } from './get-media-vehicles';

/** Uploads one file; onProgress gets 0..1 as bytes leave the browser. Rejects with an ApiError like apiRequest does. */
export function uploadPhoto(vehicleId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<PhotoChangeResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${MEDIA_VEHICLES_PATH}/${vehicleId}`);
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
