// GET /api/admin/inventory-feeds and GET /api/admin/inventory-feeds/:id/runs (issue 32): the feeds with their last
// run, and one feed's run history. Both refresh every 15 s while the page is open: scheduled runs happen meanwhile.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Feed, FeedRun } from '@domain/inventory-feeds';
import { apiGet } from '@/lib/api-client';

export const FEEDS_KEY = ['/api/admin/inventory-feeds'] as const;

export const feedsQueryOptions = () => queryOptions({
  queryKey: FEEDS_KEY,
  queryFn: ({ signal }) => apiGet<{ feeds: Feed[] }>('/api/admin/inventory-feeds', { signal }),
  // A running run's progress is read every 1.5 s; otherwise every 15 s (scheduled runs happen meanwhile).
  refetchInterval: (query) => (query.state.data?.feeds.some((f) => f.lastRun?.status === 'running') ? 1_500 : 15_000),
});
export const useFeeds = () => useQuery(feedsQueryOptions());

export const feedRunsQueryOptions = (feedId: number) => queryOptions({
  queryKey: [...FEEDS_KEY, feedId, 'runs'],
  queryFn: ({ signal }) => apiGet<{ runs: FeedRun[] }>(`/api/admin/inventory-feeds/${feedId}/runs`, { signal }),
  refetchInterval: 15_000,
});
/** A feed whose last run is held for a decision shows its runs at once (read by its card and the route loader). */
export const runsShownAtOnce = (feed: Feed) => feed.lastRun?.status === 'held';

export const useFeedRuns = (feedId: number, enabled: boolean) => useQuery({ ...feedRunsQueryOptions(feedId), enabled });
