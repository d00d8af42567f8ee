// GET /api/admin/vehicles (issue 4, "Inventory table"): one page of every vehicle in any status, searched, filtered
// and sorted on the server, with the counts per status.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INVENTORY_PAGE_SIZES, INVENTORY_SORT_KEYS, type InventoryPage, type InventorySortKey } from '@domain/admin';
import { BODY_TYPES, LOCATIONS, VEHICLE_STATUSES, type VehicleStatus } from '@domain/constants';
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

/**
 * The inventory view the address holds; anything unknown falls back to its default. Read by the page and by its
 * route loader (features/admin/page-loaders.ts, issue 31 §4), so both ask for the same page.
 */
export function readInventoryParams(sp: URLSearchParams) {
  const sort = (INVENTORY_SORT_KEYS as readonly string[]).includes(sp.get('sort') ?? '') ? sp.get('sort') as InventorySortKey : 'createdAt';
  const limitRaw = Number(sp.get('limit'));
  return {
    search: sp.get('search') ?? '',
    status: (VEHICLE_STATUSES as readonly string[]).includes(sp.get('status') ?? '') ? sp.get('status') as VehicleStatus : null,
    location: (LOCATIONS as readonly string[]).includes(sp.get('location') ?? '') ? sp.get('location') : null,
    bodyType: (BODY_TYPES as readonly string[]).includes(sp.get('bodyType') ?? '') ? sp.get('bodyType') : null,
    aged: sp.get('aged') === 'true',
    noPhotos: sp.get('noPhotos') === 'true',
    market: sp.get('market') === 'above' || sp.get('market') === 'aged-above' ? sp.get('market') as 'above' | 'aged-above' : null,
    sort,
    dir: sp.get('dir') === 'asc' ? 'asc' as const : 'desc' as const,
    page: Math.max(1, Math.floor(Number(sp.get('page')) || 1)),
    limit: (INVENTORY_PAGE_SIZES as readonly number[]).includes(limitRaw) ? limitRaw : 50,
  };
}

/** The API's parameters for a view: unset filters are left out. */
export const inventoryApiParams = (v: ReturnType<typeof readInventoryParams>): QueryParams => ({
  search: v.search || undefined, status: v.status ?? undefined, location: v.location ?? undefined,
  bodyType: v.bodyType ?? undefined, aged: v.aged || undefined, noPhotos: v.noPhotos || undefined,
  market: v.market ?? undefined, sort: v.sort, dir: v.dir, page: v.page, limit: v.limit,
});
