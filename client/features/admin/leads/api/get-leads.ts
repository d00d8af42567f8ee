// GET /api/admin/leads (issue 6): one page of the inbox, filtered, with the pipeline's counts, the assignees and the
// median time to first response.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LEAD_STATUSES, type LeadList, type LeadStatus } from '@domain/leads';
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

/** The inbox's filters as the address holds them, for the page and its route loader alike (issue 31 §4). */
export const readLeadFilters = (sp: URLSearchParams): LeadFilters => ({
  status: (LEAD_STATUSES as readonly string[]).includes(sp.get('status') ?? '') ? sp.get('status') as LeadStatus : undefined,
  source: sp.get('source') || undefined,
  assigneeId: sp.get('assigneeId') || undefined,
  q: sp.get('q') || undefined,
  from: sp.get('from') || undefined,
  to: sp.get('to') || undefined,
  page: Math.max(1, Number(sp.get('page')) || 1),
});

/** The lead open beside the inbox (?lead=<id>), if any. */
export const openLeadId = (sp: URLSearchParams) => Number(sp.get('lead')) || null;

export const leadListQueryOptions = (f: LeadFilters) =>
  queryOptions({
    queryKey: [LEADS_PATH, 'list', f],
    queryFn: ({ signal }) => apiGet<LeadList>(LEADS_PATH, { params: { ...f, limit: 25 } as QueryParams, signal }),
    placeholderData: keepPreviousData,
    // New leads arrive while staff work the inbox.
    refetchInterval: 60_000,
  });

export const useLeadList = (f: LeadFilters) => useQuery(leadListQueryOptions(f));
