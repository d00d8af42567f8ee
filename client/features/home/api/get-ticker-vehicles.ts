// The inventory ticker's vehicles (spec §2 "Ticker"): up to TICKER_VEHICLES picked at random from the server's pool
// of available ones with their real engagement of the week, once per page load (not refetched while the page stays open).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ticker } from '@domain/analytics';
import { TICKER_VEHICLES } from '@domain/constants';
import { apiGet } from '@/lib/api-client';

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
    queryFn: async ({ signal }) => {
      const ticker = await apiGet<Ticker>('/api/vehicles/ticker', { signal });
      return { days: ticker.days, vehicles: pickRandom(ticker.vehicles, TICKER_VEHICLES) };
    },
    staleTime: Infinity, // one random pick per page load; a full reload picks again
  });

export const useTickerVehicles = () => useQuery(tickerVehiclesQueryOptions());
