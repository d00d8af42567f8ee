// GET /api/admin/outbox (issue 5): every email the site sent or stored, newest first, optionally to one recipient.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@domain/accounts';
import { apiGet } from '@/lib/api-client';

export type OutboxList = { messages: OutboxMessage[]; total: number; page: number; totalPages: number };
export interface OutboxQuery { to: string; page: number }

export const outboxQueryOptions = (q: OutboxQuery) =>
  queryOptions({
    queryKey: ['/api/admin/outbox', q],
    queryFn: ({ signal }) => apiGet<OutboxList>('/api/admin/outbox', { params: { to: q.to || undefined, page: q.page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (q: OutboxQuery) => useQuery(outboxQueryOptions(q));
