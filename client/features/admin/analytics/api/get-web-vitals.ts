// GET /api/admin/web-vitals?days= (issue 35 §3): real visitors' LCP, INP and CLS at the 75th percentile.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VitalsReport } from '@domain/web-vitals';
import { apiGet } from '@/lib/api-client';

export const webVitalsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['/api/admin/web-vitals', days],
    queryFn: ({ signal }) => apiGet<VitalsReport>('/api/admin/web-vitals', { params: { days }, signal }),
  });

export const useWebVitals = (days: number) => useQuery(webVitalsQueryOptions(days));
