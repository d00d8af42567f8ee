// GET /api/admin/leads/export.csv (issue 6): the filtered or selected leads as a spreadsheet, saved as a file.
import type { QueryParams } from '@/lib/api-client';
import { downloadExport, exportDay } from '../download-export';

export const exportLeadsCsv = (params: QueryParams) => downloadExport('/api/admin/leads/export.csv', params, `leads-${exportDay()}.csv`);
