// DELETE /api/admin/content/categories/:id (issue 7): removes a category; its posts stay, without one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { refreshContent } from '../refresh-content';
import { CATEGORIES_PATH } from './get-categories';

export const deleteCategory = (id: number) => apiDelete<{ message: string }>(`${CATEGORIES_PATH}/${id}`);

/** A category change, or a failed attempt, refreshes the back office and the public blog (its category links). */
export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSettled: () => refreshContent(qc) });
}
