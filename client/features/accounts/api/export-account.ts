// GET /api/account/export (issue 5): everything we hold about the user, as JSON. A download the user asks for, not
// page data, so it is a plain call: no query to cache.
import { apiGet } from '@/lib/api-client';

export const exportAccount = () => apiGet<Record<string, unknown>>('/api/account/export');
