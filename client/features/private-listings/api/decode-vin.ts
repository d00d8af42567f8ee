// GET /api/vin-decode/:vin (admin issue): what the offline decoder reads from a VIN, to fill the listing form. Called
// from the form's Decode button rather than cached as a query: each press is a deliberate, one-off read.
import type { VinDecodeResult } from '@domain/vin-decode';
import { apiGet } from '@/lib/api-client';

/** The offline VIN decoder's answer (domain/vin-decode.ts): null where the VIN does not say. */
export type DecodedVin = VinDecodeResult;

export const decodeVin = (vin: string) => apiGet<DecodedVin>(`/api/vin-decode/${encodeURIComponent(vin)}`);
