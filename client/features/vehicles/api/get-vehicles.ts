// GET /api/vehicles for the listing (spec §7): format=paginated, page, limit 20 and the filters, defaults omitted.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import { lastPageIfBeyond, toApiParams, type ListingQuery } from '@domain/listing';
import type { PaginatedVehicles, Vehicle } from '@domain/vehicle';
import { apiGet, type QueryParams } from '@/lib/api-client';

/** URLSearchParams as a plain object, repeated keys as arrays, so it can sit in the query key. */
export function toParamsObject(p: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(p.keys())) {
    const all = p.getAll(key);
    out[key] = all.length > 1 || ['make', 'model', 'bodyType', 'transmission', 'feature'].includes(key) ? all : (all[0] ?? '');
  }
  return out;
}

/** spec §3: the list endpoint may answer with the paginated object, a bare array, or an object with a vehicles array. */
export function normaliseVehiclesAnswer(raw: unknown, page: number, limit: number): PaginatedVehicles {
  const vehicles: Vehicle[] = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { vehicles?: unknown }).vehicles)
      ? (raw as { vehicles: Vehicle[] }).vehicles
      : [];
  const pagination = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Partial<PaginatedVehicles>).pagination : undefined;
  if (pagination) return { vehicles, pagination };
  return {
    vehicles,
    pagination: { currentPage: page, totalPages: vehicles.length ? page : 0, totalVehicles: (page - 1) * limit + vehicles.length, hasNext: false, hasPrevious: page > 1 },
  };
}

export const vehiclesQueryOptions = (query: ListingQuery, enabled = true) => {
  const params = toParamsObject(toApiParams(query));
  return queryOptions({
    // The key starts with the path, so invalidateVehicles() refreshes it after admin actions (spec §4).
    queryKey: ['/api/vehicles', params] as const,
    queryFn: async ({ signal }) => {
      try {
        const raw = await apiGet<unknown>('/api/vehicles', { params: params as QueryParams, signal });
        const answer = normaliseVehiclesAnswer(raw, query.page, Number(params.limit));
        // Issue 33 §5: a page past the end (an old link) shows the last page, on the server and in the browser alike.
        const last = lastPageIfBeyond(answer.pagination);
        if (last === null) return answer;
        const lastRaw = await apiGet<unknown>('/api/vehicles', { params: { ...params, page: String(last) } as QueryParams, signal });
        return normaliseVehiclesAnswer(lastRaw, last, Number(params.limit));
      } catch (err) {
        if (signal.aborted) throw err;
        // spec §8: listing fetch failure is 'Failed to fetch vehicles'.
        console.error('Failed to fetch vehicles', err);
        throw new Error('Failed to fetch vehicles', { cause: err });
      }
    },
    staleTime: TIMING.listingStale, // spec §7: cached 60 s
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useVehicles = (query: ListingQuery, enabled = true) => useQuery(vehiclesQueryOptions(query, enabled));
