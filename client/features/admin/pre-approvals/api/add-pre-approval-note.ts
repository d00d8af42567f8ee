// POST /api/admin/pre-approvals/:id/notes (issue 6): a staff note on an application.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { preApprovalNoteSchema } from '@domain/pre-approval';
import { apiPost } from '@/lib/api-client';
import { PRE_APPROVALS_PATH, refreshPreApprovalLists } from './get-pre-approvals';
import { patchPreApproval } from './get-pre-approval';

export type PreApprovalNote = z.infer<typeof preApprovalNoteSchema>;

export const addPreApprovalNote = (id: number, body: string) => apiPost<PreApprovalNote>(`${PRE_APPROVALS_PATH}/${id}/notes`, { body });

/**
 * `onAdded` runs first (the page clears its note box), then the note joins the open application in place and the
 * lists (their note counts) refresh.
 */
export function useAddPreApprovalNote(id: number, { onAdded, onError }: { onAdded?: (note: PreApprovalNote) => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addPreApprovalNote(id, body),
    onSuccess: async (note) => {
      onAdded?.(note);
      patchPreApproval(qc, id, (d) => ({ notes: [...d.notes, note] }));
      await refreshPreApprovalLists(qc);
    },
    onError,
  });
}
