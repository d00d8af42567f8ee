// GET /api/admin/lead-delivery/deliveries (issue 32): the delivery log, newest first, with counts by status.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LEAD_DELIVERY_STATUSES, type LeadDeliveryList, type LeadDeliveryStatus } from '@domain/lead-delivery';
import { apiGet } from '@/lib/api-client';

export const LEAD_DELIVERIES_KEY = '/api/admin/lead-delivery/deliveries';
export interface LeadDeliveriesQuery { status: LeadDeliveryStatus | ''; page: number }

/** The log's status filter and page as the address holds them, for the page and its route loader (issue 31 §4). */
export function readDeliveriesQuery(sp: URLSearchParams): LeadDeliveriesQuery {
  const status = sp.get('status');
  return {
    status: (LEAD_DELIVERY_STATUSES as readonly string[]).includes(status ?? '') ? status as LeadDeliveryStatus : '',
    page: Math.max(1, Number(sp.get('page')) || 1),
  };
}

export const leadDeliveriesQueryOptions = (q: LeadDeliveriesQuery) =>
  queryOptions({
    queryKey: [LEAD_DELIVERIES_KEY, q],
    queryFn: ({ signal }) => apiGet<LeadDeliveryList>(LEAD_DELIVERIES_KEY, { params: { status: q.status || undefined, page: q.page }, signal }),
    placeholderData: keepPreviousData,
    // The log moves on its own (the dispatcher works in the background): a look every 10 s while it is open.
    refetchInterval: 10_000,
  });

export const useLeadDeliveries = (q: LeadDeliveriesQuery) => useQuery(leadDeliveriesQueryOptions(q));
