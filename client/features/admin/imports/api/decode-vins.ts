// POST /api/admin/imports/decode: decodes a list of VINs offline for the fast and VIN imports; each row says whether
// it is new, invalid, repeated or already in inventory. Nothing is saved.
import type { DecodedRow } from '@domain/imports';
import { apiPost } from '@/lib/api-client';

export const decodeVins = (vins: string[]) => apiPost<{ rows: DecodedRow[] }>('/api/admin/imports/decode', { vins });
