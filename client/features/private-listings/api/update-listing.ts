// PUT /api/my-listings/:id (issue 5): an edited listing, which goes back to review (and leaves search until approved).
import type { PrivateListingInput } from '@domain/private-listings';
import { apiPut } from '@/lib/api-client';
import { useListingMutation, type ListingResult } from '../listing-result';

export const updateListing = (id: number, input: PrivateListingInput) => apiPut<ListingResult>(`/api/my-listings/${id}`, input);

export const useUpdateListing = () => useListingMutation(({ id, input }: { id: number; input: PrivateListingInput }) => updateListing(id, input));
