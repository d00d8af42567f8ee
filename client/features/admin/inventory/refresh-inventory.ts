// What every vehicle change refreshes (spec §4: every cached /api/vehicles query after a vehicle mutation), and the
// back office's own views of inventory: the tables, the dashboard's figures and the audit log's new entry.
import type { QueryClient } from '@tanstack/react-query';
import { invalidateVehicles } from '@/lib/query-client';
import { ADMIN_KEYS } from '../shell/admin-keys';

/** After any vehicle change: public lists and pages, and every admin view of inventory. */
export async function refreshInventory(qc: QueryClient) {
  await Promise.all([
    invalidateVehicles(qc),
    qc.invalidateQueries({ queryKey: [ADMIN_KEYS.inventory] }),
    qc.invalidateQueries({ queryKey: [ADMIN_KEYS.dashboard] }),
    qc.invalidateQueries({ queryKey: [ADMIN_KEYS.auditLog] }),
  ]);
}
