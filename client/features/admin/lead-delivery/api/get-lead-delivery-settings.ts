// GET /api/admin/lead-delivery (issue 32): where new leads go; the webhook's secret only as "set" or not.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadDeliverySettings } from '@domain/lead-delivery';
import { apiGet } from '@/lib/api-client';

export const LEAD_DELIVERY_KEY = '/api/admin/lead-delivery';

export const leadDeliverySettingsQueryOptions = () =>
  queryOptions({ queryKey: [LEAD_DELIVERY_KEY], queryFn: ({ signal }) => apiGet<LeadDeliverySettings>(LEAD_DELIVERY_KEY, { signal }) });

export const useLeadDeliverySettings = () => useQuery(leadDeliverySettingsQueryOptions());
