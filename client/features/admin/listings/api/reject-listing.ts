// POST /api/admin/listings/:id/reject (issue 5): rejects a pending listing with a reason the seller reads; the
// server audits it and notifies the seller.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { refreshAfterModeration } from './get-listing-queue';

export const rejectListing = (id: number, reason: string) => apiPost<{ message: string }>(`/api/admin/listings/${id}/reject`, { reason });

export function useRejectListing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectListing(id, reason),
    onSuccess: () => refreshAfterModeration(qc),
  });
}
