// GET /api/admin/dealer-settings (issues 33 §6, 34 §5): closed days and the feeds' AMVIC rule.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealerSettingsResponse } from '@domain/dealer-settings';
import { apiGet } from '@/lib/api-client';

export const DEALER_SETTINGS_KEY = '/api/admin/dealer-settings';

export const dealerSettingsQueryOptions = () =>
  queryOptions({ queryKey: [DEALER_SETTINGS_KEY], queryFn: ({ signal }) => apiGet<DealerSettingsResponse>(DEALER_SETTINGS_KEY, { signal }) });

export const useDealerSettings = () => useQuery(dealerSettingsQueryOptions());
