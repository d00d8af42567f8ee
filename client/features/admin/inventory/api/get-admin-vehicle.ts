// GET /api/admin/vehicles/:id: one vehicle as the edit form needs it, any status, with its price history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVehicle } from '@domain/vehicle-input';
import { apiGet } from '@/lib/api-client';
import { ADMIN_KEYS } from '../../shell/admin-keys';

export const adminVehicleQueryOptions = (id: number) =>
  // Under the inventory key, so refreshInventory() refreshes an open edit form too.
  queryOptions({ queryKey: [ADMIN_KEYS.inventory, 'one', id], queryFn: ({ signal }) => apiGet<AdminVehicle>(`/api/admin/vehicles/${id}`, { signal }) });

export const useAdminVehicle = (id: number | null) => useQuery({ ...adminVehicleQueryOptions(id ?? 0), enabled: id !== null });
