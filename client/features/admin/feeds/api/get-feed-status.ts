// GET /api/admin/feeds (issue 19): the vehicle feeds' addresses, how many vehicles each carries, and the dealer
// vehicles Google's feed leaves out, with why.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedStatus } from '@domain/feeds';
import { apiGet } from '@/lib/api-client';

export const feedStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/feeds'],
    queryFn: ({ signal }) => apiGet<FeedStatus>('/api/admin/feeds', { signal }),
  });

export const useFeedStatus = () => useQuery(feedStatusQueryOptions());
