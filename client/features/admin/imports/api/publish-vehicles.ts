// POST /api/admin/imports/publish: creates the reviewed drafts of a fast or VIN import in one transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@domain/imports';
import type { VehicleInput } from '@domain/vehicle-input';
import { apiPost } from '@/lib/api-client';

export const publishVehicles = (body: { source: 'fast-import' | 'vin-import'; vehicles: VehicleInput[] }) =>
  apiPost<ImportResult>('/api/admin/imports/publish', body);

/** Any created vehicle changes inventory reads: refresh every cached vehicle query (spec §4). */
export function usePublishVehicles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: publishVehicles,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/vehicles'] }),
  });
}
