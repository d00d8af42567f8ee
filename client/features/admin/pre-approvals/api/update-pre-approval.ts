// PATCH /api/admin/pre-approvals/:id (issue 6): an application's status or assignee.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PreApprovalStatus, preApprovalListItemSchema } from '@domain/pre-approval';
import { apiPatch } from '@/lib/api-client';
import { PRE_APPROVALS_PATH, refreshPreApprovalLists } from './get-pre-approvals';
import { patchPreApproval } from './get-pre-approval';

export type PreApprovalListItem = z.infer<typeof preApprovalListItemSchema>;
export interface PreApprovalUpdate { status?: PreApprovalStatus; assigneeId?: number | null }

export const updatePreApproval = (id: number, body: PreApprovalUpdate) => apiPatch<PreApprovalListItem>(`${PRE_APPROVALS_PATH}/${id}`, body);

/**
 * The open application takes the answer's status and assignee, then the lists refresh. `onSaved` runs in between,
 * before the lists' refetch, so the page's confirmation does not wait for it.
 */
export function useUpdatePreApproval(id: number, { onSaved, onError }: { onSaved?: (item: PreApprovalListItem) => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PreApprovalUpdate) => updatePreApproval(id, body),
    onSuccess: async (item) => {
      patchPreApproval(qc, id, () => ({ status: item.status, assignee: item.assignee }));
      onSaved?.(item);
      await refreshPreApprovalLists(qc);
    },
    onError,
  });
}
