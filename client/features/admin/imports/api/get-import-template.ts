// GET /api/admin/imports/template.csv: the bulk import's CSV template. Downloaded by a plain link (the browser
// saves it), so only its address is needed here.
export const TEMPLATE_URL = '/api/admin/imports/template.csv';
