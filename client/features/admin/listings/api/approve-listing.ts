// POST /api/admin/listings/:id/approve (issue 5): publishes a pending listing in search as a private seller's; the
// server audits it and notifies the seller.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { refreshAfterModeration } from './get-listing-queue';

export const approveListing = (id: number) => apiPost<{ message: string }>(`/api/admin/listings/${id}/approve`, undefined);

export function useApproveListing() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveListing, onSuccess: () => refreshAfterModeration(qc) });
}
