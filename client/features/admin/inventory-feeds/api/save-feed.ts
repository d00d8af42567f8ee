// POST /api/admin/inventory-feeds, PUT and DELETE /api/admin/inventory-feeds/:id (issue 32).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedDefaults, FeedDelimiter, FeedEncoding, FeedTranslations, OdometerUnit } from '@domain/feed-reading';
import type { Feed, FeedMapping } from '@domain/inventory-feeds';
import { apiDelete, apiPost, apiPut } from '@/lib/api-client';
import { FEEDS_KEY } from './get-feeds';

export interface FeedDraft {
  name: string;
  url: string;
  format: 'csv';
  intervalMinutes: number;
  mapping: FeedMapping;
  username: string | null;
  /** Omitted on an edit to keep the stored password. */
  password?: string | null;
  goneAction: 'sold' | 'delete';
  removalThresholdPercent: number;
  enabled: boolean;
  encoding: FeedEncoding;
  delimiter: FeedDelimiter;
  odometerUnit: OdometerUnit | null;
  defaults: FeedDefaults;
  translations: FeedTranslations;
}

export function useSaveFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: FeedDraft }) =>
      id === null ? apiPost<Feed>('/api/admin/inventory-feeds', draft) : apiPut<Feed>(`/api/admin/inventory-feeds/${id}`, draft),
    onSuccess: () => qc.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}

export function useDeleteFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<null>(`/api/admin/inventory-feeds/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}
