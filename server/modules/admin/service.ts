// The back office's service as the app holds it (server/services.ts, issue 31 §1): the dashboard, the inventory
// table and its edits, and the audit log, from the plain functions of ./dashboard.ts, ./vehicles.ts and
// ./audit-log.ts with their context given once.
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { listAuditLog } from './audit-log';
import { getDashboard } from './dashboard';
import { bulkAction, createVehicle, getAdminVehicle, listInventory, updateVehicle, type AdminContext } from './vehicles';

export function adminService(deps: Deps) {
  const ctx: AdminContext = { db: deps.db, cache: deps.inventoryCache, vehicles: deps.vehicleCommands };
  return {
    ...bindFirst(ctx, { listInventory, bulkAction, getAdminVehicle, createVehicle, updateVehicle }),
    ...bindFirst(deps.db, { getDashboard, listAuditLog }),
  };
}
