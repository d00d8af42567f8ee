// POST /api/my-listings (issue 5): a new listing, sent for review before it appears in search.
import type { PrivateListingInput } from '@domain/private-listings';
import { apiPost } from '@/lib/api-client';
import { useListingMutation, type ListingResult } from '../listing-result';

export const createListing = (input: PrivateListingInput) => apiPost<ListingResult>('/api/my-listings', input);

export const useCreateListing = () => useListingMutation(createListing);
