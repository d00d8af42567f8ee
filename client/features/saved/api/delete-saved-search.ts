// DELETE /api/saved-searches/:id (issue 5): forgets one of the user's saved searches.
import { apiDelete } from '@/lib/api-client';

export const deleteSavedSearch = (id: number) => apiDelete(`/api/saved-searches/${id}`);
