// POST /api/admin/inventory-feeds/:id/run, and approve or discard a held run (issue 32). Each answers with the run.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedRun } from '@domain/inventory-feeds';
import { apiPost } from '@/lib/api-client';
import { FEEDS_KEY } from './get-feeds';

export function useRunFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) => apiPost<FeedRun>(`/api/admin/inventory-feeds/${feedId}/run`),
    onSettled: () => qc.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}

export function useDecideRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ feedId, runId, decision }: { feedId: number; runId: number; decision: 'approve' | 'discard' }) =>
      apiPost<FeedRun>(`/api/admin/inventory-feeds/${feedId}/runs/${runId}/${decision}`),
    onSettled: () => qc.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}
