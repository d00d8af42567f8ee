// The leads' downloads (CSV, ADF) are files, not JSON: fetched with the same credentials as every API call and handed
// to the browser to save. Shared by the three export endpoints in api/.
import { STORAGE_KEYS } from '@domain/constants';
import { ApiError, toQueryString, type QueryParams } from '@/lib/api-client';
import { readString } from '@/lib/storage';

/** Downloads an export with the same credentials as every API call (cookie, and the stored bearer token). */
export async function downloadExport(path: string, params: QueryParams, filename: string): Promise<void> {
  const token = readString(STORAGE_KEYS.adminToken);
  const res = await fetch(path + toQueryString(params), { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) { const text = await res.text(); throw new ApiError(res.status, res.statusText, text, undefined); }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Today's date for an export's file name (leads-2026-03-01.csv). */
export const exportDay = () => new Date().toISOString().slice(0, 10);
