// The seller's own listings (issue 5): GET/POST /api/my-listings, PUT /api/my-listings/:id, withdraw, mark sold;
// and GET /api/vin-decode/:vin (admin issue) to fill the form from a VIN.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyListing, PrivateListingInput } from '@domain/private-listing';
import type { VinDecodeResult } from '@domain/vin-decode';
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

/** The offline VIN decoder's answer (domain/vin-decode.ts): null where the VIN does not say. */
export type DecodedVin = VinDecodeResult;

export const decodeVin = (vin: string) => apiGet<DecodedVin>(`/api/vin-decode/${encodeURIComponent(vin)}`);
