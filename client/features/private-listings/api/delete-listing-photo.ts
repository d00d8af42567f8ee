// DELETE /api/my-listings/:id/photos/:photoId (issue 5): removes one photo; the listing goes back to review.
import { apiDelete } from '@/lib/api-client';
import type { ListingResult } from '../listing-result';

export const deleteListingPhoto = (listingId: number, photoId: number) => apiDelete<ListingResult>(`/api/my-listings/${listingId}/photos/${photoId}`);
