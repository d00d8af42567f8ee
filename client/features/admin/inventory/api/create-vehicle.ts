// POST /api/admin/vehicles: adds a dealer vehicle (the caller refreshes the inventory, refresh-inventory.ts).
import type { VehicleSaved, VehicleValues } from '@domain/vehicle-input';
import { apiPost } from '@/lib/api-client';

export const createVehicle = (values: VehicleValues) => apiPost<VehicleSaved>('/api/admin/vehicles', values);
