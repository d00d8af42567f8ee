// GET /api/saved-searches (issue 5): the signed-in user's saved searches, each with its count of new matches.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@domain/saved';
import { apiGet } from '@/lib/api-client';

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/saved-searches'],
    queryFn: ({ signal }) => apiGet<{ savedSearches: SavedSearch[] }>('/api/saved-searches', { signal }),
    select: (d) => d.savedSearches,
  });

export const useSavedSearches = (enabled: boolean) => useQuery({ ...savedSearchesQueryOptions(), enabled });
