// GET /api/vin-decode/:vin (admin issue): what the offline decoder reads from a VIN. Called from the form's Decode
// button rather than cached as a query: each press is a deliberate, one-off read.
import type { VinDecodeResult } from '@domain/vin-decode';
import { apiGet } from '@/lib/api-client';

export const decodeVin = (vin: string) => apiGet<VinDecodeResult>(`/api/vin-decode/${encodeURIComponent(vin)}`);
