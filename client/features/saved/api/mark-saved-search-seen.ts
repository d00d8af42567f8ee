// POST /api/saved-searches/:id/seen (issue 5): the user opened the search, so its new matches count from now.
import { apiPost } from '@/lib/api-client';

export const markSavedSearchSeen = (id: number) => apiPost(`/api/saved-searches/${id}/seen`);
