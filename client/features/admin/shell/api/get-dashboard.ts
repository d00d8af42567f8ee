// GET /api/admin/dashboard (issue 4, "Dashboard"): the day's figures, charts data, engagement and recent activity.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@domain/admin';
import { apiGet } from '@/lib/api-client';
import { ADMIN_KEYS } from '../admin-keys';

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEYS.dashboard], queryFn: ({ signal }) => apiGet<Dashboard>(ADMIN_KEYS.dashboard, { signal }), staleTime: 30_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions());
