// POST /api/my-listings/:id/mark-sold (issue 5): the vehicle is sold; the listing leaves search for good.
import { apiPost } from '@/lib/api-client';
import { useListingMutation, type ListingResult } from '../listing-result';

export const markListingSold = (id: number) => apiPost<ListingResult>(`/api/my-listings/${id}/mark-sold`);

export const useMarkListingSold = () => useListingMutation(markListingSold);
