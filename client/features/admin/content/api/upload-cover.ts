// POST /api/admin/content/cover (issue 7): a post's cover image through the image pipeline.
import { STORAGE_KEYS } from '@domain/constants';
import { ApiError } from '@/lib/api-client';
import { readString } from '@/lib/storage';
import { CONTENT_PATH } from './get-content-list';

/** The image itself as the request body: the server's pipeline checks it by content and stores WebP/AVIF variants. */
export async function uploadCover(file: File): Promise<{ url: string; width: number; height: number }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' };
  const token = readString(STORAGE_KEYS.adminToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${CONTENT_PATH}/cover`, { method: 'POST', credentials: 'include', headers, body: file });
  const text = await res.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  if (!res.ok) throw new ApiError(res.status, res.statusText, text, json);
  return json as { url: string; width: number; height: number };
}
