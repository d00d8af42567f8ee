// The query-key roots that more than one back-office area uses: a vehicle change refreshes the dashboard and the
// audit log too (inventory/refresh-inventory.ts), so their keys live here rather than in one area's api/ file.
export const ADMIN_KEYS = {
  dashboard: '/api/admin/dashboard',
  inventory: '/api/admin/vehicles',
  auditLog: '/api/admin/audit-log',
  twoFactor: '/api/auth/two-factor',
} as const;
