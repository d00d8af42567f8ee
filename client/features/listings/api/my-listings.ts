// The seller's own listings (issue 5): GET/POST /api/my-listings, PUT /api/my-listings/:id, withdraw, mark sold;
// and GET /api/vin-decode/:vin (admin issue) to fill the form from a VIN.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyListing, PrivateListingInput } from '@domain/private-listing';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';

export const myListingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/my-listings'],
    queryFn: ({ signal }) => apiGet<{ listings: MyListing[] }>('/api/my-listings', { signal }),
  });
export const useMyListings = () => useQuery(myListingsQueryOptions());

type Result = { message: string; listing: MyListing };

/** Every change also refreshes inventory reads: an approved listing leaving search must vanish from cached lists. */
function useListingMutation<V>(fn: (v: V) => Promise<Result>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: myListingsQueryOptions().queryKey });
      await qc.invalidateQueries({ queryKey: ['/api/vehicles'] });
    },
  });
}

export const useCreateListing = () => useListingMutation((input: PrivateListingInput) => apiPost<Result>('/api/my-listings', input));
export const useUpdateListing = () =>
  useListingMutation(({ id, input }: { id: number; input: PrivateListingInput }) => apiPut<Result>(`/api/my-listings/${id}`, input));
export const useWithdrawListing = () => useListingMutation((id: number) => apiPost<Result>(`/api/my-listings/${id}/withdraw`));
export const useMarkListingSold = () => useListingMutation((id: number) => apiPost<Result>(`/api/my-listings/${id}/mark-sold`));

/** What the VIN decoder may tell us; read defensively, since only known keys with usable values fill the form. */
export type DecodedVin = Partial<Record<'year' | 'make' | 'model' | 'trim' | 'bodyType' | 'engine' | 'drivetrain' | 'fuelType' | 'transmission' | 'doors' | 'seats', unknown>>;

export async function decodeVin(vin: string): Promise<DecodedVin> {
  const body = await apiGet<unknown>(`/api/vin-decode/${encodeURIComponent(vin)}`);
  const inner = body && typeof body === 'object' && 'vehicle' in body ? (body as { vehicle: unknown }).vehicle
    : body && typeof body === 'object' && 'decoded' in body ? (body as { decoded: unknown }).decoded : body;
  return inner && typeof inner === 'object' ? (inner as DecodedVin) : {};
}
