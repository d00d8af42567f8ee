// The leads inbox API (issue 6): GET/PATCH /api/admin/leads, notes, and the CSV/ADF downloads.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@domain/constants';
import type { Lead, LeadDetail, LeadList, LeadNote, LeadStatus, LeadUpdate } from '@domain/leads';
import { apiGet, apiPatch, apiPost, ApiError, toQueryString, type QueryParams } from '@/lib/api-client';
import { readString } from '@/lib/storage';

export interface LeadFilters {
  status?: LeadStatus | undefined;
  source?: string | undefined;
  assigneeId?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

const KEY = '/api/admin/leads';

export const leadListQueryOptions = (f: LeadFilters) =>
  queryOptions({
    queryKey: [KEY, 'list', f],
    queryFn: ({ signal }) => apiGet<LeadList>(KEY, { params: { ...f, limit: 25 } as QueryParams, signal }),
    placeholderData: keepPreviousData,
    // New leads arrive while staff work the inbox.
    refetchInterval: 60_000,
  });
export const useLeadList = (f: LeadFilters) => useQuery(leadListQueryOptions(f));

export const leadQueryOptions = (id: number) =>
  queryOptions({ queryKey: [KEY, 'detail', id], queryFn: ({ signal }) => apiGet<LeadDetail>(`${KEY}/${id}`, { signal }) });
export const useLead = (id: number | null) => useQuery({ ...leadQueryOptions(id ?? 0), enabled: id !== null });

export function useUpdateLead(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: LeadUpdate) => apiPatch<Lead>(`${KEY}/${id}`, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useAddNote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiPost<LeadNote>(`${KEY}/${id}/notes`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** Downloads an export with the same credentials as every API call (cookie, and the stored bearer token). */
export async function downloadExport(path: string, params: QueryParams, filename: string): Promise<void> {
  const token = readString(STORAGE_KEYS.adminToken);
  const res = await fetch(path + toQueryString(params), { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) { const text = await res.text(); throw new ApiError(res.status, res.statusText, text, undefined); }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
