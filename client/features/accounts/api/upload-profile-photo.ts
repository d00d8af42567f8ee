// POST /api/account/photo (issue 5): a new profile photo (the server re-encodes it through the image pipeline);
// answers with the updated user.
import type { User } from '@domain/auth';
import { STORAGE_KEYS } from '@domain/constants';
import { ApiError } from '@/lib/api-client';
import { readString } from '@/lib/storage';

/** Multipart upload: the shared client sends JSON only, so this one call builds its own request the same way. */
export async function uploadProfilePhoto(file: File): Promise<{ user: User }> {
  const form = new FormData();
  form.append('photo', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readString(STORAGE_KEYS.adminToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch('/api/account/photo', { method: 'POST', body: form, headers, credentials: 'include' });
  const text = await res.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  if (!res.ok) throw new ApiError(res.status, res.statusText, text, json);
  return json as { user: User };
}
