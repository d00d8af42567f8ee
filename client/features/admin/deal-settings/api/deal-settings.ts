// GET/PUT /api/admin/deal-settings (issue 34 §1): the worksheet's optional products and incentives.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealSettings } from '@domain/deal-worksheet';
import { apiGet, apiPut } from '@/lib/api-client';

export const DEAL_SETTINGS_KEY = '/api/admin/deal-settings';
export type DealSettingsAnswer = DealSettings & { updatedAt: string | null };

export const dealSettingsQueryOptions = () =>
  queryOptions({ queryKey: [DEAL_SETTINGS_KEY], queryFn: ({ signal }) => apiGet<DealSettingsAnswer>(DEAL_SETTINGS_KEY, { signal }) });
export const useDealSettings = () => useQuery(dealSettingsQueryOptions());
export const saveDealSettings = (body: DealSettings) => apiPut<DealSettingsAnswer>(DEAL_SETTINGS_KEY, body);
