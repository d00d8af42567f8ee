// POST /api/admin/leads/:id/hold/confirm and /release (issue 19): staff confirm a hold request or release its hold.
// The inbox and every vehicle answer refresh (the vehicle's status and "On hold until …" change with it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { holdActionResponseSchema } from '@domain/holds';
import { apiPost } from '@/lib/api-client';
import { invalidateVehicles } from '@/lib/query-client';
import { LEADS_PATH } from './get-leads';

export type HoldAction = 'confirm' | 'release';

export function useHoldAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: HoldAction) => apiPost<z.infer<typeof holdActionResponseSchema>>(`${LEADS_PATH}/${id}/hold/${action}`, {}),
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: [LEADS_PATH] }), invalidateVehicles(qc)]);
    },
  });
}
