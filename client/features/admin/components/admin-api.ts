// The back-office core's endpoints (issue 4): one fetcher and query options each; mutations refresh what they
// change (spec §4: every cached /api/vehicles query after a vehicle mutation, and the admin tables).
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AuditPage, BulkActionInput, BulkResult, Dashboard, InventoryPage, TwoFactorSetup, TwoFactorStatus,
} from '@domain/admin';
import type { AdminVehicle, VehicleSaved, VehicleValues } from '@domain/vehicle-input';
import type { VinDecodeResult } from '@domain/vin-decode';
import { apiGet, apiPost, apiPut, type QueryParams } from '@/lib/api-client';
import { invalidateVehicles } from '@/lib/query-client';

export const ADMIN_KEYS = {
  dashboard: '/api/admin/dashboard',
  inventory: '/api/admin/vehicles',
  auditLog: '/api/admin/audit-log',
  twoFactor: '/api/auth/two-factor',
} as const;

export const dashboardQuery = () =>
  queryOptions({ queryKey: [ADMIN_KEYS.dashboard], queryFn: ({ signal }) => apiGet<Dashboard>(ADMIN_KEYS.dashboard, { signal }), staleTime: 30_000 });

export const inventoryQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: [ADMIN_KEYS.inventory, params],
    queryFn: ({ signal }) => apiGet<InventoryPage>(ADMIN_KEYS.inventory, { params, signal }),
    placeholderData: (previous) => previous,
  });

export const adminVehicleQuery = (id: number) =>
  queryOptions({ queryKey: [ADMIN_KEYS.inventory, 'one', id], queryFn: ({ signal }) => apiGet<AdminVehicle>(`/api/admin/vehicles/${id}`, { signal }) });

export const auditLogQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: [ADMIN_KEYS.auditLog, params],
    queryFn: ({ signal }) => apiGet<AuditPage>(ADMIN_KEYS.auditLog, { params, signal }),
    placeholderData: (previous) => previous,
  });

export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: [ADMIN_KEYS.twoFactor], queryFn: ({ signal }) => apiGet<TwoFactorStatus>('/api/auth/two-factor', { signal }) });

/** After any vehicle change: public lists and pages, and every admin view of inventory. */
export async function refreshInventory(qc: QueryClient) {
  await Promise.all([
    invalidateVehicles(qc),
    qc.invalidateQueries({ queryKey: [ADMIN_KEYS.inventory] }),
    qc.invalidateQueries({ queryKey: [ADMIN_KEYS.dashboard] }),
    qc.invalidateQueries({ queryKey: [ADMIN_KEYS.auditLog] }),
  ]);
}

export const createVehicle = (values: VehicleValues) => apiPost<VehicleSaved>('/api/admin/vehicles', values);
export const saveVehicle = (id: number, values: VehicleValues) => apiPut<VehicleSaved>(`/api/admin/vehicles/${id}`, values);
export const decodeVin = (vin: string) => apiGet<VinDecodeResult>(`/api/vin-decode/${encodeURIComponent(vin)}`);

export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkActionInput) => apiPost<BulkResult>('/api/admin/vehicles/bulk', input),
    onSettled: () => refreshInventory(qc),
  });
}

export const startTwoFactor = () => apiPost<TwoFactorSetup>('/api/auth/two-factor/setup');
export const confirmTwoFactor = (code: string) => apiPost<{ message: string; recoveryCodes: string[] }>('/api/auth/two-factor/confirm', { code });
export const regenerateRecoveryCodes = (password: string) => apiPost<{ message: string; recoveryCodes: string[] }>('/api/auth/two-factor/recovery-codes', { password });
export const disableTwoFactor = (password: string) => apiPost<{ message: string }>('/api/auth/two-factor/disable', { password });
