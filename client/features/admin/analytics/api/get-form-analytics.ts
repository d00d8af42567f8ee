// GET /api/admin/form-analytics?days= (spec §2; issue 6): form starts, completions, abandonment by step, exit-intent
// and page-leave figures over the last `days` days.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormAnalytics } from '@domain/analytics';
import { apiGet } from '@/lib/api-client';

/** The page opens on the last 30 days (its route loader, issue 31 §4, asks for the same). */
export const DEFAULT_ANALYTICS_DAYS = 30;

export const formAnalyticsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['/api/admin/form-analytics', days],
    queryFn: ({ signal }) => apiGet<FormAnalytics>('/api/admin/form-analytics', { params: { days }, signal }),
  });

export const useFormAnalytics = (days: number) => useQuery(formAnalyticsQueryOptions(days));
