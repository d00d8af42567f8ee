// GET and PUT /api/admin/inventory-feed-locks/:vehicleId (issue 32 "Hand edits"): which feed a vehicle comes from,
// and what of it the feed may no longer change.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedField, FeedLock } from '@domain/inventory-feeds';
import { apiGet, apiPut } from '@/lib/api-client';

export const feedLockQueryOptions = (vehicleId: number) => queryOptions({
  queryKey: ['/api/admin/inventory-feed-locks', vehicleId],
  queryFn: ({ signal }) => apiGet<FeedLock>(`/api/admin/inventory-feed-locks/${vehicleId}`, { signal }),
});
export const useFeedLock = (vehicleId: number) => useQuery(feedLockQueryOptions(vehicleId));

export function useSetFeedLock(vehicleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (locked: 'all' | FeedField[]) => apiPut<FeedLock>(`/api/admin/inventory-feed-locks/${vehicleId}`, { locked }),
    onSuccess: (lock) => qc.setQueryData(feedLockQueryOptions(vehicleId).queryKey, lock),
  });
}
