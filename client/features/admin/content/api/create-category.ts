// POST /api/admin/content/categories (issue 7): a new blog category; its address is made from the title unless given.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryInput } from '@domain/content';
import { apiPost } from '@/lib/api-client';
import { refreshContent } from '../refresh-content';
import { CATEGORIES_PATH } from './get-categories';

export const createCategory = (input: CategoryInput) => apiPost<AdminCategory>(CATEGORIES_PATH, input);

/** A category change, or a failed attempt, refreshes the back office and the public blog (its category links). */
export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSettled: () => refreshContent(qc) });
}
