// GET /api/admin/leads/export.adf (issue 6): the filtered or selected leads as ADF 1.0 XML for a dealer CRM, saved
// as a file.
import type { QueryParams } from '@/lib/api-client';
import { downloadExport, exportDay } from '../download-export';

export const exportLeadsAdf = (params: QueryParams) => downloadExport('/api/admin/leads/export.adf', params, `leads-${exportDay()}.adf.xml`);
