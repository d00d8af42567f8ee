// GET /api/admin/audit-log (issue 4, "Access"): one page of admin changes, newest first, with the filter choices.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@domain/admin';
import { apiGet, type QueryParams } from '@/lib/api-client';
import { ADMIN_KEYS } from '../../shell/admin-keys';

export const AUDIT_FILTERS = ['actor', 'entityType', 'action', 'entityId', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and page the address holds, for the page and its route loader alike (issue 31 §4). */
export const readAuditLogView = (sp: URLSearchParams) => ({
  filters: Object.fromEntries(AUDIT_FILTERS.map((f) => [f, sp.get(f) ?? ''])) as Record<AuditFilter, string>,
  page: Math.max(1, Math.floor(Number(sp.get('page')) || 1)),
});

/** The API's parameters: set filters only, and dates only once complete. */
export const auditLogApiParams = ({ filters, page }: ReturnType<typeof readAuditLogView>): QueryParams => ({
  ...Object.fromEntries(Object.entries(filters).filter(([k, v]) => v && ((k !== 'from' && k !== 'to') || DATE.test(v)))),
  page, limit: 50,
});

export const auditLogQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: [ADMIN_KEYS.auditLog, params],
    queryFn: ({ signal }) => apiGet<AuditPage>(ADMIN_KEYS.auditLog, { params, signal }),
    // The list keeps showing the last page while the next filter or page loads.
    placeholderData: (previous) => previous,
  });

export const useAuditLog = (params: QueryParams) => useQuery(auditLogQueryOptions(params));
