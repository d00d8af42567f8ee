// GET /api/admin/pre-approvals/:id (issue 6): one application, decrypted on the server, which writes the view to
// the audit log.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PreApprovalDetail } from '@domain/pre-approval';
import { apiGet } from '@/lib/api-client';
import { PRE_APPROVALS_PATH } from './get-pre-approvals';

// Not cached between openings: each look at the personal data is a deliberate, audited read.
export const preApprovalQueryOptions = (id: number) => queryOptions({
  queryKey: [PRE_APPROVALS_PATH, 'detail', id],
  queryFn: ({ signal }) => apiGet<PreApprovalDetail>(`${PRE_APPROVALS_PATH}/${id}`, { signal }),
  gcTime: 0,
});

export const usePreApproval = (id: number) => useQuery(preApprovalQueryOptions(id));

/** Changes the open application in place from a mutation's answer, rather than reading (and auditing) it again. */
export const patchPreApproval = (qc: QueryClient, id: number, change: (d: PreApprovalDetail) => Partial<PreApprovalDetail>) =>
  qc.setQueryData<PreApprovalDetail>(preApprovalQueryOptions(id).queryKey, (d) => (d ? { ...d, ...change(d) } : d));
