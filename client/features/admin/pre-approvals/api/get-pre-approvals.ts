// GET /api/admin/pre-approvals (spec §2; issue 6): one page of applications with their counts per status and the
// assignees. The list carries no personal data (that is only in one application, get-pre-approval.ts).
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PreApprovalList } from '@domain/pre-approval';
import { apiGet } from '@/lib/api-client';

/** Every pre-approval query key starts with it. */
export const PRE_APPROVALS_PATH = '/api/admin/pre-approvals';

/** The list's filters as the address holds them (strings; absent when not set). */
export interface PreApprovalFilters { status?: string; assignee?: string; q?: string; page?: string }

/** The filters the address holds, for the page and its route loader alike (issue 31 §4). */
export const readPreApprovalFilters = (sp: URLSearchParams): PreApprovalFilters =>
  Object.fromEntries(['status', 'assignee', 'q', 'page'].map((k) => [k, sp.get(k) ?? undefined]).filter(([, v]) => v));

/** The application open in place of the list (?id=), if any. */
export const openPreApprovalId = (sp: URLSearchParams) => Number(sp.get('id')) || null;

/** The unfiltered list: an open application reads its assignees from it. */
export const ALL_PRE_APPROVALS: PreApprovalFilters = {};

export const preApprovalsQueryOptions = (f: PreApprovalFilters) => queryOptions({
  queryKey: [PRE_APPROVALS_PATH, f],
  queryFn: ({ signal }) => apiGet<PreApprovalList>(PRE_APPROVALS_PATH, { params: { ...f }, signal }),
  placeholderData: keepPreviousData,
});

export const usePreApprovals = (f: PreApprovalFilters) => useQuery(preApprovalsQueryOptions(f));

/** Lists refresh; an open application is not fetched again (that would decrypt and audit anew). */
export const refreshPreApprovalLists = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: [PRE_APPROVALS_PATH], predicate: (q) => q.queryKey[1] !== 'detail' });
