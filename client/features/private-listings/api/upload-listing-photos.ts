// POST /api/my-listings/:id/photos (issue 5: "photos go through the image pipeline"): one or more photos as multipart
// form data. The server checks each file by content, re-encodes it and strips its metadata; the listing goes back
// to review.
import { STORAGE_KEYS } from '@domain/constants';
import { UPLOAD_FIELD } from '@domain/media';
import { ApiError } from '@/lib/api-client';
import { readString } from '@/lib/storage';
import type { ListingResult } from '../listing-result';

export async function uploadListingPhotos(listingId: number, files: File[]): Promise<ListingResult> {
  const form = new FormData();
  for (const f of files) form.append(UPLOAD_FIELD, f, f.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readString(STORAGE_KEYS.adminToken); // spec §6: the bearer header goes on every request
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/my-listings/${listingId}/photos`, { method: 'POST', body: form, headers, credentials: 'include' });
  const text = await res.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  if (!res.ok) throw new ApiError(res.status, res.statusText, text, json);
  return json as ListingResult;
}
