// GET /api/admin/leads (issue 6): one page of the inbox, filtered, with the pipeline's counts, the assignees and the
// median time to first response.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadList, LeadStatus } from '@domain/leads';
import { apiGet, type QueryParams } from '@/lib/api-client';

/** Every leads query key starts with it, so a change to one lead refreshes the list and the open lead alike. */
export const LEADS_PATH = '/api/admin/leads';

export interface LeadFilters {
  status?: LeadStatus | undefined;
  source?: string | undefined;
  assigneeId?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

export const leadListQueryOptions = (f: LeadFilters) =>
  queryOptions({
    queryKey: [LEADS_PATH, 'list', f],
    queryFn: ({ signal }) => apiGet<LeadList>(LEADS_PATH, { params: { ...f, limit: 25 } as QueryParams, signal }),
    placeholderData: keepPreviousData,
    // New leads arrive while staff work the inbox.
    refetchInterval: 60_000,
  });

export const useLeadList = (f: LeadFilters) => useQuery(leadListQueryOptions(f));
