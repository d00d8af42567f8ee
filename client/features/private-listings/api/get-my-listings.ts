// GET /api/my-listings (issue 5): the signed-in seller's own listings, in every state.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyListing } from '@domain/private-listings';
import { apiGet } from '@/lib/api-client';

export const myListingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/my-listings'],
    queryFn: ({ signal }) => apiGet<{ listings: MyListing[] }>('/api/my-listings', { signal }),
  });

export const useMyListings = () => useQuery(myListingsQueryOptions());
