// POST /api/admin/vehicles/bulk: mark sold, mark available, delete or change the price of one or many vehicles, in
// one request, all or nothing. Refreshes every view of inventory whether it worked or not (a partial view is stale).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkActionInput, BulkResult } from '@domain/admin';
import { apiPost } from '@/lib/api-client';
import { refreshInventory } from '../refresh-inventory';

export const bulkAction = (input: BulkActionInput) => apiPost<BulkResult>('/api/admin/vehicles/bulk', input);

export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkAction,
    onSettled: () => refreshInventory(qc),
  });
}
