// POST /api/admin/imports/csv/preview: reads a CSV without saving anything; answers the column mapping, every row's
// outcome (create, update, error) and the token the commit must send back for this same file.
import type { ColumnMapping, CsvPreview } from '@domain/imports';
import { apiPost } from '@/lib/api-client';

export const previewCsv = (body: { csv: string; fileName?: string; mapping?: ColumnMapping }) =>
  apiPost<CsvPreview>('/api/admin/imports/csv/preview', body);
