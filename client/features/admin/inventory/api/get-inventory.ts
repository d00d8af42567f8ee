// GET /api/admin/vehicles (issue 4, "Inventory table"): one page of every vehicle in any status, searched, filtered
// and sorted on the server, with the counts per status.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryPage } from '@domain/admin';
import { apiGet, type QueryParams } from '@/lib/api-client';
import { ADMIN_KEYS } from '../../shell/admin-keys';

export const inventoryQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: [ADMIN_KEYS.inventory, params],
    queryFn: ({ signal }) => apiGet<InventoryPage>(ADMIN_KEYS.inventory, { params, signal }),
    // The table keeps showing the last page while the next filter or page loads.
    placeholderData: (previous) => previous,
  });

export const useInventory = (params: QueryParams) => useQuery(inventoryQueryOptions(params));
