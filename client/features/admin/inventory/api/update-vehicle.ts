// PUT /api/admin/vehicles/:id: saves the edit form (the caller refreshes the inventory, refresh-inventory.ts).
import type { VehicleSaved, VehicleValues } from '@domain/vehicle-input';
import { apiPut } from '@/lib/api-client';

export const updateVehicle = (id: number, values: VehicleValues) => apiPut<VehicleSaved>(`/api/admin/vehicles/${id}`, values);
