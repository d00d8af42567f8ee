// GET /api/admin/listings?state= (issue 5): the private-seller listings in one state, oldest submissions first, with
// the counts per state.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListingState, ModerationListing } from '@domain/private-listings';
import { apiGet } from '@/lib/api-client';

export type ListingQueue = { listings: ModerationListing[]; counts: Record<ListingState, number> };

/** The queue opens on the listings awaiting a decision (its route loader, issue 31 §4, asks for the same). */
export const DEFAULT_LISTING_STATE: ListingState = 'pending';

export const listingQueueQueryOptions = (state: ListingState) =>
  queryOptions({
    queryKey: ['/api/admin/listings', state],
    queryFn: ({ signal }) => apiGet<ListingQueue>('/api/admin/listings', { params: { state }, signal }),
  });

export const useListingQueue = (state: ListingState) => useQuery(listingQueueQueryOptions(state));

/** After a decision: every state's queue (a listing moves between them) and search, where it appears or leaves. */
export async function refreshAfterModeration(qc: QueryClient) {
  await qc.invalidateQueries({ queryKey: ['/api/admin/listings'] });
  // spec §4: after a vehicle mutation every cached /api/vehicles query is refreshed.
  await qc.invalidateQueries({ queryKey: ['/api/vehicles'] });
}
