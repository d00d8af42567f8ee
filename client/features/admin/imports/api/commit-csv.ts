// POST /api/admin/imports/csv/commit: imports the previewed CSV in one transaction, answering NDJSON progress lines.
import { STORAGE_KEYS } from '@domain/constants';
import type { ColumnMapping, ImportMode, ImportProgressLine, ImportResult } from '@domain/imports';
import { ApiError } from '@/lib/api-client';
import { readString } from '@/lib/storage';

/**
 * Commit reads the answer as it streams (NDJSON progress lines) so the progress bar follows the server's writes.
 * A refusal before writing (rows with errors in all-or-nothing mode, a changed file) is a normal 4xx ApiError.
 */
export async function commitCsv(
  body: { csv: string; fileName?: string; mapping?: ColumnMapping; mode: ImportMode; token: string },
  onProgress: (done: number, total: number) => void,
): Promise<ImportResult> {
  const headers: Record<string, string> = { Accept: 'application/x-ndjson, application/json', 'Content-Type': 'application/json' };
  const token = readString(STORAGE_KEYS.adminToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch('/api/admin/imports/csv/commit', { method: 'POST', headers, body: JSON.stringify(body), credentials: 'include' });
  if (!res.ok || !res.body) {
    const text = await res.text();
    let json: unknown;
    try { json = JSON.parse(text); } catch { json = undefined; }
    throw new ApiError(res.status, res.statusText, text, json);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: ImportProgressLine | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      last = JSON.parse(line) as ImportProgressLine;
      if (last.type === 'progress') onProgress(last.done, last.total);
    }
    if (done) break;
  }
  if (buffer.trim()) last = JSON.parse(buffer) as ImportProgressLine;
  if (last?.type === 'done') {
    const { type: _t, ...result } = last;
    return result;
  }
  const message = last?.type === 'error' ? last.message : 'The import stopped before it finished; nothing was imported';
  throw new ApiError(500, 'Import failed', JSON.stringify({ message }), { message });
}
