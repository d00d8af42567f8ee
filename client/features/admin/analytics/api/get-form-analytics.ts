// GET /api/admin/form-analytics?days= (spec §2; issue 6): form starts, completions, abandonment by step, exit-intent
// and page-leave figures over the last `days` days.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormAnalytics } from '@domain/analytics';
import { apiGet } from '@/lib/api-client';

export const formAnalyticsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['/api/admin/form-analytics', days],
    queryFn: ({ signal }) => apiGet<FormAnalytics>('/api/admin/form-analytics', { params: { days }, signal }),
  });

export const useFormAnalytics = (days: number) => useQuery(formAnalyticsQueryOptions(days));
