// GET /api/admin/leads/:id (issue 6): one lead with its notes, chat conversation and the seller's photos.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadDetail } from '@domain/leads';
import { apiGet } from '@/lib/api-client';
import { LEADS_PATH } from './get-leads';

export const leadQueryOptions = (id: number) =>
  queryOptions({ queryKey: [LEADS_PATH, 'detail', id], queryFn: ({ signal }) => apiGet<LeadDetail>(`${LEADS_PATH}/${id}`, { signal }) });

export const useLead = (id: number | null) => useQuery({ ...leadQueryOptions(id ?? 0), enabled: id !== null });
