// GET /api/admin/leads/:id/adf (issue 6): one lead as ADF 1.0 XML for a dealer CRM, saved as a file.
import { downloadExport } from '../download-export';

export const downloadLeadAdf = (id: number) => downloadExport(`/api/admin/leads/${id}/adf`, {}, `lead-${id}.adf.xml`);
