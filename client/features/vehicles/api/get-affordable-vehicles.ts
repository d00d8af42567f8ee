// GET /api/vehicles for /affordable-vehicles (issue 21): the vehicles whose payment fits the shopper's monthly budget
// at their own model year's capped term. domain/finance.ts `budgetBands` turns the budget into one listing query per
// distinct capped term (a year band and a price cap); this hook asks each band, closest to the budget first
// (price-desc), and merges them into one list a page at a time. Only the price caps and years are sent, never the
// shopper's financial details.
import { queryOptions, useQueries } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import type { BudgetBand } from '@domain/finance';
import type { PaginatedVehicles, Vehicle } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

export const AFFORDABLE_PAGE_SIZE = 24;

export const affordableBandQueryOptions = (band: BudgetBand, page: number) => {
  const params = {
    format: 'paginated', priceMax: band.priceMax, yearMin: band.yearMin, yearMax: band.yearMax, sortBy: 'price-desc', limit: AFFORDABLE_PAGE_SIZE, page,
  } as const;
  return queryOptions({
    // Starts with the API path so admin changes refresh it (spec §4).
    queryKey: ['/api/vehicles', params],
    queryFn: ({ signal }) => apiGet<PaginatedVehicles>('/api/vehicles', { params, signal }),
    staleTime: TIMING.listingStale, // spec §7: listing cached 60 s
  });
};

export interface AffordablePage {
  vehicles: Vehicle[];
  total: number;
  totalPages: number;
}

/**
 * Page `page` of the merged list: the first `page` pages of every band hold the merged list's first `page` pages,
 * so those are fetched (each band's pages past its first only once its first says they exist).
 */
export function useAffordableVehicles(bands: BudgetBand[], page: number, enabled: boolean) {
  const firsts = useQueries({ queries: bands.map((b) => ({ ...affordableBandQueryOptions(b, 1), enabled })) });
  const more = useQueries({
    queries: bands.flatMap((b, i) => {
      const pages = Math.min(page, firsts[i]?.data?.pagination.totalPages ?? 1);
      return Array.from({ length: Math.max(0, pages - 1) }, (_, k) => ({ ...affordableBandQueryOptions(b, k + 2), enabled }));
    }),
  });
  const all = [...firsts, ...more];
  const isError = all.some((q) => q.isError);
  const isPending = enabled && (all.some((q) => q.isPending) || firsts.some((q) => !q.data));
  const refetch = () => { for (const q of all) if (q.isError) void q.refetch(); };
  if (isPending || isError) return { data: undefined, isPending, isError, refetch };

  const rows: { v: Vehicle; band: number; at: number }[] = [];
  let at = 0;
  bands.forEach((_, i) => {
    const pages = [firsts[i]!.data!, ...more.filter((_q, k) => bandOfMore(bands, firsts, page)[k] === i).map((q) => q.data!)];
    for (const p of pages) for (const v of p.vehicles) rows.push({ v, band: i, at: at++ });
  });
  // Price high to low across bands; within a band the server's own order, so pages never repeat or skip one.
  rows.sort((a, b) => b.v.price - a.v.price || a.band - b.band || a.at - b.at);
  const total = firsts.reduce((n, q) => n + (q.data?.pagination.totalVehicles ?? 0), 0);
  const data: AffordablePage = {
    vehicles: rows.slice((page - 1) * AFFORDABLE_PAGE_SIZE, page * AFFORDABLE_PAGE_SIZE).map((r) => r.v),
    total,
    totalPages: Math.ceil(total / AFFORDABLE_PAGE_SIZE),
  };
  return { data, isPending: false, isError: false, refetch };
}

/** For each query of `more`, the band it belongs to (the same order the queries were built in). */
function bandOfMore(bands: BudgetBand[], firsts: { data?: PaginatedVehicles }[], page: number): number[] {
  return bands.flatMap((_, i) => Array.from({ length: Math.max(0, Math.min(page, firsts[i]?.data?.pagination.totalPages ?? 1) - 1) }, () => i));
}
