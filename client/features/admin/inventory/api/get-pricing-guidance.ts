// GET /api/admin/pricing-guidance (issue 19): the market range of comparable vehicles and the deal rating a price
// would get. Asked by the vehicle form's pricing guidance, and by the edit form's route loader for the vehicle as
// saved (issue 31 §4), so both build the same query here.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PricingGuidance } from '@domain/deal-rating';
import { apiGet } from '@/lib/api-client';

export interface PricingAsk { make: string; model: string; year?: number; mileage?: number; price?: number; condition?: 'new' | 'used' }

const whole = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** What the form's fields ask about, as typed (unknown: half-typed values are left out). */
export const pricingAsk = (f: { make: unknown; model: unknown; year: unknown; mileage: unknown; price: unknown; condition?: unknown }): PricingAsk => ({
  make: typeof f.make === 'string' ? f.make.trim() : '', model: typeof f.model === 'string' ? f.model.trim() : '',
  year: whole(f.year), mileage: whole(f.mileage), price: whole(f.price),
  condition: f.condition === 'new' || f.condition === 'used' ? f.condition : undefined,
});

/** Never asked for a half-typed vehicle. */
export const pricingAskReady = (q: PricingAsk) => q.make !== '' && q.model !== '' && q.year !== undefined && q.year >= 1980 && q.mileage !== undefined;

export const pricingGuidanceQueryOptions = (q: PricingAsk, excludeId: number | null) =>
  queryOptions({
    queryKey: ['/api/admin/pricing-guidance', q, excludeId],
    queryFn: ({ signal }) => apiGet<PricingGuidance>('/api/admin/pricing-guidance', {
      params: { make: q.make, model: q.model, year: String(q.year), mileage: String(q.mileage), ...(q.price !== undefined ? { price: String(q.price) } : {}), ...(excludeId ? { excludeId: String(excludeId) } : {}), ...(q.condition ? { condition: q.condition } : {}) },
      signal,
    }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
