// PUT /api/admin/content/categories/order (issue 7): the categories' order on the blog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory } from '@domain/content';
import { apiPut } from '@/lib/api-client';
import { refreshContent } from '../refresh-content';
import { CATEGORIES_PATH } from './get-categories';

export const reorderCategories = (ids: number[]) => apiPut<{ categories: AdminCategory[] }>(`${CATEGORIES_PATH}/order`, { ids });

/** A category change, or a failed attempt, refreshes the back office and the public blog (its category links). */
export function useReorderCategories() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reorderCategories, onSettled: () => refreshContent(qc) });
}
