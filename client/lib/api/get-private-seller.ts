// GET /api/vehicles/:id/private-seller: a live private listing's seller, by first name, and whether a buyer can
// message them (the vehicle page's contact box; its route loader fetches it too).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const privateSellerQueryOptions = (vehicleId: number) => queryOptions({
  queryKey: ['/api/vehicles', vehicleId, 'private-seller'],
  queryFn: ({ signal }) => apiGet<{ firstName: string | null; canMessage: boolean }>(`/api/vehicles/${vehicleId}/private-seller`, { signal }),
});
