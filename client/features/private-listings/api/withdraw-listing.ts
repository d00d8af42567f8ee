// POST /api/my-listings/:id/withdraw (issue 5): takes a listing out of search; the seller can edit and resubmit it.
import { apiPost } from '@/lib/api-client';
import { useListingMutation, type ListingResult } from '../listing-result';

export const withdrawListing = (id: number) => apiPost<ListingResult>(`/api/my-listings/${id}/withdraw`);

export const useWithdrawListing = () => useListingMutation(withdrawListing);
