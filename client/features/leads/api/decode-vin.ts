// GET /api/appraisals/vin/:vin (issue 6): year, make, model and trim of a VIN, decoded offline on our server. Asked
// for when the seller presses "Decode VIN", so a plain call (run as a mutation), not page data.
import type { VinDecodeResult } from '@domain/vin-decode';
import { apiGet } from '@/lib/api-client';

export const decodeVin = (vin: string) => apiGet<VinDecodeResult>(`/api/appraisals/vin/${encodeURIComponent(vin)}`);
