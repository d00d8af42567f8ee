// What every change to a seller's listing answers, and what it refreshes: the seller's list, and inventory reads,
// since an approved listing that is edited, withdrawn or sold leaves search and must vanish from cached lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyListing } from '@domain/private-listings';
import { myListingsQueryOptions } from './api/get-my-listings';

export type ListingResult = { message: string; listing: MyListing };

/** A listing mutation that refreshes the seller's list, then every cached vehicle query, once it succeeds. */
export function useListingMutation<V>(fn: (v: V) => Promise<ListingResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: myListingsQueryOptions().queryKey });
      await qc.invalidateQueries({ queryKey: ['/api/vehicles'] });
    },
  });
}
