// GET /api/account/preferences (issue 5): which notifications also arrive by email, and the marketing consent.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '@domain/accounts';
import { apiGet } from '@/lib/api-client';

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/account/preferences'],
    queryFn: ({ signal }) => apiGet<Preferences>('/api/account/preferences', { signal }),
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());
