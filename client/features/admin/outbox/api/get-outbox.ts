// GET /api/admin/outbox (issue 5): every email the site sent or stored, newest first, optionally to one recipient.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@domain/accounts';
import { apiGet } from '@/lib/api-client';

export type OutboxList = { messages: OutboxMessage[]; total: number; page: number; totalPages: number };
export interface OutboxQuery { to: string; page: number }

/** The page opens on every recipient's mail, first page (its route loader, issue 31 §4, asks for the same). */
export const DEFAULT_OUTBOX_QUERY: OutboxQuery = { to: '', page: 1 };

export const outboxQueryOptions = (q: OutboxQuery) =>
  queryOptions({
    queryKey: ['/api/admin/outbox', q],
    queryFn: ({ signal }) => apiGet<OutboxList>('/api/admin/outbox', { params: { to: q.to || undefined, page: q.page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (q: OutboxQuery) => useQuery(outboxQueryOptions(q));
