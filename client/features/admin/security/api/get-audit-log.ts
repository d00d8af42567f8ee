// GET /api/admin/audit-log (issue 4, "Access"): one page of admin changes, newest first, with the filter choices.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@domain/admin';
import { apiGet, type QueryParams } from '@/lib/api-client';
import { ADMIN_KEYS } from '../../shell/admin-keys';

export const auditLogQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: [ADMIN_KEYS.auditLog, params],
    queryFn: ({ signal }) => apiGet<AuditPage>(ADMIN_KEYS.auditLog, { params, signal }),
    // The list keeps showing the last page while the next filter or page loads.
    placeholderData: (previous) => previous,
  });

export const useAuditLog = (params: QueryParams) => useQuery(auditLogQueryOptions(params));
