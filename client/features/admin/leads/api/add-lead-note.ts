// POST /api/admin/leads/:id/notes (issue 6): a staff note; the first one counts as the first response, so the list
// (its response times) refreshes with the open lead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadNote } from '@domain/leads';
import { apiPost } from '@/lib/api-client';
import { LEADS_PATH } from './get-leads';

export const addLeadNote = (id: number, body: string) => apiPost<LeadNote>(`${LEADS_PATH}/${id}/notes`, { body });

export function useAddNote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addLeadNote(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [LEADS_PATH] }),
  });
}
