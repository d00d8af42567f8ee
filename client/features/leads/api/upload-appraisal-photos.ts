// POST /api/appraisals/:id/photos (issue 6: "condition and photos"): the seller's photos, sent right after the
// estimate with the photo token it returned. The server checks each file by content and stores all or none.
import { APPRAISAL_PHOTO_TOKEN_HEADER, type AppraisalPhotosResult } from '@domain/appraisal';
import { UPLOAD_FIELD } from '@domain/media';
import { ApiError } from '@/lib/api-client';

export async function uploadAppraisalPhotos(leadId: number, photoToken: string, files: readonly File[]): Promise<AppraisalPhotosResult> {
  const form = new FormData();
  for (const f of files) form.append(UPLOAD_FIELD, f, f.name);
  const res = await fetch(`/api/appraisals/${leadId}/photos`, {
    method: 'POST', body: form, headers: { Accept: 'application/json', [APPRAISAL_PHOTO_TOKEN_HEADER]: photoToken },
  });
  const text = await res.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  if (!res.ok) throw new ApiError(res.status, res.statusText, text, json);
  return json as AppraisalPhotosResult;
}
