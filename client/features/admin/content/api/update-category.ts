// PUT /api/admin/content/categories/:id (issue 7): a category's title and description (its address stays).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory } from '@domain/content';
import { apiPut } from '@/lib/api-client';
import { refreshContent } from '../refresh-content';
import { CATEGORIES_PATH } from './get-categories';

export const updateCategory = ({ id, ...input }: { id: number; title: string; description: string }) => apiPut<AdminCategory>(`${CATEGORIES_PATH}/${id}`, input);

/** A category change, or a failed attempt, refreshes the back office and the public blog (its category links). */
export function useUpdateCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSettled: () => refreshContent(qc) });
}
