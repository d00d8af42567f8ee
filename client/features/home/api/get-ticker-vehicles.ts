// The inventory ticker's vehicles (spec §2 "Ticker"): up to TICKER_VEHICLES picked at random from the server's pool
// of available ones with their real engagement of the week, once per page load (not refetched while the page stays
// open). The query holds the pool; the pick is the browser's (useTickerVehicles), made after hydration: a pick on the
// server would be the same for every visitor of a cached page, and the hydrating render must match the server's.
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ticker } from '@domain/analytics';
import { TICKER_VEHICLES } from '@domain/constants';
import { apiGet } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

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
    // Under the inventory's key, so an admin change to the stock refreshes it like every other vehicle list.
    queryKey: ['/api/vehicles', 'ticker'],
    queryFn: ({ signal }) => apiGet<Ticker>('/api/vehicles/ticker', { signal }),
    staleTime: Infinity, // one random pick per page load; a full reload picks again
  });

/** The pool's first vehicles on the server and while hydrating, then a random pick, once per page load. */
export function useTickerVehicles() {
  const query = useQuery(tickerVehiclesQueryOptions());
  const hydrated = useHydrated();
  const pool = query.data;
  const data = useMemo(() => (pool
    ? { days: pool.days, vehicles: hydrated ? pickRandom(pool.vehicles, TICKER_VEHICLES) : pool.vehicles.slice(0, TICKER_VEHICLES) }
    : undefined), [pool, hydrated]);
  return { ...query, data };
}
