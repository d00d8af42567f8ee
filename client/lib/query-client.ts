// TanStack Query defaults of spec §7: no retries, no refetch on focus, cached data never stale
// unless a query says otherwise (the user query: 5 min; the listing: 60 s).
import { QueryClient, type QueryClientConfig, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { apiGet, type QueryParams } from './api-client';

/**
 * Query keys start with the API path, optionally followed by the query params object:
 * ['/api/vehicles', {format: 'paginated', page: 2}]. That lets one default fetcher serve simple
 * queries, and lets invalidateVehicles() find every vehicle query by its path (spec §4).
 */
export async function defaultQueryFn({ queryKey, signal }: QueryFunctionContext<QueryKey>): Promise<unknown> {
  const [path, params] = queryKey;
  if (typeof path !== 'string') throw new Error('Query keys must start with the API path');
  const result = await apiGet<unknown>(path, { params: isParams(params) ? params : undefined, signal });
  // TanStack Query refuses undefined as data; an empty body means "nothing".
  return result ?? null;
}

const isParams = (v: unknown): v is QueryParams => !!v && typeof v === 'object' && !Array.isArray(v);

export function queryClientOptions(): QueryClientConfig {
  return {
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        // A failed answer stays failed until asked again (a Try again button, an invalidation): a page the server
        // rendered from a failure (a missing vehicle's 404) hydrates showing that failure, not a refetch spinner.
        retryOnMount: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  };
}

export function createQueryClient() {
  return new QueryClient(queryClientOptions());
}

/** spec §4: after each vehicle mutation every cached query whose path starts with /api/vehicles is refreshed. */
export function invalidateVehicles(qc: QueryClient) {
  return qc.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/vehicles'),
  });
}
