// GET /api/vehicles/facets: the live inventory summary. Shared by the footer's stock claim,
// the home hero and (later) the listing's filter sidebar, so it lives in lib/ (DESIGN.md convention 8).
import { queryOptions } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import type { Facets } from '@domain/vehicle';
import { apiGet } from './api-client';

export const facetsQueryKey = ['/api/vehicles/facets'] as const;

export const facetsQueryOptions = () =>
  queryOptions({
    queryKey: facetsQueryKey,
    queryFn: ({ signal }) => apiGet<Facets>('/api/vehicles/facets', { signal }),
    // spec §7: the sidebar's inventory data is cached 5 minutes.
    staleTime: TIMING.facetsStale,
  });
