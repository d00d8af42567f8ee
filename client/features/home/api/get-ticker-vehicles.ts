// The inventory ticker's vehicles (spec §2 "Ticker"): up to TICKER_VEHICLES picked at random from a page of
// available ones, once per page load (the query is not refetched while the page stays open).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TICKER_VEHICLES } from '@domain/constants';
import type { Vehicle } from '@domain/vehicle';
import { apiGet } from '@/lib/api-client';

const POOL = 50;
const params = { limit: POOL } as const;

/** Fisher–Yates on a copy; `random` is injectable for tests. */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

export const tickerVehiclesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/vehicles', params, 'ticker'],
    queryFn: async ({ signal }) => pickRandom(await apiGet<Vehicle[]>('/api/vehicles', { params, signal }), TICKER_VEHICLES),
    staleTime: Infinity, // one random pick per page load; a full reload picks again
  });

export const useTickerVehicles = () => useQuery(tickerVehiclesQueryOptions());
