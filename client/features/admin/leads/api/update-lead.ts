// PATCH /api/admin/leads/:id (issue 6): a lead's status or assignee. The list and the open lead both refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadUpdate } from '@domain/leads';
import { apiPatch } from '@/lib/api-client';
import { LEADS_PATH } from './get-leads';

export const updateLead = (id: number, patch: LeadUpdate) => apiPatch<Lead>(`${LEADS_PATH}/${id}`, patch);

export function useUpdateLead(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: LeadUpdate) => updateLead(id, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: [LEADS_PATH] }),
  });
}
